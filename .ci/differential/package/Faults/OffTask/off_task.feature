Feature: Issues recorded off the step's task
  A failed expectation counts wherever it was recorded: on a thread, on a dispatch queue, in a detached task,
  in a task the step left running, or in the world's deinit.

  Scenario: on a thread
    Then an expectation fails on a thread

  Scenario: on a dispatch queue waited with a semaphore
    Then an expectation fails on a dispatch queue

  Scenario: in an awaited detached task
    Then an expectation fails in a detached task

  Scenario: in a task still running when its step returns
    When a task records an issue after its step returned
    Then a moment passes

  Scenario: in the world's deinit
    Given a world that records an issue when it is released
    Then a moment passes

  Scenario: nothing fails
    Given a value of 3
    Then the value is 3 by #expect
