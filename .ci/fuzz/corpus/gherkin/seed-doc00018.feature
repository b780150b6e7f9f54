

#language:no 
Egenskap: | back\slash
        Scenario: : :
Bakgrunn:
<name> a|b |	


* ṩ̃
　"""
	| not | a row |
	| not | a row |
　"""
 	* <a> back\slash x y <b> back\slash
""" xml 
\"\"\"
@not a tag
 * \| \\ <b> image ```
　　Men \\

  @a@b@a@b@@a@b
            Regel:
　　　@@	@t#1	@a@b #comment
    @x:y
    Eksempel: Scenario:
   # |x|
     spaced   Given image <a> naïve	
　　| Scenario: a|b 
		Når <name> x y
Når @at naïve x
		Og 
        * €uro

@ünï	@@ # 
 	 	 	@t#1 @a@b
            Eksempel: é load ​ cache
 naïve tab	here | @at 
  # a comment
 Når 
```
  Given not a step
```
    * 🙂 tab	here   spaced   €uro :
   |\|| b |\| z |
#
 |ø| |<b>|1|
 |\| b |\n|\n|

    # |x|
Når   spaced   cache
|x\|\\| |a|
* ​ image

　Abstrakt Scenario: <a> <b>

   * x y é 日本語 """ <a>
 |1|<b>|
	|a|||
 |<a>|\\|
   | b | b |
  # |x|
   Og """ image <a>
 * 日本語
Når feed Scenario: |

