import Foundation

/// A complete photo of the photo-list contract, with every optional detail present.
package func photoJSON(id: String) -> [String: Any] {
    [
        "id": id,
        "created_at": "2024-02-29T23:30:00+01:00",
        "updated_at": "2024-03-01T08:00:00Z",
        "width": 4000,
        "height": 3000,
        "color": "#A1B2C3",
        "likes": 17,
        "liked_by_user": true,
        "downloads": 250,
        "description": "Photo \(id)",
        "user": [
            "id": "user-\(id)",
            "username": "photographer-\(id)",
            "name": "Photographer \(id)",
            "portfolio_url": "https://portfolio.test.example/\(id)",
            "bio": "Takes photos",
            "location": "Lisbon",
            "total_likes": 3,
            "total_photos": 40,
            "total_collections": 2,
            "instagram_username": "insta-\(id)",
            "twitter_username": NSNull(),
            "profile_image": [
                "small": "https://avatars.test.example/\(id)?s=32",
                "medium": "https://avatars.test.example/\(id)?s=64",
                "large": "https://avatars.test.example/\(id)?s=128",
            ],
            "links": [
                "self": "https://api.test.example/users/\(id)",
                "html": "https://photos.test.example/@\(id)",
            ],
        ],
        "current_user_collections": [["id": 7, "title": "ignored"]],
        "urls": [
            "raw": "https://cdn.test.example/\(id).jpg",
            "full": "https://cdn.test.example/\(id).jpg?q=90",
            "regular": "https://cdn.test.example/\(id).jpg?w=1080",
            "small": "https://cdn.test.example/\(id).jpg?w=400",
            "thumb": "https://cdn.test.example/\(id).jpg?w=200",
        ],
        "links": [
            "self": "https://api.test.example/photos/\(id)",
            "html": "https://photos.test.example/p/\(id)",
            "download": "https://photos.test.example/p/\(id)/download",
            "download_location": "https://api.test.example/photos/\(id)/download",
        ],
        "location": [
            "name": NSNull(),
            "city": "Porto",
            "country": "Portugal",
            "position": ["latitude": 41.1579, "longitude": -8.6291],
        ],
        "exif": [
            "make": "Canon", "model": "EOS R6", "exposure_time": "1/125", "aperture": "4.0", "focal_length": "35.0",
            "iso": 400,
        ],
        "tags": [["title": "river"], ["title": "bridge"]],
    ]
}

/// `object` with the value at the dotted `path` replaced by `value` (`nil` removes the key).
package func setting(_ path: String, to value: Any?, in object: [String: Any]) -> [String: Any] {
    var copy = object
    let keys = path.split(separator: ".").map(String.init)
    if keys.count == 1 {
        copy[keys[0]] = value
    } else {
        let inner = copy[keys[0]] as? [String: Any] ?? [:]
        copy[keys[0]] = setting(keys.dropFirst().joined(separator: "."), to: value, in: inner)
    }
    return copy
}
