# language: fr
# language:ru	
@ünï  @  @tag-1
    Функция:	feed 🙂 
　　<name> naïve ṩ̃ \| 
 # a comment
 Given | é x 日本語
Структура сценария: <a> <b>
			<name>	
Но | @at
```<a>
```
　　　И ``` a|b <a>
  ```<a>
    Given not a step
  : cache naïve \n :
# not a comment
    """x
  ```

Сценарий:  <a> <b>
Пусть  <a>
　Также 
			|<b>|\||<a>|ø|
    |  two  | |<b>|  two  |
|\n| z |\||\\|
  * naïve """ x y Feature: feed

Сценарий: 

 <a> ```
  Тогда   spaced   Given Scenario:
| b | b |\\|
#

  Сценарий: <b> Scenario: <b> 日本語 Given
  <a> 
А é   spaced  
	|  two  |\n|\||
|x\| b ||

    ||\t|  two  |
      Пусть tab	here
"""text/plain
```
  Given not a step
"""

            @slow
    Правило:

naïve a|b €uro Scenario: \n
naïve a|b €uro Scenario: \n
   x y x y
  Контекст: 
   # a comment
  Иначе \| Given | \| 日本語
　```
	| not | a row |
\"\"\"
　```
 	Допустим 
　　　Также x
　""" xml 
\`\`\`
　  Given not a step
　"""

  Структура сценария: @at Feature: 🙂 <a> <b>

 Scenario: ``` |	
  Scenario: feed €uro x	
 	 	 	Также é <a>
 """
 # not a comment
 """
#
 * <b> x y
			*  <a>
　Значения:	: ṩ̃ 
　|a |a |
   |\t|\\|
 
@t#1@a@b@slow@a@b
   Значения:	naïve 🙂 

