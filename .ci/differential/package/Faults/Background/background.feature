Feature: Steps that start a process and leave it running
  A server started in the background outlives its step; the run ends without waiting for it.

  Scenario: a process started with posix_spawn
    Given a process started in the background with posix_spawn

  Scenario: a process started with Foundation's Process
    Given a process started in the background with Process

  Scenario: after them
    Given a value of 3
