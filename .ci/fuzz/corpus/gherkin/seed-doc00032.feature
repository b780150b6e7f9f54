@t#1	@x:y	@t#1	@wip
 	 	@ @ @ünï
	Ability:
日本語 \|
    日本語 <b> back\slash 
    tab	here \n
   |ø|ø|
		\\ \\ : 
  <name> | 🙂 back\slash x cache
* ​
But ``` load load ṩ̃ a
			Scenarios: 
	x y feed 
x y """ @at 日本語
   🙂 tab	here load 

　Example:  <a> <b>
   naïve 
 load @at ``` back\slash :

  @x:y	@a@b
 Scenarios:	Given x y 
  \n 

€uro ``` Scenario: 🙂 
 	|name|
 |<a>|
|ø|
        Examples:	  spaced   <a> 
##
　　Scenario: load Given	
|name| b|
  |1|\|
 Given

Scenario Outline:  <a> <b>
|| z |
　　　@slow  @t#1  @
Scenarios:
        ṩ̃ image \\ 
| b|a|b|
　　|\|<a>|ø| 
 	 	 	|ø|\\||
 |<b>|  two  |\\|

