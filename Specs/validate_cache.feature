@cache
Feature: Clean up the saved feed
  When the customer leaves the app, the saved feed is checked: a feed that is
  too old or cannot be read is deleted, so the device never keeps stale or
  broken data. A feed that is fine, or no feed at all, is left alone.

  Scenario: A feed that is too old is deleted when the app goes to the background
    Given the cache holds 4 images saved 8 days ago
    When the app goes to the background
    Then the cache is empty

  Scenario: A saved feed that cannot be read is deleted
    Given the cache is unreadable
    When the app goes to the background
    Then the cache is empty

  Scenario: A fresh feed is kept
    Given the cache holds 4 images saved 2 days ago
    When the app goes to the background
    Then the cache still holds 4 images saved 2 days ago

  Scenario: Nothing saved stays that way
    Given the cache is empty
    When the app goes to the background
    Then the cache is empty

  @boundary
  Scenario Outline: A feed saved <age> ago is <verdict>
    Given the cache holds 4 images saved <age> ago
    When the cache is validated
    Then the cache <outcome>

    Examples:
      | age                   | verdict | outcome                                      |
      | 7 days minus 1 second | kept    | still holds 4 images saved 7 days minus 1 second ago |
      | 7 days                | deleted | is empty                                     |

  Scenario: A failed deletion is reported
    Given the cache holds 4 images saved 8 days ago
    And deleting the cache fails
    When the cache is validated
    Then validation fails because the old feed could not be deleted
