Feature: Every way a step fails

  Scenario: Passes
    Given a value of 3
    Then the value is 3 by expectEqual
    And the value is 3 by #expect
    And the value is 3 by #require

  Scenario: SpecKit's helper
    Then the value is 4 by expectEqual

  Scenario: A failed #expect skips the rest
    Then the value is 4 by #expect
    And the value is 3 by expectEqual

  Scenario: Two failed #expects in one step
    Then the value is 4 and 5 by two #expects

  Scenario: A failed #require on an optional
    Then the value is 4 by #require

  Scenario: A failed #require on a condition
    Then the value is positive by #require

  Scenario: A failed #expect on collections
    Then the items are 1, 2 and 4

  Scenario: A failed #expect, then a thrown error
    Then the value is 4 by #expect and then it throws

  Scenario: A thrown error
    When the disk fills up

  Scenario: Issue.record
    When an issue is recorded

  Scenario: Issue.record of an error
    When an error is recorded as an issue

  Scenario: A warning fails nothing
    When a warning is recorded
    Then the value is 3 by expectEqual

  Scenario: Pending
    When the step is pending
    Then the value is 3 by expectEqual

  Scenario: Skipped
    When the step skips the scenario
    Then the value is 3 by expectEqual

  Scenario: Undefined, with a typo
    Then the valeu is 4 by #expect

  Scenario: Ambiguous
    When the step is matched twice

  Scenario: A timeout
    When the step hangs

  Scenario: A table cell the step cannot read
    Then these rows are read:
      | name | count |
      | a    | 1     |
      | b    | many  |

  @expect-in-hook
  Scenario: A failed #expect in a before hook
    Then the value is 3 by expectEqual
