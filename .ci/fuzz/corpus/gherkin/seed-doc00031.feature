

 	 	 	Business Need:	""" \| 
  Example:	#hash load  <a> <b>
Then \n x y <a>
  And é Given tab	here <a>
        * back\slash <a>
    When tab	here load <b> €uro <a>
```<a>
	  <a> and <b>
  # not a comment
	\"\"\"
  : \| ​ cache tab	here


