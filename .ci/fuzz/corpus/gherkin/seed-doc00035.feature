 	 	# a comment
 ##
#language:no 
   @wip@a@b@ünï@@
		Egenskap:
 	 	 	Bakgrunn: <name> ṩ̃
  Gitt Scenario: Scenario: naïve

Når load 日本語


 @ünï	@a@b
  @t#1@
　　　Scenario:
* ​ Scenario: 日本語 x y
Når feed cache ṩ̃ feed
```
  Given not a step
  \"\"\"
```
			* \n \n image   spaced   <a>
 |\| |<a>||
    |<b>|1|<b>|\||
    * | cache ``` \\ 🙂
 	* \|

 	Scenario:
　　Når   spaced   load x y
Så ṩ̃
	```
# not a comment
	  \"\"\"
  <a> and <b>
	```

   Og ṩ̃ ```
 	"""<a>
	# not a comment
	
 	@not a tag
 	"""
		* | \\ :
            * : cache feed : back\slash

@ünï  @tag-1 @bad tag
        Eksempel:
``` tab	here Feature: tab	here \n : 
            é |	
      * 
"""text/plain
"""

