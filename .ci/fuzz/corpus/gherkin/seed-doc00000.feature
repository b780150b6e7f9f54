# language:em	
📚:	image 日本語 
 	Examples:


  €uro \| €uro tab	here image load 
      🥒:	€uro back\slash 
   Scenario: ```   spaced   <name>	
      x y Given ṩ̃ 
\n <b> Given <a> x y 

 📕:
 * | Feature: feed é Feature:
 	|x\|
|\\|
* \n Feature: | tab	here <a>
   |\\|ø|
 😔€uro é \| \| \|
 |a|\n| z |\\|
|\|| b |1||\
    |1|1|\| b |
  |\|<a>|a|\||
 ```text/plain
 ```
            🙏
 	 	 	😐<b> Feature:

	@ünï@ünï
 📖: Feature: <a> <b>
		😐Given <a>

 @slow  @slow  @
@
            📖: <a> <b>
	@at
			* @at \n
|\||| z |\\|
|\||| z |\\|
    |\||\| b | |
| b | |x\|\n|
||a| z |<b>|
   * ​   spaced   @at a|b
  |\t|a|\n|<a>|
    |\||ø|\|| z |
　　|\\|x\|\\|\t|
@wip@x:y@t#1
📓:
    \\ @at 
|b|
|a|

|<b>|
 	 	 	|\||\
 📓: ```
    feed @at image

			  spaced   ṩ̃ 🙂 \\	
|b|b|
        |1| |

    |<a>|x\|
    # language: fr

