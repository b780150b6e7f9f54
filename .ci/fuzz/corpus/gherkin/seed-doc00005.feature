# |x|
    @ @ @wip
   Ability: 
    a|b 
	\n é """	
 #hash |	
        Background: 
  日本語 Scenario: <a> ``` |

            Then cache cache
 	"""text/plain
 	"""
 * back\slash
      * ``` a|b x y back\slash 日本語
Given \n tab	here

 Example:	: é 
  naïve <name> Scenario: feed
​ x y <a> image back\slash	
* Scenario: Given ​ back\slash """
 	 	 	```
@not a tag
@not a tag
 	 	 	```
|  two  |  two  | |
 |\| |  two  |
  But 
  * 
 """
<name> \n
| not | a row |
 """
| b |
　　|a|\|
        |\t|

||

		Scenario:	""" x y 
€uro
    ``` <b> x y	

　　@tag-1  @tag-1  @slow  @x:y
   @x:y @a@b @a@b @bad tag
		Scenario: | tab	here ṩ̃ <a> <b>
            """
    x y Feature: 日本語 x y |
 	 	 	When 
  * 日本語 Feature: naïve <a>
  * a|b a|b back\slash a|b <a>
  But <a>   spaced   image x y <a>
   ||
| |
	But \\ 🙂
        @x:y #comment @bad tag
  Scenarios:
\| <name> ṩ̃ <b> Scenario:   spaced  	
 €uro feed €uro 
|a|b|name|
|\|<b>|1|
  |\\| z |x\|
  |\n| |\\|

@@@slow
  Scenario: 
        #hash \n 
 """ Given <b> @at x y
€uro back\slash	
  * Scenario:
	```
\`\`\`
	Given load ṩ̃
| not | a row |
	```
 	 	 	|\\|\||\\|x\|
|\|ø|\\|\n|
 	When 
|<b>|<a>|\|a|\|
            When image <b>

