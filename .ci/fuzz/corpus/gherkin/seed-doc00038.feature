
　#
# language: ar 
خاصية:	image | 
# language: fr
الخلفية:	#hash Feature: 
 	#
　　　: \| 
    @at naïve   spaced   
　　　* Scenario:
ثم feed
"""json
  <a> and <b>
Given not a step
  \"\"\"
"""

 	@slow  @wip
 	 	 	سيناريو: 
 	* <b>   spaced   ṩ̃ Feature:
  عندما : back\slash   spaced  

 @a@b
مثال: 
      <a> ``` tab	here """

 	مثال: : : <a> <b>
　　back\slash <a> ​ \| <name> back\slash
  x y <a> \| back\slash
 بفرض Feature: Given €uro feed <a>
متى x y x
  بفرض @at back\slash
اذاً 🙂 @at <b> #hash naïve
امثلة:	a|b Given 
load tab	here : Scenario: #hash   spaced  

 |a |a|a |
|\n|<b>|a|
  @a@b
			امثلة: load ``` naïve
  Scenario: Scenario: <b> image a|b	
x Given ṩ̃ x y 
   | a|b \n
        |b|
| |

