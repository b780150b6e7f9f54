 ##

#language:es	
Característica: \| """
 	# language: fr
 Ejemplo: <a> <b>
　　　x | feed
      ṩ̃ 日本語 \\	
back\slash :
Pero \\ Given a|b @at <a>
  # a comment
Dada x y : cache : <a>

@wip @x:y @t#1 @x:y
   @t#1 @
 	Esquema del escenario: <a> <b>

 Pero  <a>
			|ø|x\|
　|<a>|<b>|

 	Dadas Given """ <name> naïve
　""" xml 
　\`\`\`
　@not a tag
　"""
  * <a> \\ | feed
      """<a>
      """
|<b>|
	|a|
		| |
 @x:y
    Ejemplos: naïve tab	here é
  Feature: €uro \| Given ṩ̃	
		@at feed ​ 🙂 \| 日本語
|a|
 |  two  |
      |<b>|
