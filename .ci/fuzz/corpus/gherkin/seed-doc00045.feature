
# language:fr 
Fonctionnalité:	​ ​ 

   Exemple: 
 #
  é x y #hash
   Étant donné qu'Scenario:
 |\| b || b |
	|ø|\n|ø|\\|
| b |<b>|1|\||
# language: fr
   * naïve
# |x|

@@slow
      @	@a@b	@@	@tag-1
    Exemple:  <a> <b>
"""
\| <b> 
    Etant donnée  <a>
  """json
  """
#
 	Etant donné que x tab	here feed Feature: :
  Étant donné que   spaced   """ <a>
 	|  two  | b |
 | b | z | trailing
|  two  |<a>|
 	 	 	|<b>|ø|
Quand Feature:
 """text/plain
   ```
  <a> and <b>
 """

