            # a comment
    Business Need: é Given \n €uro <b>
    spaced   é ​ \n @at
    Feature: Scenario: \| x y Scenario: load
  x y @at é |
　　　Background:
 	 	 	tab	here \\
			image #hash <b> x y ``` ​
 	 	 	日本語 #hash 
 	 	 	* <b> Given | ```
 	"""text/plain
 	"""

@a@b @bad tag
@ünï@@ünï #comment @bad tag
	Example: <a> <b>
* <name> feed a|b <a>
	"""
	```
# not a comment
	"""
But cache tab	here @at ​

