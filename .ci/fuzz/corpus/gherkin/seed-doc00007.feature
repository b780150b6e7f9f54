# language: fr
   Business Need: |
            é   spaced   <b> Scenario: 
　　　Background: 
 	 	 	Scenario:   spaced   \| back\slash
      #hash	
<a> ``` cache | 日本語 <name>
When Scenario: ``` a|b naïve
　　Then load #hash <name> feed Scenario:

　@@
@slow @a@b @ünï
Example: ``` <name> tab	here x y

Background:
@wip
　　Example:	ṩ̃ Given 
　　　When x y

When €uro
 	|\||
 |x\|\|
    *   spaced   Given x \\
  * x

 	* 

