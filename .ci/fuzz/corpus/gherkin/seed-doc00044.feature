  #  language :  ar 
        @wip  @a@b  @t#1  @wip
  خاصية:	Sce
