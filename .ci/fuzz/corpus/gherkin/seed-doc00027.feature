# |x|
			# a comment
  #  language :  de 
 Funktion: 
@at @at feed   spaced   image feed 
日本語 tab	here \\ feed |	
    @@  @a@b  @@
  @@  @t#1 @bad tag
Beispiel: load
Aber 
 ||\\||
| |\t|\||
			| z |1||
| ||a|
　　　Aber   spaced   ``` tab	here @at
    |\t||\| z |
		|| z |ø| b |
 	 	 	| b |x\|\| |
Und \\ a|b ṩ̃ \\
　　* 
　* €uro
　```json
　  @not a tag
　```
   | b |\n|x\|1|\
    Beispiele: Given tab	here tab	here tab	here
	load \\ <b>	
cache """ 🙂 Scenario: <name> 
　　  spaced  	
	|b|
 	| b | trailing
			Beispiele: 
    load :	
  x naïve ​ 日本語 x	
|a |
　　|\n|
|a|
|\n|
@wip @@ #comment
    Beispiele:
 	Given Given ​
 |name|a |
      |  two  |<a>|
  |\t|<b>|
|\||<b>|
|\||x\|

  @x:y # 
@wip@@@@x:y @bad tag
    Beispiel: 
\| <name> <a>	
    x Feature:
a|b \\ <a> €uro 
   * 
|<a>|
        | z |
# a comment

  @a@b  @wip  @  @@
Beispiel:
    spaced   <a> ​
 	 	 	# a comment
Aber Feature: : \n <b> <a>
		Angenommen cache \\ tab	here Scenario:
	* Scenario:
# language: fr
* \\ a|b é """

Szenariogrundriss:  <a> <b>
Feature: \\ #hash a|b
　Und 
 	 	|\n|\\|
 | |1|
　　　|  two  |ø|
 	 	 	# language: fr
# a comment
Angenommen ``` Feature: ​ | @at
Dann ṩ̃   spaced   🙂 """
Und 
        |\\|
| b |
   |<a>|
			Beispiele: 

	a|b   spaced   naïve   spaced   x €uro
|b|a|a|
  |\||a| |

@tag-1  @wip  @tag-1
Beispiele:
  naïve é 
€uro load <name> naïve """ """
			<name> \n	
 	|b| b|a|
   |\n|\n||
|1| |\n|
		# a comment
    |<a>|a|1|

