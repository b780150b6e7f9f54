	##

#language:es	
  @x:y	# c @x
　@x:y@@@tag-1
   Característica:	​ €uro 
			load 🙂 cache x y 
#hash """	
     spaced   naïve cache load cache <a>
 	 	Escenario: 
\n \\ cache
Pero feed load \n
    Cuando 
    * naïve ṩ̃
 	 	```
 	 	  | not | a row |
| feed
 	 	# not a comment
 	 	```
 
			* naïve @at """ \|

      Escenario: 
			Scenario: <b>	
			<a>	
* <name> <name> image
  * : feed
            ```<a>
            ```
 |ø| b |\|
  |<a>|\t|
 | z |x\|
 E 🙂 \n : load feed
"""
\`\`\`
```
	Given not a step
tab	here 🙂 日本語 | :
"""
 |\|\\|\\|\|
　　Y €uro
 |\n| |
 |\||a|\|
      @
 Dadas cache 
"""<a>
	\`\`\`
"""

　　Escenario: 
@at 🙂 | x y 日本語
  # |x|
 日本語 \\ 
            Ejemplos:	image €uro 
 	 	🙂 ṩ̃ a|b feed """ ​
　|a|
 |\|

   ||

