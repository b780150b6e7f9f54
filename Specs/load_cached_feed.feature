@cache
Feature: Load the saved feed
  The saved feed is only good while it is younger than its maximum age,
  seven days unless configured otherwise. Age is counted in calendar days:
  a feed saved exactly seven days ago is too old, one saved a second later is not.
  Loading never changes what is saved.

  Scenario: A saved feed younger than seven days is delivered
    Given the cache holds 4 images saved 3 days ago
    When the feed is loaded from the cache
    Then 4 images are delivered

  Scenario: Nothing saved delivers no images
    Given the cache is empty
    When the feed is loaded from the cache
    Then no images are delivered

  Scenario: A saved feed that cannot be read is an error
    Given the cache is unreadable
    When the feed is loaded from the cache
    Then loading fails with a cache error

  @boundary
  Scenario Outline: A feed saved <age> ago delivers <count> images
    Given the cache holds 4 images saved <age> ago
    When the feed is loaded from the cache
    Then <count> images are delivered

    Examples:
      | age                                   | count |
      | 0 seconds                             | 4     |
      | 6 days 23 hours 59 minutes 59 seconds | 4     |
      | 7 days minus 1 second                 | 4     |
      | 7 days                                | 0     |
      | 7 days plus 1 second                  | 0     |
      | 8 days                                | 0     |

  Scenario: Loading a feed that is too old leaves it saved
    Given the cache holds 4 images saved 10 days ago
    When the feed is loaded from the cache
    Then no images are delivered
    And the cache still holds 4 images saved 10 days ago

  Scenario: Loading a fresh feed leaves it as it was
    Given the cache holds 4 images saved 1 day ago
    When the feed is loaded from the cache
    Then the cache still holds 4 images saved 1 day ago

  Rule: The maximum age can be configured

    @boundary
    Scenario Outline: With a maximum age of <max age>, a feed saved <age> ago delivers <count> images
      Given the maximum age of the cache is <max age>
      And the cache holds 2 images saved <age> ago
      When the feed is loaded from the cache
      Then <count> images are delivered

      Examples:
        | max age | age                   | count |
        | 1 day   | 23 hours              | 2     |
        | 1 day   | 1 day                 | 0     |
        | 30 days | 29 days               | 2     |
        | 30 days | 30 days               | 0     |
        | 3 days  | 3 days minus 1 second | 2     |

    Scenario: An offline customer sees a feed within a longer maximum age
      Given the maximum age of the cache is 30 days
      And the customer doesn't have connectivity
      And the cache holds 3 images saved 10 days ago
      When the customer opens the feed
      Then the app shows 3 images
