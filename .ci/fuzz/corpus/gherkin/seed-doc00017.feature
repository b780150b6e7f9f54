
   ##
  #  language :  em 
		@slow @a@b # 
　　　📚:

        💤: 
\\ load ṩ̃
cache x y <a> cache Given ​	
  🙏
　😐@at
😂``` Feature: x y

@
	@ünï  @ünï # 
 	 	 	📖: <a> <b>
 feed x y <name> tab	here #hash Scenario:	
  Feature: 
  Given ``` <a>

 @t#1 @slow
 	 	 	Rule: 
 @x:y
🥒: 
 😂#hash
 	 	😂a|b 日本語 feed €uro
        |\t|<a>|\t|\n| trailing
|\||ø| z |\\|
   |1|<b>|| |
😂tab	here 🙂 tab	here tab	here 🙂
  """json
    | not | a row |
	\"\"\"
	@not a tag
  """
  |  two  |
　　|\\|
      |\\|
	| z |
　　　😂<a> back\slash tab	here Feature: Given
  ||  two  |a| |
|\n|1|\t|<b>|
 	* 

  📖: <a> <b>
 #hash é feed """ Given 

🥒:


		* x
　　　* <b> cache 日本語 <name>
  🙏
"""
| not | a row |
  | not | a row |
"""
😔
| |
|\t|
    | z |
 	 	 	| z | 

