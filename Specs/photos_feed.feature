@photos @remote
Feature: Load the photo list
  The photo app reads a list of photos from the server, each with its
  photographer, size, colour and several image sizes. The app shows each
  photo's description and its regular-size image.

  Background:
    Given the app reads the photo list format

  Scenario: The photos from the server are shown
    Given the customer has connectivity
    And the server offers the feed "photos.json"
    When the customer opens the feed
    Then the app shows these photos:
      | description                        | photographer    | image                                                       |
      | Lighthouse at dawn                 | Marisol Vega    | https://cdn.feed-specs.example/photos/qT4mN8vLx2A.jpg?q=80&w=1080 |
      | Bookshop cat asleep on the counter | Tobias Reinholt | https://cdn.feed-specs.example/photos/Zr9cW1bYe7K.jpg?q=80&w=1080 |
      |                                    | Ayodele Okafor  | https://cdn.feed-specs.example/photos/Hn5sD3fGu0P.jpg?q=80&w=1080 |

  Scenario: Every detail of a photo is kept
    Given the server answers with status 200 and the file "photos.json"
    When the photos are loaded from the server
    Then the first photo is:
      | field        | value                     |
      | id           | qT4mN8vLx2A               |
      | size         | 6000 x 4000               |
      | colour       | #3B5A73                   |
      | likes        | 214                       |
      | photographer | Marisol Vega (@marisol)   |
      | place        | Cádiz, Spain              |
      | created      | 2025-03-14T12:21:05Z      |

  Scenario: Photos whose optional details are missing are still shown
    Given the server answers with status 200 and the file "null-optionals.json"
    When the photos are loaded from the server
    Then 1 photo is delivered

  Scenario Outline: A photo list with <problem> is invalid data
    Given the server answers with status 200 and the file "<file>"
    When the photos are loaded from the server
    Then loading fails with invalid data

    Examples:
      | problem                     | file              |
      | a photo without image sizes | missing-urls.json |
      | a photo with a broken link  | bad-url.json      |
      | no list at all              | four-images.json  |

  Scenario: A photo list cached while online is shown offline
    Given the customer has connectivity
    And the server offers the feed "photos.json"
    And the customer opens the feed
    And the customer loses connectivity
    When the customer opens the feed again
    Then the app shows 3 photos
