Feature: Steps that block their thread past their timeout
  Each holds a thread of its runner process; once every thread is held, that process ends and the run goes on.

  Scenario: the first wait that never ends
    When the step waits for a completion handler that never comes

  Scenario: the second wait that never ends
    When the step waits for a completion handler that never comes

  Scenario: the third wait that never ends
    When the step waits for a completion handler that never comes

  Scenario: after the waits
    Given a value of 3
