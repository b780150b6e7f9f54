import Feed
import Foundation
import SpecKit

extension FeedWorld {
    /// The photos the last load delivered; fails with what happened instead.
    func deliveredPhotos(expecting what: String) throws -> [Photo] {
        guard case .photos(let photos) = lastLoad else {
            try fail("Expected \(what) to be delivered, but \(Wording.outcome(lastLoad))")
        }
        return photos
    }

    /// Expects the last photo load to have delivered `count` photos.
    public func expectPhotosDelivered(count: Int) throws {
        let what = Wording.count(count, "photo")
        let photos = try deliveredPhotos(expecting: what)
        guard photos.count == count else {
            try fail("Expected \(what) to be delivered, but \(Wording.outcome(lastLoad))")
        }
    }

    /// Expects the first photo delivered to have the details of a two-column `field | value` table. The fields
    /// are `id`, `size` (`6000 x 4000`), `colour`, `likes`, `photographer` (`Name (@handle)`), `place`, `created`
    /// (ISO 8601 in UTC), `description` and `downloads`.
    public func expectFirstPhoto(_ table: DataTable) throws {
        let photos = try deliveredPhotos(expecting: "photos")
        guard let photo = photos.first else {
            try fail("Expected a first photo, but no photos were delivered")
        }
        let details = Self.details(of: photo)
        var differences: [String] = []
        // The first wrong value's place in the `.feature` file, in front, so that it is where the failure shows.
        var place = ""
        for (index, row) in table.raw.enumerated() {
            guard row.count == 2 else {
                try fail("Row \(index + 1) of the table needs two cells, a field and its value")
            }
            let (field, expected) = (row[0], row[1])
            if index == 0, field == "field", expected == "value" { continue }
            guard let actual = details[field] else {
                try fail(
                    "The table names a field \"\(field)\" the specs do not know; use "
                        + details.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))
            }
            if actual != expected {
                differences.append("\(field) \"\(actual)\" instead of \"\(expected)\"")
                if place.isEmpty, let uri = table.uri, let location = table.location(row: index, column: 1) {
                    place = "\(uri):\(location.line):\(location.column ?? 1): "
                }
            }
        }
        guard differences.isEmpty else {
            try fail(place + "The first photo is not as expected: " + differences.joined(separator: "; "))
        }
    }

    private static func details(of photo: Photo) -> [String: String] {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .gmt
        return [
            "id": photo.id,
            "size": "\(photo.width) x \(photo.height)",
            "colour": photo.color,
            "likes": String(photo.likes),
            "photographer": "\(photo.user.name) (@\(photo.user.username))",
            "place": photo.location?.displayName ?? "",
            "created": formatter.string(from: photo.createdAt),
            "description": photo.description ?? "",
            "downloads": photo.downloads.map(String.init) ?? "",
        ]
    }
}
