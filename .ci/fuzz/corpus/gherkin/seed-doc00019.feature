  Business Need:
 @x:y
@tag-1 @slow
Example: : @at ``` <a> <b>
<b> """ 
​ €uro #hash	
        \`\`\`
When naïve
 |  two  |
  | |
  |\\|
|\\|
	*  <a>
  | z | 
            #
 	| |
 |\n|
"""
  ```
  <a> and <b>
Given not a step
"""
Then  <a>

 * a|b é
    *  <a>
Examples: : naïve <name>
   |a | b|name|
	|a|  two  |\t|\|
|\||ø|\t|
　|  two  |ø| |
 @ünï	@x:y	@wip
	Scenarios: 
   \\ \n 日本語 """ x ​
    tab	here   spaced  
x y 
|a|name|a |
|  two  |a|1|
|\n|\||a|

 @tag-1  @  @wip  @tag-1
            Scenario: #hash a|b x


*
            |<a>|\n|
|a|\|
  | |\t|
　　　|1| |
   * a|b image load <b> feed
      |\t|\\|\|
 |\|a|
 """
   # not a comment
	Given not a step
 \`\`\`
 """
  And \\ back\slash
| |x\|a|\||
   But x \n
Given ​ Feature: Scenario: 🙂

 Scenario Outline:	  spaced   ṩ̃  <a> <b>
  \n 
  ​ Scenario: x y cache back\slash Feature: 
    *  <a>
 |<b>|
   |x\|
      """ xml 
<a> : €uro \\ 
        <a> and <b>
      """
* | @at ​ naïve
 * Scenario: image load a|b naïve <a>
* Feature: <a>
Scenarios: 
  a|b Given feed : naïve Scenario:	
　　　@a@b  @t#1  @x:y
	Examples:

<a> @at @at x y back\slash
|name|name| b|
|\|<a>| z |\|
  @
  Examples: <b> \|
 naïve <name> cache ṩ̃ """ \\
@at é <a>
　\\ Scenario: ṩ̃	

 @slow
   Example: 
  <name> load 日本語   spaced   ​

