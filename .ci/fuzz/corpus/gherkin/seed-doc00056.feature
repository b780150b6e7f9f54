  # language: fr
@ünï	@a@b	@wip	@x:y
    Ability: 
   Given image <b> feed
  back\slash | é naïve load naïve	
