@online
Feature: See the latest feed when online
  As an online customer
  I want the app to load my latest image feed by itself
  So that I can always enjoy the newest images of my friends

  Background:
    Given the customer has connectivity
    And the server offers the feed "four-images.json"

  Scenario: The app shows the latest feed from the server
    When the customer opens the feed
    Then the app shows these images:
      | description                | location        | image                                             |
      | Morning fog over the river | Porto, Portugal | https://images.feed-specs.example/7d3b1f7a.jpg    |
      | Grandma's lemon tart       |                 | https://images.feed-specs.example/a14c9e52.jpg    |
      |                            | Kyoto, Japan    | https://images.feed-specs.example/3e8f6b21.jpg    |
      |                            |                 | https://images.feed-specs.example/c6a2d8f4.jpg    |

  Scenario: The new feed replaces the saved one
    Given the cache holds 2 images saved 3 days ago
    When the customer opens the feed
    Then the cache holds the 4 images from the server
    And the cache was saved just now

  Scenario: An older saved feed is never shown when the server answers
    Given the cache holds 2 images saved 1 hour ago
    When the customer opens the feed
    Then the app shows 4 images
    And none of them comes from the cache

  Scenario: A feed that cannot be saved is still shown
    Given saving to the cache fails
    When the customer opens the feed
    Then the app shows 4 images

  Scenario: When the new feed cannot be saved, the last saved feed stays for offline use
    Given the cache holds 2 images saved 1 day ago
    And storing into the cache fails
    When the customer opens the feed
    Then the app shows 4 images
    When the customer loses connectivity
    And the customer opens the feed again
    Then the app shows 2 images

  Scenario: The app asks the server for the feed only once
    When the customer opens the feed
    Then the server was asked for the feed once

  Scenario: When the server's answer is unusable, the saved feed is shown
    Given the server answers with status 200 and the file "error-page.html"
    And the cache holds 3 images saved 1 day ago
    When the customer opens the feed
    Then the app shows 3 images
    And the cache still holds 3 images saved 1 day ago
