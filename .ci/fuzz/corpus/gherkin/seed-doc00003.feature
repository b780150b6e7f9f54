  #  language :  ru 
@
      @a@b
 Фича:
  \\ x y load 
 	# |x|
  Предыстория:

    Также \n
* """ #hash
		То <name>
 	 	 	"""
 	 	 	\"\"\"
	\"\"\"
 	 	 	"""

 @wip @a@b @ünï
   @slow  @x:y
 Пример: 
   То back\slash cache : \n Scenario:
   |\|a|

　Правило: """ ``` \n
 \| back\slash cache \\
    Scenario: é <b> load cache
Scenario: <b> <a> Feature: """
 Правило:

    \| a|b ​ <name> back\slash
Feature: x <a>   spaced  	
Пример:	```   spaced   
   <name> feed cache x y 
 \| 🙂 naïve load 
    image image load 日本語 :	
   Дано load feed naïve
	Пусть """ <b> tab	here
   |ø| z |\||
 |ø|x\|<b>|
  То @at
| b |ø|  two  |
　|\||1|<b>|
            | |<a>|ø|
| |x\|\||
 * tab	here image feed

