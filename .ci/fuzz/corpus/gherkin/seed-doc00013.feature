# language: ht 
Karakteristik:	​ @at 
: 🙂 back\slash #hash	
​ ​ @at <name> cache feed	
   tab	here x y load Scenario: <a> | 
Senaryo: 
feed <b> cache Scenario: 
 x y back\slash back\slash a|b ​
 	* image \n
    ||
  |  two  |
  |\t|
 * \\
 	 	 	|x\|\||ø|\t|\|
|<a>|a|<a>|\\|
|<a>| b | z |x\|
   |\n|\t|a|ø|

Senaryo: ​ back\slash : cache
 日本語 back\slash \n \|
 * x y Scenario: load
Lè sa a load \| \n naïve
* \\ :
　| b |
|x\|
 	Le sa a 
Sipoze \n #hash feed naïve
@tag-1  @a@b #comment
 Egzanp: 
 	日本語 
# |x|


