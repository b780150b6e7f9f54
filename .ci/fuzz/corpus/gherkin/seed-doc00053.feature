# language:no
   @@
  Egenskap:	x   spaced   
Bakgrunn:	\\ @at 
  a|b é cache """ 
 	ṩ̃ Given back\slash <b>	
 * \n ```

Eksempel:  <a> <b>
Og Feature: 🙂 <a>
@tag-1@a@b@x:y@ünï
			Eksempler:	Feature: ​ 
|name|a| b|
　　| | b |<a>|\|
            |\\|<a>||

 |a|ø|\\|
　@@@x:y@slow
    Eksempler:
 |name|
 | b | trailing
            |a| 

@wip@slow@@t#1
  Abstrakt Scenario: #hash cache <name> <a> <b>
	<b> #hash """ tab	here \n	
   naïve cache
            Scenario: \n #hash
  *   spaced   """ \| x a|b
　```
 @
　　　Feature: again
　  €uro   spaced   #hash tab	here
　\"\"\"
　```
* \n <a>
            ``` xml 
              : x y Feature: |
            ```
 	Og """   spaced  
Når  <a>
 * <a> x | <a>
 @x:y @tag-1
 	Eksempler:	back\slash #hash 
tab	here feed	
 | b|
| |<b>|  two  |
@wip
 	 	 	Eksempler: 
naïve Scenario: ​ €uro : 
 	<b> 🙂 \\ 🙂	
	| b|name|
 ||\\|
 	 	 	# |x|

   Scenario: 
@at 🙂
    * \n Given <b> ​ back\slash
   ```
   x y tab	here back\slash
   @not a tag
@not a tag
junk line
\"\"\"
   ```
　|x\|
|\\|
 	 	 	|a|
 | b |
	* 
 """ xml 
	\`\`\`
 """
# |x|
			Når 
   Så ``` cache \|
||  two  |\||
 	|1|x\|\t|
 | z ||ø|


