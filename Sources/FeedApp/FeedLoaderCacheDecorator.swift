import Feed

/// Saves every feed a loader delivers into a cache, without letting a failed save hide the feed.
public struct FeedLoaderCacheDecorator: FeedLoader {
    private let decoratee: any FeedLoader
    private let cache: any FeedCache

    /// Creates the decorator.
    public init(decoratee: any FeedLoader, cache: any FeedCache) {
        self.decoratee = decoratee
        self.cache = cache
    }

    /// The decoratee's feed, saved into the cache first. A failing save is ignored; a failing load is rethrown.
    public func load() async throws -> [FeedImage] {
        let feed = try await decoratee.load()
        try? await cache.save(feed)
        return feed
    }
}
