
 	 	# |x|
#language:ru	
Функциональность:	image a|b 
ṩ̃ <b> <b> cache 
  @at ​ tab	here	
   К тому же  <a>
"""
"""
			Тогда <a> ``` : #hash : <a>
 А naïve <a>
　Значения:

　　　load 
    spaced  
	| b|b|
      Rule:
|  two  |\||
|a|\n|
 | b |\t|
Примеры:	cache @at 
	<b> <name> a|b ​
back\slash Feature:	
x cache €uro €uro 
  |b|name|
| b |\n| 

			| z |<a>|

    Пример: #hash 日本語 x y back\slash back\slash
            Given a|b é x
é <a> ​ Feature:
   * <b> <a> naïve ```
|1| |
 	||a|
			| b |\||
 """text/plain
 """

