# a comment
# language: ja 
@tag-1
  フィーチャ: \n Scenario: \n ṩ̃ back\slash
@a@b @wip @slow @t#1 #comment
  @@  @x:y  @a@b
	シナリオ:
    * Feature: cache ``` €uro
		* ṩ̃ cache feed tab	here
|\|| b |\t| z |
  * x y image back\slash \\
 #

   シナリオ: 
　Given a|b 
もしcache x y cac
        * é <b> ​ x y
``` xml 
\"\"\"
			| b |<a>|
\`\`\`
  x x y é 日本語
```
   しかしnaïve image """   spaced  
|a|
#
  ||
 	 	 	|x\|
        |\||

シナリオ: Scenario: \n
# a comment
  前提naïve x y
 | b |ø|\|
*   spaced   Scenario:
 |\||\|
# not a comment
  | z |\\|
