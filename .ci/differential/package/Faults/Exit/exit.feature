Feature: A step that ends the process
  Scenario: before
    Given a value of 3

  Scenario: the step calls exit
    When the step calls exit

  Scenario: after
    Given a value of 3
