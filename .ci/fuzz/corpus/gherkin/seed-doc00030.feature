			# a comment
 	@@  @  @wip  @@
 Feature:
    <a> #hash   spaced   Given	
@tag-1 @@ @tag-1 @x:y # 
@ünï
    Scenario: 
			#hash | Scenario: load
Given 
é 日本語 
　　　* #hash """ @at 日本語 @at
　　　And feed ṩ̃ \|
   * ​
 But Scenario:

@wip @ünï @wip
　　Scenario: 
 	Examples: 
 Scenario: \n image load Scenario: 
  spaced  
   <b> ``` image
	|a|name|
  | |x\|

 Rule:
   x y x y <name>	
 <name> """ <name> """
#
Background: 
			# language: fr
		<a> naïve \| ṩ̃	
  Given 
  And   spaced   @at feed \|
* <name> <a> tab	here image
  |x\|  two  |
        |x\|  two  |ø| trailing
　　　|  two  |x\|<b>|
 	# |x|

   @wip@@a@b@
Scenario:	\n 日本語 

@at ​ back\slash back\slash \|	
　　　* \n back\slash ``` 日本語
　```
　```
* #hash @at
  """ xml 
```
  Given not a step
  """
    ##

  @wip	# c @x
@ünï  @wip#nospace
   Example: 
 Given #hash <b> image tab	here
```json
  """x
	\`\`\`
  # not a comment
	\n <a> \|
```
    * ``` load \n
			* ṩ̃ x <a> tab	here 日本語
|\|| z |1|
　　　When ​
|\\|1| 

		Rule:
Scenario: ṩ̃ | 
    Feature: cache feed Scenario: #hash ṩ̃ 
   naïve	
