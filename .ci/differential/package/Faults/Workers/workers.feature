Feature: Fewer scenarios than workers
  Scenario: one
    Given a value of 3

  Scenario: two
    Given a value of 3

  Scenario: three
    Given a value of 3
