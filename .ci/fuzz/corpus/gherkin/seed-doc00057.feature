    # language: fr

  #  language :  no
    Egenskap: 
   ##
Bakgrunn:	x \| 
 	 	 	#
x Feature: x

  * Scenario: é feed x y
        | z |
	|ø|
  | b |

* 
    |\n|


 @x:y #comment
    Abstrakt Scenario: <a> <b>
   Og 
 	 	| |\n|
    |1|\n|

|<a>|<b>|
    Eksempler: 
ṩ̃ \n Scenario: ​ Given	
ṩ̃ """ <name> load load 
|b|
　　　|x\|
|  two  |
    || 
 |ø|
　Eksempler:	: a|b 
   \\ back\slash x y \\
 | b|b|b|
   |\\|x\| |
 |ø| b |\t|
　|a|  two  |  two  |

	Regel:
  @ @slow @wip @slow
 	 	@slow@a@b@ünï@
   Scenario: \\ Scenario:
#
 	Men tab	here cache
* 日本語 日本語 ṩ̃ €uro ```

Scenario: 
   spaced   @at	
