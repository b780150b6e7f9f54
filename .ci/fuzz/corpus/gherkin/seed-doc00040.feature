
##
@x:y @a@b#nospace
	Ability:	a|b 🙂 
   # language: fr
    Scenario: feed image tab	here 

Example: a|b
 \\ 🙂 
    \n #hash <b> <name> #hash	

  * x y

        Scenario:	#hash é 
  x y 
		* naïve
			""" xml 
			@not a tag
	x é @at   spaced   <name>
			"""
And \| 日本語
 * tab	here \n naïve
	```
\\   spaced   🙂 Scenario:
\"\"\"
	Given not a step
	```
* : @at ``` #hash Feature:
 """<a>
 """
	@a@b@t#1@a@b@slow
  Examples:
      日本語 日本語	
    naïve <name> é
 |b|b|b|
 |x\|x\|  two  |
      @t#1@@
 	Examples: 
|b|
　|<a>|
  |ø|

    @ünï@@@x:y@@
　　　@ @x:y @slow @a@b
Scenario Template:	a|b image  <a> <b>
　load naïve a|b \\ a|b tab	here
 * ``` €uro
* \| cache a|b ​ x y <a>
 	|\\|\
|<a>|
 	 	 	@wip @a@b @wip @
Scenarios: 
			#hash | a|b a|b	
 	 	 	|b|a|
| |ø|
 	Scenarios:	image   spaced   
   |name|b| b|
      |a|ø|\n|
  |\n|<b>|<a>|\|
 	|\||\\|
  |1| b |\n|
@tag-1
Scenarios: 
@at feed é 
　| b|b|
|<a>|<a>|
| z |\\|

@ 
 @x:y
Scenario Template:  <a> <b>
　　日本語 feed \n	
		@at <name> x y : naïve €uro
*  <a>
    And back\slash €uro <a>
  |\||
 |<b>|
| z |
 |\|
　　　*  <a>
   |\\|  two  |1| b |
 	 	| b |
|  two  |<b>||\t|
  But ​ Scenario: \n <name> <name>
　||\|
|\||
　|  two  |x\|
|\\| |
   *  <a>
            Scenarios: ​ x ṩ̃ 日本語 a|b
|a|
    |\\|
|\|

　@tag-1
Examples: """ <name> tab	here @at
	#
   ##
			tab	here
  |a| b|a |
|1| b |\||

　　　|\\| z |a|
 	||  two  | b |
Scenarios: 
            Given 

 	 	Rule:
image : naïve : image 日本語
　Background:

	: tab	here	
 Scenario: \n	
   |	
　　　@x:y
   Example: 
x y 
		Given x y
      | z |<b>|\|ø|
　　　|  two  |\|\t|a|
 |a|1|\|\\|

            Example:	<a> #hash 
	feed 
  | x 日本語 ``` @at feed	

