  # |x|
# |x|
#language:ru 
Функциональность:
Предыстория:	🙂 @at 
a|b é load 🙂 
 ​
    cache Given back\slash tab	here

Шаблон сценария:  <a> <b>
#
日本語 feed #hash \\ \\ \| 
  spaced  	
 	 	 	Тогда <name> #hash 🙂 <a>
　```
　\"\"\"
　```
Дано tab	here @at <a>
  |<a>| z | b |
 	 	 	x : cache #hash image
 |a|b|
　　　|\n|\|
|a| z |
 	| z |a|
Значения:	\| é 
　<a>	
  |b|
|\n|

Сценарий: <a> <b>
  """ cache x y #hash <a> 日本語 
 \\ image feed	
 Также 日本語   spaced   \| feed ṩ̃ <a>
 	 	И feed image ``` ​ <a>
   Если naïve : x <a>
		"""json
		  🙂
@not a tag
Given not a step
		"""


