  ##
# language: fr
　　　Business Need: 
 	back\slash
			load
		Scenario: 

　　　Scenario Template: <a> <b>
 	ṩ̃ load é	
load é	
 But naïve <name> x y
   * Scenario: <a> Scenario: \n
| z |
|x\|
			|1|
        |\t| 
		# a comment
Examples: 
   | b|a|
    |<b>||
Examples:
   ``` | naïve
a|b ṩ̃ Feature: 🙂
 |name|name|name|
		|x\| z |  two  | 

 	|\||\\|

