　　　Feature: 
      <a> | : x y <a> 
\\ load feed tab	here 日本語 feed
    Background:
naïve	
  spaced   back\slash tab	here	
  naïve ​ """ image	
      When Given
``` xml 
```
	* 
# |x|
　* naïve
 	* #hash

  @@wip@tag-1@wip
 @	@x:y	@slow
 	Example: naïve \| <a> <b>
 €uro	
    \\ : a|b 
\| back\slash 日本語 €uro \n ṩ̃	
* load <b> ​ \n <a>
　```json
	\`\`\`
　  """x
	| not | a row |
　```
