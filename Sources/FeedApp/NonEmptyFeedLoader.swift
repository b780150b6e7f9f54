import Feed

/// Turns "no images" into an error, for a source where an empty feed means there is nothing to show.
public struct NonEmptyFeedLoader: FeedLoader {
    /// Thrown when the decorated loader delivers no images.
    public struct EmptyFeedError: Error, CustomStringConvertible {
        /// Creates the error.
        public init() {}

        /// A one-line explanation.
        public var description: String { "There is no feed to show." }
    }

    private let decoratee: any FeedLoader

    /// Creates the decorator.
    public init(_ decoratee: any FeedLoader) {
        self.decoratee = decoratee
    }

    /// The decoratee's feed; throws `EmptyFeedError` when it is empty.
    public func load() async throws -> [FeedImage] {
        let feed = try await decoratee.load()
        guard !feed.isEmpty else { throw EmptyFeedError() }
        return feed
    }
}
