##
#language:xx 
    Business Need: 
​ cache	
 	 	 	Background:
　　　​ :
 🙂 日本語 Given Given
 	\\ <name> x 
   * ṩ̃ """ load
 	 	 	"""text/plain
	tab	here cache #hash | #hash
feed \| <a>
	# not a comment
 	 	 	"""
    * é
|\t|
		```
	\`\`\`
| not | a row |
	| not | a row |
		```
  Then tab	here
When x <name> Feature:
　""" xml 
　| not | a row |
	@not a tag
	\"\"\"
　\"\"\"
　"""

  @@ünï@ünï@wip
 	 	@x:y
  Scenario: <a> <b>
日本語 🙂 ``` back\slash ṩ̃	
When 日本語 é :
	|<a>|  two  | |
            | z |<b>|\||

  |<b>|<b>||
  """<a>
* \| <a>
    ```json
	@not a tag
	  <a> and <b>
      \"\"\"
    ```
 	But : Given <a>
		"""text/plain
		  \"\"\"
		  <a> and <b>
		"""
 | z |
 |x\|

| |
  |\t|

When 
|ø| z |a|
　　　|  two  |x\|ø|
　| |\|| z |

 Scenario: 
	\n   spaced   <a> \\   spaced   back\slash 
 # a comment
@at 
* image load back\slash load x y
 * naïve 日本語 #hash load <name>
``` xml 
  # not a comment
```
When 

　@tag-1  @wip
 @x:y
		Scenario: <name> 🙂 <b>
Then 
|a|\|||<a>|
|\n|\||\n|\\|
  Then naïve 日本語 <a> ​ :
| z |ø|  two  |

@ünï	@a@b
   @t#1  @a@b  @  @tag-1
Example:
	load 日本語 a|b	
 And 
　　"""
　　\n x | ṩ̃
　　    <a> and <b>
　　  ```
　　"""
　　　|<b>|x\|\\|
    |\\|<b>| b |
|<b>|ø|1| 

 |\||ø|x\|


