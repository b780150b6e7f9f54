
  #  language :  em
@@tag-1@ünï
   📚: tab	here
 	 	 	\\ Given <name> feed ```
    ​ 
 
Background:
* @at ṩ̃ cache ```
  😐load
    🎬feed image
 	* | """ ​ 日本語
