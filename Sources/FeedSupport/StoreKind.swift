import Feed
import FeedInfrastructure
import Foundation

/// The three stores the cache can be kept in, and how to make one: shared by the `feed` command, the acceptance
/// specs (the `{store}` parameter type) and the feed's tests.
public enum StoreKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `InMemoryFeedStore`: the cache lives as long as the store.
    case memory
    /// `FileFeedStore`: one JSON file.
    case file
    /// `SQLiteFeedStore`: an SQLite database.
    case sqlite

    /// The stores that keep the cache in a file.
    public static let persistent: [StoreKind] = [.file, .sqlite]

    /// The regular expression a `{store}` parameter matches.
    public static let pattern = "memory|file|sqlite"

    /// `memory`, `file` or `sqlite`.
    public var description: String { rawValue }

    /// The name of the store's file in a folder: `feed.json`, `feed.sqlite`, or nil for the in-memory store.
    public var fileName: String? {
        switch self {
        case .memory: nil
        case .file: "feed.json"
        case .sqlite: "feed.sqlite"
        }
    }

    /// A new store of this kind whose file is `fileURL` (ignored by the in-memory store). Nothing is touched on
    /// disk until the store is first used.
    public func makeStore(at fileURL: URL) -> any FeedStore {
        switch self {
        case .memory: InMemoryFeedStore()
        case .file: FileFeedStore(fileURL: fileURL)
        case .sqlite: SQLiteFeedStore(fileURL: fileURL)
        }
    }
}
