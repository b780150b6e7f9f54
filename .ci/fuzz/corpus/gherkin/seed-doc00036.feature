
# language:en 
    Business Need:	  spaced   ``` 
 \\ é load
            <name> Feature: | | Scenario: ```
Given
		Background: 
* naïve back\slash Feature:

   Scenario Outline:	feed \\  <a> <b>
　　When : back\slash
|\t|\||\|
|\t|x\|<a>|\\|
| z |\n|\||a|
	But <b> Feature: \n 🙂
　| b |  two  |ø| b |
   * load €uro
　Examples:
  ```
  ```
    |\||\t|a|x\|

        Scenario: 
　feed <a>
　　　* back\slash : ​ <a>
#
* <b> <b> x y x load
```text/plain
Given not a step
```
　#

 	 	@wip@t#1
 	@x:y@t#1 #comment @bad tag
    Example: :
   naïve ``` naïve Scenario: | 🙂	
  * \n Scenario: Given

* <b> \\ ``` x y :
Then \| feed back\slash #hash image
            * 日本語 \|

   Rule:	é cache 
　# |x|
 	 	 	\n @at x 
 	 	 	x y 日本語 cache	
 	Background: back\slash
 <a> load x y image x y a|b

@ünï@tag-1@@ünï
    @a@b  @wip  @ünï  @a@b #comment
 Example: ​   spaced   \n
            ṩ̃ €uro Given <a> Given ```	
        x tab	here """ a|b <name>	
 @at feed €uro é 
* cache \| ``` """ 日本語
　```
　\\ back\slash €uro
　```
 |\\|
 |<a>|
* Given <a> ṩ̃ tab	here

 	 	Scenario: <name>
　Scenario: 🙂 <a> 

\n load 
  Given <a> image
      | z |a|\t|
 	 	 	|\t|\||\|
|1|ø|\|
   | b | b | |
Given Scenario: back\slash <name> tab	here

Scenario:	back\slash 🙂 
	# a comment
x ṩ̃ 
 <a> image a|b """ Scenario:
			Then x a|b   spaced  
* 
  """text/plain
    \"\"\"
  """
    Given 🙂 image :
"""
	\"\"\"
"""
	|\\|
* naïve   spaced   feed   spaced  
		But \n x cache Scenario: <b>
　|x\|ø|<b>|
|\n|\t|1| trailing
|ø|\\||

Rule:	<b> load 
   naïve €uro ​

