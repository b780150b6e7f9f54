            #
# language:fr
  Fonctionnalité: 
  load 
  <name> : feed : back\slash 
 Contexte: 
			\n
  x   spaced   x """ 🙂
* 日本語 #hash :
   Et qu'<name> cache a|b <name>
  Étant donné : | \| feed
 	 	 	|\||\t|1||
    * Scenario: load Feature: Scenario: @at
Etant donnés x <b> ``` 🙂

　Exemple: 
　* image tab	here €uro
    Sachant que 
  ```<a>
  ```
	* ```
"""
# not a comment
  <a> and <b>
  | not | a row |
```
"""
|<a>|
 	|x\|\|

    Plan du Scénario: x y @at a|b 🙂 <a> <b>
    Mais qu' <a>
|<b>|x\| 
　Donc ṩ̃ <a>
    | b | b |  two  |a|
 #
| z |\n|<a>|
   Donc tab	here #hash load feed <a>
Quand ṩ̃ Scenario: ​   spaced   |
 	 	"""json
	@not a tag
 	 	"""
 	Exemples:	\n image 
	​ 🙂 <name> 
	##
  |a |
 |\\|
 |<b>|\

  @ünï @tag-1 @x:y @t#1
@wip  @  @
	Plan du scénario: <a> <b>
	: x image :	
Etant donné que  <a>
```
```
　|<b>|x\|  two  | |
 	|\|\| z ||\|
   Étant donné que <b> 🙂 @at
 	 	Etant donné que cache <a>
　　* é """ Feature: Scenario:
 |\n|x\|  two  |1|
* Scenario: x Scenario: : <a>
		Exemples:	<b> a|b 
	é <b> Scenario: €uro feed |
  image x y ​ a|b <name> naïve	
 	 	 	|b|
 |\||

Plan du scénario:	Scenario: x y  <a> <b>
image <a> #hash naïve <name>	

    Règle: 
x €uro <b> """ #hash 
  #hash cache €uro """
        Contexte: 
🙂 back\slash 
Mais que x y feed Feature: \|
  ```
    """x
    # not a comment
@not a tag
	# not a comment
  ```
    Etant donnée 🙂 \\ é \\ \\
|<b>|x\|\t|  two  |

   |\| b ||\n|

 @a@b  @ünï #comment
 	Règle: 

 	 	Contexte:	cache ``` 
cache x 
  Etant donné qu'
  Sachant que \| tab	here ```
　　　```text/plain
| not | a row |
　　　  \"\"\"
Given not a step
　　　```
    |\t|\n|
 ||  two  |
	|a|\|| trailing
 	|\\| b | trailing
            Donc \n x x
* tab	here | a|b
　　　```text/plain
　　　\`\`\`
	  <a> and <b>
　　　```
* feed \n 日本語 image

　@slow
 @x:y @tag-1 @@ @slow
Exemple: """
   🙂 \n ``` €uro x 🙂 

 Scénario:	feed """ 
 	 	 	🙂	
	:	
 	Quand \n
　　Étant donnés back\slash load
  * <name> Scenario: @at a|b \|
Etant donné qu'​

