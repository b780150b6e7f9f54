#


#language:ht 
            Karakteristik: 
            <name> @at 日本語 tab	here @at	
   image Given ``` 

Senaryo:
            ṩ̃ €uro	
  Le Given
  Le Given


			@tag-1
 @ünï
		Senaryo:
""" <b> :   spaced   日本語 x	
　Le sa a #hash a|b

  Le 
Sipoze ke 

 Senaryo: 
 ṩ̃ @at x \n <name>
Feature: image """ @at ``` ​	
* Feature:
    * ``` | é <name>
　　　""" xml 
　　　# not a comment
　　　"""
			Lè sa a tab	here ```
   |\\|x\|
