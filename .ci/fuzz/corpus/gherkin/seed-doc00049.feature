##
 # language: fr
#language:pt
   Característica: | ​ back\slash
 x Feature:
		# |x|
   """ image x y ``` é
@wip
   Delineação do Cenário:  <a> <b>
　​ : back\slash | \n	
a|b ``` naïve #hash cache 

　　　Quando <name> x y tab	here
 |a|
　　　Dada 
```text/plain
# not a comment
	@not a tag
```
 	* @at <a> 日本語 é <a>
   # a comment
 E 
    @a@b	@#nospace
Cenarios: 
 cache \\ ``` ```	
	image	
			|a |
|\\|
 |x\|
  |<a>|

Cenarios: Given cache
\n """ é #hash	

 @ @ünï @
  Cenario: 
back\slash #hash €uro a|b

  @x:y@slow@a@b@#nospace
 Exemplo: 
* Feature: feed ​ : \\
* \n   spaced   \|
 	"""<a>
 	"""
  # a comment
 E é naïve 日本語 ```
* 

  @a@b
Cenário: |
	* image <b> image cache 日本語
Dadas 
```json
\`\`\`
```
   Entao | <b> ṩ̃ back\slash """

