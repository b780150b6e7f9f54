　　　#
Examples:
# language: de	
 @t#1  @wip  @t#1  @t#1
 	 	 	@tag-1	@slow @bad tag
	Funktionalität:	é   spaced   
Grundlage:

	Beispiel:	\n image 
　Wenn \\ :
   * Feature:
 ```
   @not a tag
	"""x
   \| é image
 \"\"\"
 ```

@a@b # 
Beispiel:
		Scenario: é	
  feed   spaced   Given
* \| cache Feature: <b>

 @@@wip@t#1
　Beispiel:  <a> <b>
  x x y \| <a> \n 
    é """ Feature: """ 
: cache x y | 
Gegeben sei \\

  Background:
		Wenn  <a>
 	 	 	```json
	\\ | é Feature:
\"\"\"
	"""x
	  <a> and <b>
 	 	 	```

 	Beispiele: 
  | b|a|a |
|<a>|  two  | b |
	|\|ø|\||
  |\\| b ||
Beispiele:
  ṩ̃ |

  |a| b|b|
            |\\|<b>||

