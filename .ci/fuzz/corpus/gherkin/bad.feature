Feature: bad
  Scenario: s
    Given x
      | a |
      | b | c |
    """
