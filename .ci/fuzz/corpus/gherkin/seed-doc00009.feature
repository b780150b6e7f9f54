 # language: fr
  #  language :  ht
日本語 <name> 
 \\ naïve x y : <name> #hash 
　　@wip @ünï
	Senaryo:
 back\slash 
  * Given <name> €uro \n
  Feature: again
  # |x|
Lè sa a 

