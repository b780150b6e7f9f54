# language: fr 
    @a@b@slow	# c @x
　　　@
  Fonctionnalité: 
