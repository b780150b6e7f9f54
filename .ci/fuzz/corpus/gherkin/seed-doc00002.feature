　　　# a comment
  #  language :  ja 
 	 	 	機能: 
  feed load image 
   cache naïve \| é 
  <a> 🙂	
 シナリオ: image
```	
		tab	here cache cache	
   spaced   ​   spaced  	
　* 
 	|\t|1|x\|\| 

		シナリオ:	a|b tab	here 
x y <name> tab	here x y \n	

シナリオ:	<name> \| 
		Given
  a|b <name> é
　ṩ̃ <b> 🙂

