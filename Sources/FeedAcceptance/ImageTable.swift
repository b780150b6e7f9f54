import Feed
import Foundation
import SpecKit

/// Compares images against a data table such as
///
/// ```
/// | description        | location     | image                                      |
/// | Sunset at the pier | Brighton, UK | https://images.feed-specs.example/pier.jpg |
/// ```
///
/// The table names the columns it cares about (`id`, `description`, `location`, `image`, `photographer`); an empty
/// cell means the image has no such detail. A mismatch fails with both tables side by side, row by row.
struct ImageTable {
    /// One image, reduced to what a table can say about it.
    struct Row {
        var id: String
        var description: String?
        var location: String?
        var image: String
        var photographer: String?

        init(_ image: FeedImage) {
            id = image.id
            description = image.description
            location = image.location
            self.image = image.url.absoluteString
            photographer = image.photographer
        }

        init(_ image: DisplayedImage) {
            id = image.id
            description = image.description
            location = image.location
            self.image = image.url.absoluteString
            photographer = image.photographer
        }

        func cell(_ column: String) -> String {
            switch column {
            case "id": id
            case "description": description ?? ""
            case "location": location ?? ""
            case "image": image
            case "photographer": photographer ?? ""
            default: ""
            }
        }
    }

    static let columns = ["id", "description", "location", "image", "photographer"]

    /// The images a table describes, for steps that put them somewhere (ids made up when the table has none).
    static func images(from table: DataTable, idPrefix: String) throws -> [FeedImage] {
        try checkColumns(of: table)
        guard table.header.contains("image") else {
            try fail("The table of images needs an \"image\" column with each image's address")
        }
        return try table.hashes.enumerated().map { index, row in
            let address = row["image"] ?? ""
            guard let url = URL(string: address), url.scheme != nil else {
                try fail("Row \(index + 1) of the table: \"\(address)\" is not an image address")
            }
            func optional(_ column: String) -> String? {
                guard let value = row[column], !value.isEmpty else { return nil }
                return value
            }
            return FeedImage(
                id: optional("id") ?? SampleImages.id(prefix: idPrefix, index: index + 1),
                description: optional("description"), location: optional("location"), url: url,
                photographer: optional("photographer"))
        }
    }

    /// Throws a `StepFailure` showing expected and actual rows when `actual` is not what `expected` describes.
    static func expect(_ actual: [Row], toMatch expected: DataTable, what: String) throws {
        try checkColumns(of: expected)
        let header = expected.header
        let actualCells = actual.map { row in header.map { row.cell($0) } }
        let expectedCells = expected.rows
        guard actualCells != expectedCells else { return }

        let everyRow = [header] + expectedCells + actualCells
        var widths = header.map(\.count)
        for row in everyRow {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        func line(_ marker: String, _ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, cell in
                cell + String(repeating: " ", count: max(0, widths[column] - cell.count))
            }
            return "\(marker) | " + padded.joined(separator: " | ") + " |"
        }
        var lines = [line(" ", header)]
        var firstDifference: Int?
        for index in 0..<max(expectedCells.count, actualCells.count) {
            let wanted = index < expectedCells.count ? expectedCells[index] : nil
            let found = index < actualCells.count ? actualCells[index] : nil
            if let wanted, let found, wanted == found {
                lines.append(line(" ", wanted))
                continue
            }
            firstDifference = firstDifference ?? index
            if let wanted { lines.append(line("-", wanted)) }
            if let found { lines.append(line("+", found)) }
        }
        var summary = "Expected \(what) \(Wording.count(expectedCells.count, "image")) as in the table"
        if expectedCells.count != actualCells.count {
            summary += ", but there were \(actualCells.count)"
        } else if let firstDifference {
            summary += ", but row \(firstDifference + 1) differs"
        }
        // The first differing row's place in the `.feature` file, in front, so that it is where the failure shows.
        var place = ""
        if let firstDifference, firstDifference < expectedCells.count, let uri = expected.uri,
            let location = expected.location(row: firstDifference + 1, column: 0)
        {
            place = "\(uri):\(location.line):\(location.column ?? 1): "
        }
        try fail(place + summary + " (- expected, + actual):\n" + lines.joined(separator: "\n"))
    }

    private static func checkColumns(of table: DataTable) throws {
        for column in table.header where !columns.contains(column) {
            try fail(
                "The table has a column \"\(column)\" the specs do not know; use "
                    + columns.map { "\"\($0)\"" }.joined(separator: ", "))
        }
    }
}

/// The made-up images of steps such as "the cache holds 3 images saved 2 days ago".
enum SampleImages {
    /// A UUID-shaped identifier, the same for the same prefix and index in every run.
    static func id(prefix: String, index: Int) -> String {
        let hex = String(index, radix: 16, uppercase: true)
        let tail = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
        return "\(prefix)-0000-4000-8000-\(tail)"
    }

    /// `count` images called e.g. "Saved image 1", with addresses under `images.feed-specs.example/<kind>/`.
    static func make(_ count: Int, kind: String, prefix: String) -> [FeedImage] {
        (0..<max(0, count)).map { offset in
            let index = offset + 1
            let url =
                URL(string: "https://images.feed-specs.example/\(kind)/\(index).jpg")
                ?? URL(fileURLWithPath: "/\(kind)/\(index).jpg")
            return FeedImage(
                id: id(prefix: prefix, index: index), description: "\(kind.capitalized) image \(index)",
                location: nil, url: url)
        }
    }
}
