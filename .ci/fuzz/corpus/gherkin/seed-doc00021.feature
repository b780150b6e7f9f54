# |x|

# language:xx	
@wip  @  @wip  @ünï
Business Need: 
 Scenario:	日本語 cache  <a> <b>
 # language: fr
  ##
  #hash
Then ṩ̃ x y   spaced   cache
　"""json
　  ```
	\n Given
　  é
　"""
        * €uro @at <a>
   ```<a>
   @not a tag
	\`\`\`
     Given not a step
   \"\"\"
   ```
*  <a>
　Examples: ​ Scenario:
日本語 ```	
    spaced   €uro ​ \n back\slash <name>
|name|b|
 | z |\n|
 	 	|\n| |
|\| b |
| |ø|

      @x:y	@slow	@a@b
@wip  @x:y
Example:	Given Feature: 
　Given €uro | 
	<name>	
  * 
 * #hash | <a>

@wip  @tag-1  @tag-1  @wip
　　　@wip @@ @wip @@
Example:	: #hash 

 image Given : | ```	
 ​ | 
　　　* ​ <a> Given tab	here 🙂
 	 	* 日本語 """ back\slash é :
    |\|\||ø|
   |\||ø|a|

  @ünï
 Rule: 

 	 	naïve image Scenario:	
 	 	 	Scenario Template:  <a> <b>
  naïve \n load ​ <a> feed 
* 
 	"""json
 	"""
 	# |x|
 Scenarios: \\
 \| 
 | b|a |
|\|| |

  Example: 
   ​ Given back\slash |	
🙂 | Feature: \\ image """	


  When image ṩ̃ \n x a|b
  When Scenario: x y é \\
* : ``` a|b
 	||<a>||a|
  ``` xml 
    @not a tag
"""x
    <a> and <b>
  ```
　　* @at
 |ø|\\| | |
 |  two  |\n| |a|

　@t#1
        @wip@tag-1
 	Scenario Outline: <name> ṩ̃ <a> <b>
   Then """ <a>
 * Given naïve #hash <a> 🙂 <a>
  """
  <a> and <b>
| not | a row |
    @not a tag
  """
	| b |x\|
	|x\|\|
 |  two  | z |
|  two  |\n|
 But \| x y @at x y @at <a>
 When 
    ##
 Given 日本語 ṩ̃ 🙂 @at <a>
		|\\| trailing
  | |\

