/// Something that delivers the feed: the server, the cache, or a composition of both.
public protocol FeedLoader: Sendable {
    /// Loads the feed, or throws the reason it could not.
    func load() async throws -> [FeedImage]
}
