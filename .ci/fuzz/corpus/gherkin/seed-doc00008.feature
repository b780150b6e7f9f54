

 Business Need: <b> 🙂 ``` : |
  spaced   €uro image
　　Scenario:	<b> load 


	Scenario: cache image \\ <a> """
* naïve ṩ̃
　|| z |
		|a|<b>|
　　　* 日本語 €uro Given ```
 Then Given feed
  And Scenario: \n Scenario:   spaced   ṩ̃
    | b |
  |ø|
			```text/plain
			```
    But naïve ṩ̃ load x 🙂

    Example:
  日本語 a|b x Feature:
 Then 
```text/plain
: x
  Given not a step
```
And x naïve @at
            |ø|ø| z | 
   |\| | |\|
        |  two  |x\|a|
 	| |\n|\\|

@wip	@x:y	@@
    Example:
  *   spaced   <a>

