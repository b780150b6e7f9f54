# a comment

  #  language :  fr
		@slow
@slow@@	# c @x
	Fonctionnalité: 
   <name> back\slash 
 	€uro tab	here 
  @t#1	@a@b	@wip	# c @x
@@  @wip
Scénario:	🙂 naïve 
 	 	 	ṩ̃ : 
　ṩ̃ : €uro 🙂 é
 	load
Sachant que Given \\ 日本語 <a> \|
 Sachant qu'load 🙂 naïve : <b>
    Et qu'|

Scénario:	@at | 
 	 	a|b load a|b x y
* ​ <a>
    Lorsqu'a|b \n €uro cache tab	here

	Lorsqu'Scenario: ```
　| b |x\||
|\\|\||<a>|
　　|<a>|\||x\|
 |\\|<b>|\||
"""json
	\"\"\"
```
\"\"\"
"""
  # language: fr
 	 	 	* : Feature: ```

  Règle: 
      é	
 日本語 <name> """ Feature:
	Contexte: \\ <b> | naïve \n
        cache <a> | <b> <name>
Scenario: €uro €uro back\slash feed	
Étant donné back\slash
            |ø|
			| z | trailing
    |ø|
			|\\|
   Etant donné back\slash #hash \\ €uro x y
      Etant donné que \n <a> : é <b>
　* tab	here
 	|\n| z |a|\||
|\\|\t|\| z |
 |\|\n|\|\||
    * 
  |\|| z || |
   |  two  |\t|<a>|\\|
 |1|  two  |<b>|x\|
    ```
    # not a comment
    ```

 @slow	@x:y	@a@b	@
 	Exemple:
    tab	here tab	here €uro 
  Etant donné 日本語 <a> \\ a|b
  |\||<a>| |a| trailing
 #
|\\|\n|1|\n|
　|  two  |\t|ø| z |
    |\\|\||1| |
* 

 @t#1  @tag-1  @wip  @t#1
  Exemple:	<b> : 
			: 
 Étant données x y #hash 日本語 x y
Etant donnés \n """ \\ cache
|\t|
| z |

 	|1|
|\t|
 * ​ x image
   Quand load Feature: |   spaced  
  """
  """
		Sachant que ​ 日本語 """ Given

Règle: 
 ``` naïve	
 \n 