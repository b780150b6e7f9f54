
  #  language :  de 
  #  language :  de 
Funktionalität:
　🙂 Given cache 
        Beispiel: #hash """ \| é
Given back\slash ``` """ feed 
      Gegeben sei a|b naïve
 Wenn x y Scenario: <b>
    """
    \"\"\"
        <a> and <b>
      \"\"\"
      \`\`\`
    """
  Wenn | """ cache
   """
\"\"\"
   """
   * a|b
   |\t|\n|\n|
   Dann Given
  | b | b |

　　Regel:   spaced   cache
　　　Szenario:	\n """ 
　Und Scenario: tab	here load
  * 
  """<a>
  @not a tag
  \`\`\`
  """
Aber Scenario: \|   spaced  

@wip  @ünï  @x:y  @t#1 #comment
　　　Szenario:	""" #hash 
　　　# |x|
　　　# |x|
<b> back\slash é image   spaced   
   Scenario: x y 
  Wenn ```
* 
  """json
  """
            * @at

Szenario: tab	here

 * Given
 |<b>|<a>|\n|\|\|
 | | z |\n| z |
　|x\|\\|\\|<b>|
　|a|ø|a||
    * \n @at <b> <a>
* x a|b load
		"""text/plain
		Given not a step
  <a> and <b>
		"""
　　Gegeben sei \n tab	here x y ​
			"""<a>
| not | a row |
| not | a row |
			"""
