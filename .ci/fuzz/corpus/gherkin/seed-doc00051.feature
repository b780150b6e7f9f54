 	# a comment

#language:fr	
@wip @t#1
Fonctionnalité:
<a> #hash €uro <b> 🙂	
 	 	tab	here \\ a|b Scenario: Given 
é naïve Feature: Scenario: 日本語 |
 	@t#1  @slow  @@
    @	@ünï
　　Plan du scénario:	image |  <a> <b>
 	Given image ​ 日本語 x \n 
Alors \n Feature:
Mais que :
 Exemples:
　|a|a |
|  two  |a|
　　　@ @ünï
 Exemples: 
  cache 
 	load #hash Scenario: | | 
  |name|a |a |
	|ø|1| b |
Exemples:
　　　|b|
		|\||
   |x\|

　　Exemple: naïve


 	Règle:	<a> ``` 
  Contexte: ​ """ load
  Étant donnés a|b <a> 日本語
 |\\|\|
	|\t|
      |\\|
# |x|
        |\n|
 Étant donnés   spaced   load
   |\t|
 |\||

    ||
* x :
　| z |  two  |
 Soit ṩ̃ @at load
Sachant """ cache feed <name> tab	here

 	@wip @ünï
 @@  @t#1
	Scénario:
	<b> ​ 日本語 ​ Scenario:
 Et que 

