Feature: An issue recorded off every step's task while two scenarios run
  No single step can be told from the thread, so the run fails.

  Scenario: the first
    Given both scenarios have started
    When an expectation fails on a thread while both run

  Scenario: the second
    Given both scenarios have started
    Then a moment passes
