# language: es	
@t#1 @@ @ünï @tag-1
Característica: 
# |x|
# language: fr
   | 
    Escenario:
E \\ @at
      """
\`\`\`
      """
   Cuando |

 	@t#1  @wip  @wip  @
@tag-1 @wip
Ejemplo:
##
	#

 @slow	@tag-1	@slow	@ünï @bad tag
   Esquema del escenario: <a> <b>
   back\slash 日本語 """ <b> \\
Feature: 
   Ejemplos: 
    # |x|
 \| 
    feed Scenario: back\slash ``` @at \\	
		|b| b|
| z |<b>|
 	 	 	|x\|\||
			|\n|ø|
    Ejemplos:
  <a> <a> ``` ``` 
  |b|
  |\t|
 	 	||
|x\|
			Ejemplos:	x é 
    \| <b> 
  \n	
|a |
|ø|
			|1|
|\|

