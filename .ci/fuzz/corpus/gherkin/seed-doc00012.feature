
# language:ht	
@ünï @x:y
			Fonksyonalite: 
| """ load | #hash naïve	
   @ünï @a@b
  Plan senaryo:	é load  <a> <b>
   image image é x ​
 tab	here back\slash back\slash """ feed
* Scenario: naïve #hash
@x:y
   Egzanp: 
      ṩ̃
	""" feed	
|name|b|a |
|\\|<b>|1|

|<b>| b |\||
|<b>|<b>|\|
Egzanp: 
| <b> \\ load load cache
cache
			| b|
|\|
 |\n|
|\||
      Egzanp: 
  @ünï

@wip @ünï #comment
Feature: again
   Senaryo:
* : 🙂 | cache
|<a>|

Senaryo: 

@a@b	@tag-1	@@ #comment
Senaryo:
""" ṩ̃ 
 	* feed :
        |<b>|ø|

|<b>||
|\\| b | 
 |a| b |
""" xml 
| not | a row |
| not | a row |
\`\`\`
  spaced   Given @at
| not | a row |
"""

  Ak x x y #hash ṩ̃
　| z | b | z |
  |x\| b |\n|
 	 	 	||\n|a|
 	|\\| |\||

  Sipoze 
 """text/plain
   @not a tag
 """
    * feed tab	here a|b
		Ak cache €uro
|\| z |\|
|  two  | b |\|
