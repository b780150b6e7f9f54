/// The stores every scenario runs against: the `{store}` parameter type of the step library.
public enum StoreKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `InMemoryFeedStore`: the cache lives as long as the app.
    case memory
    /// `FileFeedStore`: one JSON file in a fresh temporary folder.
    case file
    /// `SQLiteFeedStore`: an SQLite database in a fresh temporary folder.
    case sqlite

    /// The regular expression a `{store}` parameter matches.
    public static let pattern = "memory|file|sqlite"

    /// The name used in test names and steps: `memory`, `file` or `sqlite`.
    public var description: String { rawValue }
}
