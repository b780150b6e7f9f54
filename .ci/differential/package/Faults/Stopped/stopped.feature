Feature: A step that stops its own process
  A runner process that stops (SIGSTOP, as a debugger or a job-control signal would) answers nothing: its step
  fails once the process has been silent past the step's timeout, and the run goes on.

  Scenario: before the stop
    Given a value of 3

  Scenario: the stop
    When the step stops its own process

  Scenario: after the stop
    Given a value of 3
