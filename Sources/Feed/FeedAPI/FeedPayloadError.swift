/// Why a server's answer is not a feed, as the payload mappers diagnose it.
///
/// `RemoteFeedLoader` reports every such error as `RemoteFeedLoader.Error.invalidData`; the reason is for logs,
/// tools and fuzzing.
public struct FeedPayloadError: Error, Hashable, CustomStringConvertible {
    /// What is wrong, naming the offending field, e.g. `items[1].image: the field is missing`.
    public var reason: String

    /// Creates an error with the given reason.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// The reason, prefixed so it reads well on its own.
    public var description: String { "Invalid feed payload: \(reason)" }
}
