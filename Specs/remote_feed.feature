@remote
Feature: Load the feed from the server
  The app asks the server at its feed address for the feed. Only a successful
  answer (status 200) that holds a well-formed feed is accepted; anything else
  is reported as invalid data, and no answer at all as a connectivity problem.

  Rule: Only a successful answer with a well-formed feed is accepted

    Scenario: A well-formed feed is delivered image by image
      Given the server answers with status 200 and the file "four-images.json"
      When the feed is loaded from the server
      Then 4 images are delivered
      And the server was asked for the feed once

    Scenario Outline: An answer with status <status> is invalid data, even with a well-formed feed
      Given the server answers with status <status> and the file "four-images.json"
      When the feed is loaded from the server
      Then loading fails with invalid data

      Examples:
        | status |
        | 199    |
        | 201    |
        | 300    |
        | 400    |
        | 500    |

    Scenario Outline: A successful answer that is not a feed is invalid data
      Given the server answers with status 200 and the file "<file>"
      When the feed is loaded from the server
      Then loading fails with invalid data

      Examples:
        | file              | what it holds                        |
        | not-json.txt      | plain text                           |
        | error-page.html   | an HTML error page                   |
        | missing-image.json | an image without its image address  |

    Scenario: An empty feed delivers no images
      Given the server answers with status 200 and the file "empty.json"
      When the feed is loaded from the server
      Then no images are delivered

    Scenario: No connectivity
      Given the customer doesn't have connectivity
      When the feed is loaded from the server
      Then loading fails with a connectivity error

  Rule: Description and location are optional, the image address is not

    Scenario: Every field the server sends is kept
      Given the server answers with status 200 and this feed:
        """json
        {
          "items": [
            {
              "id": "0E4D2C8A-6B1F-4A3E-9C5D-7F2B8A1E3D10",
              "description": "Kite festival",
              "location": "Ahmedabad, India",
              "image": "https://images.feed-specs.example/kites.jpg"
            },
            {
              "id": "9A7C5E3B-1D2F-4B6A-8E0C-3F5D7B9A1C11",
              "image": "https://images.feed-specs.example/empty-beach.jpg"
            }
          ]
        }
        """
      When the feed is loaded from the server
      Then these images are delivered:
        | id                                   | description   | location         | image                                           |
        | 0E4D2C8A-6B1F-4A3E-9C5D-7F2B8A1E3D10 | Kite festival | Ahmedabad, India | https://images.feed-specs.example/kites.jpg       |
        | 9A7C5E3B-1D2F-4B6A-8E0C-3F5D7B9A1C11 |               |                  | https://images.feed-specs.example/empty-beach.jpg |

    Scenario: An image whose identifier is not a UUID makes the feed invalid
      Given the server answers with status 200 and this feed:
        """json
        {"items": [{"id": "image-one", "image": "https://images.feed-specs.example/one.jpg"}]}
        """
      When the feed is loaded from the server
      Then loading fails with invalid data
