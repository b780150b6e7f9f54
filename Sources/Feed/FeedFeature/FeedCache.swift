/// Something that keeps a feed for later.
public protocol FeedCache: Sendable {
    /// Replaces whatever was kept with `feed`, or throws the reason it could not.
    func save(_ feed: [FeedImage]) async throws
}
