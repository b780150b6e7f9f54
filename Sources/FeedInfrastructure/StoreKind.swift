import Feed
import Foundation

/// The three stores of this module by name, and how to make one: how the `feed` command's `--store`, the
/// acceptance specs' `{store}` and the feed's tests choose where the cache is kept.
public enum StoreKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `InMemoryFeedStore`: the cache lives as long as the store.
    case memory
    /// `FileFeedStore`: one JSON file.
    case file
    /// `SQLiteFeedStore`: an SQLite database.
    case sqlite

    /// The stores that keep the cache in a file.
    public static let persistent: [StoreKind] = [.file, .sqlite]

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
