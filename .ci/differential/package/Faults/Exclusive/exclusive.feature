Feature: An exclusive group stays closed while a body that overran its timeout still runs
  @db
  Scenario: the first holder overruns its timeout
    When the shared resource is used for 3 seconds

  @db
  Scenario: the next holder
    When the shared resource is used for 0 seconds
