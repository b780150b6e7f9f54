
##
#language:em 
　📚: 

# |x|
 naïve	
	💤:   spaced   tab	here
: #hash cache	
 * a|b \\

🥒:	€uro """ 
Scenario: feed x y <a> x
 😔feed :

 📕: 
``` €uro ``` 
\| 
Given | <b> 日本語	
📓: 
 日本語 #hash Feature: a|b x ​	
Scenario: \n <b> a|b ​ image
|name| b|
    |x\|\\|
  @slow@slow@a@b@x:y
			📓:	: 🙂 
 🙂	
		|name|
  |\\|

 📕:	​ Scenario: 
