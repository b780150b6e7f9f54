# language:en
@slow	@t#1#nospace
@t#1	@slow
 Business Need: 
    Feature: tab	here	
 Background: <a> \n
 * \\ x
　　　Given x ṩ̃ feed \| <name>
  |  two  |
|\\|
   |<b>| 
 	* 🙂 : <b> 日本語
　　```text/plain
	# not a comment
	``` a|b image tab	here
	\`\`\`
|
　　```
   Given x 日本語 image x
  And """

    Scenario: 
\\ 🙂
	\| <name> ​ \|   spaced   Given 
   \\ cache 🙂 é	
  * 
 ```json
   <a> and <b>
   |\||\|
   | |ø|
||<b>|\|
        Given <name> <a>
   """ xml 
   """
    @  @tag-1  @tag-1  @wip
 Examples: 
    """ cache
  日本語 ​ Given feed <b> Feature:
        # language: fr
		|name|
 	|<a>| trailing
　　|  two  |
      |a|
@slow @
Examples:	\| <name> 
    spaced   \\ @at <name> €uro
 |a |a | b|
|ø|x\| b |
		|\n|<b>| |
  ##
 	Examples:	x Given 
　| b|
　　|a|
  | z |
##
 	 	 	||

@wip
@@@a@b@@@tag-1
 Scenario Template:  <a> <b>

    naïve back\slash Feature:
* 
 | |1|
　|1|x\|
 |\\| z |
 |\t| z |
　* 日本語
Examples:
　　| b|
  |\|||\|
 |  two  |
  @@ @@ @a@b @wip @bad tag
Scenarios:
#hash #hash ​ <b> feed €uro 
日本語	

|a |a|
 | z |\t|

| b | |
            |  two  |\\|
　　| b | z |
 Scenarios: 
tab	here €uro
    | b|
　　　|x\|
##
|\||
 	 	 	|\t|

 	Scenario: back\slash back\slash """
  : Scenario: 
  # |x|
* @at \|   spaced   naïve \|
 ```text/plain
   <a> and <b>
	\"\"\"
| not | a row |
 ```
	|<b>|1| z |<b>|
   |\|\n||a|
| z |\t|<b>|\n|
　|\n| z ||1|
		But 🙂   spaced   tab	here
 	 	 	```text/plain
 	 	 	```
	But <name> <name>
	""" xml 
	"""
        |x\|<a>|x\|
   |\\|\|\n|
Given : \\ 🙂 tab	here Feature:
  * """
　　　"""
	Given not a step
　　　  \"\"\"
@not a tag
　　　"""
Examples: 
  |a|b|b|
            |\t| z | |
   Scenarios:	Scenario: #hash 
　　# a comment
 |b|
 ||

	@	@x:y	@slow	@tag-1
　Rule: 
 	​ 
        """ 🙂 日本語 \| #hash 
tab	here é image 
　　Rule:	""" : 
 	 	 	Background:	​ x 
   \n tab	here feed \\	
            load : tab	here 

    Scenario: image Feature: Feature: \| \| <a> <b>
 ``` feed a|b ṩ̃	
 x 日本語 Given €uro cache x
* tab	here \\ ​ naïve ```
   * ṩ̃ Scenario: Feature:   spaced   x <a>
  Scenarios: ṩ̃ #hash
      ``` : cache x	
ṩ̃ Scenario: """	
  |b|a|name|
　|\n|1||

 Scenario Outline: <a> <b>
日本語 <b> tab	here : 
	cache | 🙂	
 	| <a> \n Given :	
		* 
      | |\\|
   """ xml 
	  <a> and <b>
	\"\"\"
     <a> and <b>
   """
			Given """ feed \\
"""
Scenario:
	# not a comment
	| not | a row |
"""
  Scenarios: 

　　| b|a|b|
||<a>|<a>| 

@ünï@x:y@slow@a@b#nospace
			@@@ünï@a@b@x:y
        Scenario:
​ image	
   * 
   # |x|
 But load \|
 	```<a>
 	\`\`\`
 	"""x
	| not | a row |
 	```
            * @at <name> image
    """
	@not a tag
​ <a>
    # not a comment
	| not | a row |
   * \\ x #hash """ Scenario:

