
   Feature: x y
	load : @at 
 	load <name> \| ṩ̃ 
Example:	a|b x 
　　　ṩ̃ cache x cache 

  | \n 日本語 <a> cache \\	
            * 日本語 \|   spaced   image Feature:
    Then \n
    * @at
``` xml 
```

 @@ @@ @@ @wip
   @@  @tag-1  @t#1 # 
  Scenario: 


            Example:
<b> \|	
			When back\slash
	* <a> back\slash   spaced   tab	here
 # a comment

@tag-1 @x:y
 	 	@wip  @a@b  @@
    Scenario:	\n Given 
* ​ x y #hash ṩ̃
 ```<a>
# not a comment
	Given not a step
 ```
   When #hash \\ 日本語
* feed back\slash load
 	* #hash   spaced   Feature: ​
   """json
     @not a tag
   """
　　| z |  two  |ø|
|  two  | z |  two  |
|ø| b |\||
 |a|  two  |  two  |

