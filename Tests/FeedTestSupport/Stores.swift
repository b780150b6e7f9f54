import Feed
import FeedInfrastructure
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension StoreKind: CustomTestStringConvertible {
    /// The store's name in test names.
    public var testDescription: String { rawValue }

    /// The cache's location inside `directory`, one folder down (unused by the in-memory store).
    package func location(in directory: URL) -> URL {
        directory.appendingPathComponent("cache/\(fileName ?? "unused")")
    }
}

/// A directory under the system's temporary directory, removed with `remove()`.
package struct TemporaryDirectory: Sendable {
    package let url: URL

    package init() throws {
        url = scratchFolder.appendingPathComponent("FeedTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    package func remove() {
        _ = chmod(url.path, 0o700)
        if let contents = FileManager.default.enumerator(atPath: url.path) {
            for case let relative as String in contents {
                _ = chmod(url.appendingPathComponent(relative).path, 0o700)
            }
        }
        try? FileManager.default.removeItem(at: url)
    }
}

/// Whether the tests run as root, for whom file permissions do not restrict access.
package let isRoot = getuid() == 0

/// A feed whose every image carries `tag`, so a retrieved feed shows which save it came from.
package func taggedFeed(_ tag: Int, count: Int) -> [LocalFeedImage] {
    (0..<count).map { index in
        LocalFeedImage(
            id: "feed-\(tag)-image-\(index)", description: "save \(tag)",
            location: index.isMultiple(of: 2) ? "L\(tag)" : nil,
            url: URL(string: "https://images.test.example/\(tag)/\(index).jpg")!, photographer: nil)
    }
}

/// The save a feed came from, if every image is one complete tagged feed of `count(tag)` images; `nil` otherwise.
package func tagOfCompleteFeed(_ feed: [LocalFeedImage], expectedCount: (Int) -> Int) -> Int? {
    guard let first = feed.first, let tag = Int(first.id.split(separator: "-")[1]) else { return nil }
    return feed == taggedFeed(tag, count: expectedCount(tag)) ? tag : nil
}
