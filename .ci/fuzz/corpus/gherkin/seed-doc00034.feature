
        @@	@	@tag-1 @bad tag
　Ability: naïve Given load <a> \\
Background:
 feed tab	here 
  spaced   a|b	
Feature: x y cache	
  * ṩ̃ \\ tab	here <a> x y
	|\n|
|\n|
 |\n| trailing

 * 🙂
   |x\|
| b |
　|<b>|\
　　""" xml 
　　  <a>
　　\"\"\"
　　"""
	\"\"\"
        |  two  |
　| a |
　　　#
 ```text/plain
 ```
 * <name> <name>
　* ​ load <b> x
　|\n|
 	 	 	|ø|

@a@b @a@b @wip #comment
    @t#1  @ünï  @t#1  @t#1
 |<b>|
 	 	 	Then \| naïve
""" xml 
   * 
"""
 * |
    |\|
            | |
Example:
　　"""
``` tab	here
\`\`\`
　　"""
 But naïve <a> ​ \\
	"""json
	  @not a tag
	  @not a tag
	"""

   @wip	@	@
   Example: 
* Given ``` Given
* : naïve ṩ̃ é
    * Feature: | ```
   |ø| b |||
|<b>| |\\|ø|
|ø| |1|\||
　|x\|\t| b |1|
