# language:pt	
		Funcionalidade:
@@#nospace
   Esquema do Cenario: <a> <b>

tab	here 日本語 tab	here 🙂
Entao  <a>
 	"""
	\`\`\`
 	image
 	"""
        Dadas back\slash x """ \\ <a>
 ```
 \`\`\`
	| not | a row |
   @not a tag
 ```
	# a comment
	Então   spaced   Given <a>
  |<b>|
| b |
    *  <a>
```text/plain
Given not a step
```

Mas Scenario: <name> ``` <b> <a>


Cenario:
 \| \| <b> | load é 
 Quando ​ ṩ̃ x y #hash
 	* """
 	|  two  |\n|\||
 | | b |\||

  Quando Feature:
        # language: fr
   Entao @at <a> x <a> cache

Cenario:	  spaced   | 
🙂 \n 
 Dadas \|
Quando 
 	| z |  two  |  two  |<b>|

    |\\|\|\n|\|
　||\||x\| b |
   Quando x load é a|b   spaced  

    Regra: Scenario:
Feature: : <a> <a> Feature: 
    spaced   """ €uro a|b	
Cenario de Fundo:	🙂 日本語 
			Given <b> Scenario: \\ 日本語 Scenario:
ṩ̃	

 @@wip@t#1 @bad tag
    Exemplo: naïve #hash ṩ̃ <a> <b>
  Feature: a|b Scenario: <b> Feature:
Dado <name> <b> \\ @at \n
   || |
|ø
 | |a| trailing
| z |\||
　　"""
　　"""
   Dados ``` Feature: x back\slash <a> <a>
　　#
 * | é <a>
 Dado load cache
 	 	"""<a>
\`\`\`
 	 	  <a> and <b>
​ 🙂 """
 	 	"""
 Quando ​
    | z |x\|
　|\t|x\|\|
   |<a>|  two  |
 | |\n|


	@t#1 # 
@tag-1	@tag-1#nospace
    Delineacao do Cenario:  <a> <b>
@t#1	@ünï	@	@t#1
Cenarios:
 	feed |
　​ naïve feed a|b \|	
|b|
 	||
      |x\|
  ||
      |\\|
　　　Cenários:	x y €uro 

#hash é ṩ̃

|b|a|
| |\n|
 |a|a|
        Exemplos: 
　é 🙂 <name> \n 
			tab	here ṩ̃ ​ x y
|b|
|\n|
        |  two  |
| z |

    Cenario:	``` image 
   Dadas 
		* cache #hash @at : #hash
""" xml 
# not a comment
Given not a step
Given not a step
"""
　|\n|\\|
   |a|\t|
      || z |
Dada \\ \| feed   spaced  
   Mas <a>
      |\t||  two  |\|
   | |ø|a|1|
| |1|\| b |
		|x\| b |\||
 	""" xml 
 	  \"\"\"
# not a comment
 	"""

　　@wip	@	@x:y
　　Regra:
   tab	here load \| load	
   @at	
@tag-1
@x:y#nospace
 	Cenário: 
€uro	
 Então é Given feed Feature:
 ``` xml 
	@not a tag
	  <a> and <b>
 ```
  * ṩ̃ naïve
      # |x|
Dado #hash feed ``` x
 	 	Quando Given ​ é \n <b>
|| b |
 """
   # not a comment
	\`\`\`
   <a> and <b>
 """
