Feature: """ Given ```
   Feature: €uro
	\\ <name> #hash   spaced  
 	@ünï  @a@b  @t#1  @ünï
　Scenario:	a|b back\slash  <a> <b>
		* ṩ̃ cache
    *  <a>
	And 🙂 back\slash
 |a|\t|
 	 	#
　　　|  two  |\\|\|
    |\t|<a>|
            |\||\|
* | <a>
 * |

  @x:y	@x:y
    Example:
			And back\slash
|ø|
	|<a>|
But Feature: feed
	* image Given ```
* 
* x cache \\ <b> load

			Rule: 
	@at : back\slash """
    Given not a step
@t#1  @wip
 	Scenario:

   ṩ̃ feed
	And ​
 	* image #hash
 	* image #hash
  """<a>
tab	here 
  """
  |\n|\\|  two  |
|  two  |x\|<b>|
        Given Scenario:
　"""json
\"\"\"
　"""
 And a|b <a> feed 🙂
   |1|\|<b>|\n|
|1||x\| b |

