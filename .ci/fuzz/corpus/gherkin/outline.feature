@a @b #c
Feature: tags
  @x
  Rule: r
    Background:
      Given b
    @y
    Scenario Outline: o <n>
      Given s <n>
        """json
        {"n": <n>}
        """
      | a | b |
      @e
      Examples:
        | n |
        | 1 |
