　　Feature:

<name>
  Background: <a> é €uro €uro
	load <b> <name> back\slash	
  spaced   a|b 🙂


 	@@
 	 	@@	@ünï	@@	@t#1
Scenario Template:  <a> <b>
* €uro : \n """
   * load <b> €uro <a>
            """
              \`\`\`
 junk line
            ```
              <a> and <b>
            """
 	 	 	|\|
 |\|
 Scenarios:	feed image 
# a comment
 |a |
  |<b>|
 	@wip
  Scenarios:	: \n 

@tag-1 @bad tag
        Scenarios:	@at back\slash 
  x y
        |a|a|
			| z | |

   @x:y
	@x:y	@	@slow
   Example: back\slash ​
| back\slash naïve naïve 
"""
image ​ ​	
　* 
|\|a| z |
  |ø|<b>|<b>|
When a|b
            """json
              # not a comment
	\`\`\`
            """
Given 
　|ø|
　　|x\|
    * 
		| |\|\|
  ```<a>
    \"\"\"
    \"\"\"
\`\`\`
	  <a> and <b>
  ```
