@cache
Feature: Save the feed for later
  Every feed that arrives from the server is saved, so the customer can see it
  when offline. Saving deletes the old saved feed and stores the new one with
  the time it was saved, as one step: if anything goes wrong on the way, even
  the app being stopped half-way, the old saved feed is still there.

  Scenario: Saving replaces the old feed and records when it was saved
    Given the cache holds 3 images saved 2 days ago
    When the app saves a feed of 2 images
    Then saving succeeds
    And the cache holds the 2 new images
    And the cache was saved just now

  Scenario: Saving into an empty cache
    Given the cache is empty
    When the app saves a feed of 4 images
    Then saving succeeds
    And the cache holds the 4 new images

  Scenario: The old feed cannot be deleted
    Given the cache holds 3 images saved 2 days ago
    And deleting the cache fails
    When the app saves a feed of 2 images
    Then saving fails because the old feed could not be deleted
    And the cache still holds 3 images saved 2 days ago

  Scenario: The new feed cannot be stored
    Given the cache holds 3 images saved 2 days ago
    And storing into the cache fails
    When the app saves a feed of 2 images
    Then saving fails because the new feed could not be stored
    And the cache still holds 3 images saved 2 days ago

  Scenario: The app is stopped half-way through saving
    Given the cache holds 3 images saved 2 days ago
    And the app will be stopped between deleting the old feed and storing the new one
    When the app saves a feed of 2 images
    Then the cache still holds 3 images saved 2 days ago

  Scenario: Saving an empty feed
    Given the cache holds 3 images saved 2 days ago
    When the app saves a feed of 0 images
    Then saving succeeds
    And the cache holds 0 images saved just now
