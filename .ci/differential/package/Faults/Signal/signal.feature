Feature: Steps that send their own process a signal
  A runner process that alone gets SIGTERM or SIGINT ended in its step: the step fails, the run goes on.

  Scenario: before the signals
    Given a value of 3

  Scenario: SIGTERM
    When the step sends its own process SIGTERM

  Scenario: SIGINT
    When the step sends its own process SIGINT

  Scenario: after the signals
    Given a value of 3
