# language: ru	
@ünï  @t#1  @slow  @tag-1
	@ünï@slow@x:y
 Функция:
  Структура сценария: back\slash """ #hash ​ \| <a> <b>
　back\slash é Given 

Также \| ``` a|b load naïve <a>
　|<b>|a|\n| 
##
 || ||\

| z | | b |
 Но | ṩ̃ feed image ṩ̃
 	 	|a|\|<a>|<b>|
 |\||<a>|a|ø|
|\n|a| b |\t|
        |<a>|x\|\\|\| trailing
　　　Пусть <name> <a>
			|<b>|<b>|\n|

   @slow  @ünï  @a@b  @x:y
 Примеры: tab	here |
  €uro 🙂 x y 日本語
  \n €uro image   spaced   image 
|a|name|
   |\t|  two  |
|\\|\t|

　@a@b@a@b@a@b
Примеры:	<name> """ 
ṩ̃
　|a|
   |\t|
   |\n|\|
  | z |
|  two  |

Пример:	feed : 
@at
\| <a> 
日本語 \\ : €uro	

  Пример: <a> <b>
* feed ``` cache @at <a>
   ```json
     \"\"\"
   ```
Значения:	\| """ 
cache Feature: €uro
 image """ naïve	
			| b|a |
 |a|\\|
@t#1@tag-1@
Примеры:
 Значения: |
|b|
|\n|

			|\t|
|\||
|a|
 	# |x|

Правило: 
  # |x|
@at #hash <b>	
 	Предыстория: €uro x y x
      spaced   €uro tab	here <name> ṩ̃
feed | tab	here |	
      * <b> \n cache
   """
	\n """ \n
   """

* 
||
 * \\ back\slash 日本語

            Сценарий:	é feed 
 	€uro 🙂 @at ​	
 	#hash naïve a|b tab	here
    Тогда \| x y : ```
  """text/plain

 	 	@	@ünï	@tag-1
 Шаблон сценария:	back\slash |  <a> <b>
    * 🙂
　* Feature:   spaced   <a> <a>
  * \n \| x <name> feed
||\t|<b>|
	Дано x <a>
 * 🙂 tab	here naïve €uro cache
 	@ünï  @tag-1  @wip
  Примеры:

 	cache €uro x a|b ​ €uro
            """ x \n é cache <name>	
		|a|a|b|
  | z || b |
@a@b@ünï@x:y #comment
   Примеры:	  spaced   ​ 
# a comment
@ünï
Примеры:	​ é 
   Feature: \| 🙂 
Scenario: 
| b|a| b|
 |\|||<b>|
|  two  |\\| |\

　@x:y@t#1@	# c @x
 Правило: 
@ünï
Сценарий:	| back\slash 
И 

@a@b@t#1@ünï #comment
 	 	Структура сценария: <a> <b>
 日本語
* <b> image 🙂 tab	here é <a>
 	|  two  |a|\|
```<a>
	\`\`\`
\"\"\"
```
Примеры:
　　Given load ​ feed \n 
 	  spaced   a|b <b> Feature: 
 |a |a |
 ||ø|
|a||
|\\|<a>|
@wip	@wip	# c @x
Примеры:	<name> Feature: 
|name|b|a |
    |\||\n|<b>|
|\|\|1|
|\|  two  |\t|
 |x\|a| |\|

  Пример:	日本語 tab	here  <a> <b>
 feed feed 🙂 Scenario: 日本語
 * \n x y
Дано €uro <b> 🙂
 @slow  @wip#nospace
  Значения:	​ <name> 
|a |a|
 | b |<a>|
   |\| |\|
Значения:
🙂 ṩ̃ a|b naïve
  @at 
   image ​ Scenario: <a> :   spaced  	
　| b|
|\\|
　　　Значения: <name> <b> \n cache
""" ``` 日本語 x	
  | b|name|name|
 	| |<a>| b |

