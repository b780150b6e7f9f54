
# a comment
# language: fr	
  @wip @@
Fonctionnalité:
   x 日本語 Feature: a|b \\	
	""" x naïve <name> 🙂 🙂 
  Feature: naïve ​ <name> Scenario: naïve
 	Exemple:	é €uro 

      <a> | cache	

  Exemple:
tab	here €uro Feature: 🙂 é x	
 # |x|
    * <name> x
        |x\|a|\||


