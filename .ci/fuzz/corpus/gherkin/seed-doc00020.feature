
#language:es	
 Necesidad del negocio: 
 	x feed   spaced   load Scenario: feed	
 	naïve   spaced   back\slash cache	
   <a> x Given 日本語 load x	
 Antecedentes: ``` x \| 日本語 ​
   #
    Y x y tab	here \| ​ back\slash
   |\n|\|
 	```text/plain
	| not | a row |
 	```
    E €uro é é cache
Y @at \n : """ Feature:
 ```<a>
  <a> and <b>
 | not | a row |
 ```

 @tag-1 @x:y @tag-1
@@  @tag-1  @  @ünï @bad tag
 	Escenario: \| <a> cache feed tab	here
            naïve tab	here <b> <name>   spaced  

  <name> image
  Dada load 日本語 | ``` 🙂

Dado a|b | #hash back\slash

 Ejemplo:
Scenario: load	
image a|b x y \n
``` back\slash	
Dados 
　　* x y
   Dado \|

    Ejemplo:	@at @at 
  cache	
  日本語 naïve x Given	
    * \n
|a|\t| trailing
|<a>|<b>|
  # a comment
|\|1|
|a||

