@offline
Feature: See the saved feed when offline
  As an offline customer
  I want the app to show the latest saved version of my image feed
  So that I can still enjoy images of my friends

  Background:
    Given the customer doesn't have connectivity

  Scenario: A recent saved feed is shown
    Given the cache holds these images, saved 2 days ago:
      | description         | location      | image                                          |
      | Sunset at the pier  | Brighton, UK  | https://images.feed-specs.example/pier.jpg     |
      | First snow          |               | https://images.feed-specs.example/snow.jpg     |
    When the customer opens the feed
    Then the app shows these images:
      | description         | location      | image                                          |
      | Sunset at the pier  | Brighton, UK  | https://images.feed-specs.example/pier.jpg     |
      | First snow          |               | https://images.feed-specs.example/snow.jpg     |

  @boundary
  Scenario Outline: A feed saved <age> ago is <outcome>
    Given the cache holds 3 images saved <age> ago
    When the customer opens the feed
    Then the app shows <what>

    Examples: Less than seven days old: shown
      | age                                   | outcome | what     |
      | 1 minute                              | shown   | 3 images |
      | 6 days                                | shown   | 3 images |
      | 6 days 23 hours 59 minutes 59 seconds | shown   | 3 images |
      | 7 days minus 1 second                 | shown   | 3 images |

    Examples: Seven days old or more: too old
      | age                   | outcome | what                                         |
      | 7 days                | too old | the error message "Couldn't connect to server" |
      | 7 days plus 1 second  | too old | the error message "Couldn't connect to server" |
      | 30 days               | too old | the error message "Couldn't connect to server" |

  Scenario: Nothing saved yet
    Given the cache is empty
    When the customer opens the feed
    Then the app shows the error message "Couldn't connect to server"

  Scenario: The saved feed cannot be read
    Given the cache is unreadable
    When the customer opens the feed
    Then the app shows the error message "Couldn't connect to server"
