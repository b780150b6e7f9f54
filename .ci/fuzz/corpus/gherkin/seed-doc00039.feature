 	# a comment
# language:no 
　Egenskap:	€uro €uro 
      ##
　　<name>	
 	 	 	日本語 | tab	here tab	here """ cache
 Scenario:  <a> <b>
é tab	here <name>
€uro Feature: ``` 日本語 cache ``` 
 	​ naïve ṩ̃ :
Og cache é image
 * feed   spaced  

	* feed é <a>
Men  <a>
   * ​ \| \| cache 🙂
      """<a>
\`\`\`
        Given not a step
	\"\"\"
      """
|\\|
	@ünï  @@  @
Eksempler: 
|name| b|b|
	|x\|<a>|\n|
  |x\|x\|x\|
Eksempler:	\| naïve 
 Feature: Scenario: Feature: 日本語 

   |b|
	|x\|
 	|\t|
Eksempler: 
image tab	here €uro Given	
\| é 
 	 	 	``` #hash é """ ``` back\slash
|a |
|\|\|
 |x\|
  |x\|
