
  #  language :  ru	
Фича: 
feed €uro €uro <b>	
Правило:
  spaced   é 
  naïve
        <b> \| @at
　Предыстория:	tab	here é 
　Предыстория:	tab	here é 
# a comment
# |x|
 Дано Scenario: Scenario: load @at
|x\|<a>|<a>|  two  |
|1| z |a|\t|
	"""
|x\|ø|1|1|
 | |a|ø|1|
 	 	```<a>
	\"\"\"
 	 	feed   spaced  
	"""x
 	 	```
Если €uro <name> <name> image
　　"""
　　  Given not a step
	Given not a step
　　"""
　Также |
            """
              <a> and <b>
            # not a comment
              \`\`\`
            \`\`\`
            """
 То feed load """ load cache

 	@tag-1 @@ @x:y @@
 @  @slow  @t#1  @
        Шаблон сценария:	feed """  <a> <b>
 	 	##
        """ tab	here cache @at
 Дано 日本語 <a>
 ```json
 # not a comment
   | not | a row |
\`\`\`
\`\`\`
	|| z |
  |\\|a| trailing
 	| b |\t|

 Когда x \\ """ back\slash <a> <a>
 |<a>|a|  two  |\\|
 Затем  <a>
 Допустим Given tab	here ``` Feature: <a>
  |\|| b |<b>|\||
 |\\|  two  |<b>|\||
|\n|\|| z |1|
  @	# c @x
    Примеры: | back\slash image 日本語 feed
 Feature: Given feed load ​ feed
			€uro x ṩ̃ 🙂
| b|b|b|
　　　|x\| b |\|
@a@b@slow@@ünï
Значения: 
   |a |name|name|
    |\t| |<b>|
   | |<a>|<b>|
|\||<b>|ø|

 	 	 	@  @t#1
@wip	@tag-1	@tag-1	@x:y
        Сценарий:   spaced   é | tab	here
    \n 🙂 Given	
feed <a> feed 
\\ naïve <a> image Feature:

