Feature: Steps that crash
  A crash fails its step and the run goes on in a new runner process.

  Scenario: before the crash
    Given a value of 3

  Scenario: a fatal error
    Given a value of 3
    When the step calls fatalError
    Then the value is 3 by #expect

  Scenario: between the crashes
    Given a value of 3

  Scenario: an index out of range
    When the step reads past the end of an array

  Scenario: after the crashes
    Given a value of 3
