##
# language:fr
@t#1@x:y
 @x:y@a@b
Fonctionnalité:	<a> back\slash 
tab	here Given 
 	cache \\ tab	here | 
Contexte:
Et qu'ṩ̃
   """
   """
Mais <a> é #hash
"""<a>
\\ a|b """ :
# not a comment
Given not a step
\`\`\`
"""
	Etant donnée x y

@wip@tag-1@wip@tag-1 @bad tag
@  @t#1  @slow  @
   Plan du Scénario:	: image  <a> <b>
€uro 
Mais | : cache |
   """text/plain
   Given not a step
	feed x ​ ```
	Given not a step
   """
 |x\|  two  ||
 Etant donnés image """ cache <a> :
 Étant donnés   spaced   |
  Exemples: | Feature: <a>

<b>
  |name|a|b|
 	 	 	| | b | z |
  |\||<a>|x\|
# a comment
|\||\\|<b>|
 @a@b  @a@b  @t#1  @tag-1
	Exemples:
   ṩ̃ 🙂
    naïve cache

@tag-1
			@slow  @wip  @  @x:y
        Scénario: 
		ṩ̃ """ a|b	
 	 	日本語 x ṩ̃ naïve ṩ̃ 
 	 	Mais 
"""
"""
* 日本語 \| <a> ```
 	""" xml 
  <a> and <b>
 	@not a tag
 	  ```
 	"""
	|  two  |

 	 	 	@ @slow @ünï#nospace
   Règle:	Given @at 
back\slash €uro <b> €uro 
  x y ``` 
    Plan du scénario:  <a> <b>
日本語 
　ṩ̃ tab	here #hash
        Étant donné que Feature: load \| naïve a|b <a>
      |<b>|  two  |x\|
  |\t|1|<a>|
 	"""<a>
	Feature: | 日本語 cache
	Given not a step
  Étant donné 
   """<a>
| not | a row |
   """

　Étant donné que  <a>
@a@b	@@	@a@b	@t#1
　Exemples: feed ```
  x <name> \\ 
 |name| b|
|\|\|
 	 	 	| b |x\|
 |x\|\||
@x:y@wip@ünï@ünï #  @bad tag
Exemples: 
  ​ 
	x y 
|a |b| b|
  |<b>|1|a|
 |  two  | z |\|

   Plan du scénario: <a> <b>
 	\n	
 é back\slash	
	#hash
Et qu'\n €uro 🙂 <a>
　Sachant que x y <name> <a>
"""json
Given not a step
🙂 <name> back\slash load
"""
| |\t|
  # a comment
 	|\|| z |
   |\n|<b>|
  Etant donné qu'<a> €uro #hash cache x y
    """ xml 
    \`\`\`
	\"\"\"
	@not a tag
    """
 | b |1| |x\|
 | z |<b>| |x\|
 	 	| z |  two  | b |x\|
|1| z |\|| |
Exemples: cache \n \n   spaced   x
<name> Given naïve :	
　　　|b| b|
|<b>|\n|
            |ø|ø|
 	Exemples: ṩ̃ back\slash <b> a|b ṩ̃
 	 	\| <a> Scenario: €uro 
 	| b|name|b|
    |1| z |\n|
||\t|\\| 
  # |x|
   |x\|<a>|ø|
      Exemples: 
　|b|a | b|
 	| b |  two  |1|
  |<b>|<a>|ø|
# |x|

	@	@x:y
            Scénario: 
 \n é <b> image Scenario:

   Etant donnés 
      Quand <b> \n <a> """ :
    |<a>|  two  |\||<b>|
      |<b>| z | b | b |
    |<b>|\t|| b |
　|<b>| |\||ø|

