Feature: Retries

  @flaky
  Scenario: Passes on its second try
    Given a step that fails the first time it runs

  Scenario: Passes at once
    Given a value of 3
