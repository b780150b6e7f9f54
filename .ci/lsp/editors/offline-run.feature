Feature: See the saved feed when offline

  Background:
    Given the customer doesn't have connectivity

  Scenario: Nothing saved yet
    Given the cache is empty
    When the customer opens the feed
    Then the app shows the error message "Couldn't connect to server"

  Scenario: An old feed is not shown
    Given the cache holds 3 images saved 8 days ago
    When the customer opens the feed
    Then the app shows 3 images
