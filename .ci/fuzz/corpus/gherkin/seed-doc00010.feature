  #  language :  em	
@a@b
  @tag-1@a@b@wip	# c @x
   📚: 
 <b> feed 
		back\slash Feature: | é
💤:
　　tab	here feed @at feed @at \\
	🙏#hash ``` x y
 """
@not a tag
 Given not a step
 """
	#

@a@b @wip # 
    @slow@tag-1@@
   📕: 
:

 Rule:	x Feature: 
💤:
  * Scenario: #hash cache :

　@a@b@@@x:y
 🥒:
  * : é cache ​
   * |   spaced   | Feature:
 	 	 	* : naïve tab	here @at @at

@tag-1	@slow
@tag-1@tag-1
    📕: @at
ṩ̃ 日本語 #hash 
​ <name> <a> cache	
   🙏  spaced   Scenario: Given | @at
    |ø|<b>|ø|


