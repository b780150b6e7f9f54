import Feed

/// Saves every feed a loader delivers into a cache, without letting a failed save hide the feed.
public struct FeedLoaderCacheDecorator: FeedLoader {
    private let decoratee: any FeedLoader
    private let cache: any FeedCache
    private let onSaveFailure: @Sendable (any Error) -> Void

    /// Creates the decorator; `onSaveFailure` hears of every save that fails (by default nobody does).
    public init(
        decoratee: any FeedLoader, cache: any FeedCache,
        onSaveFailure: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        self.decoratee = decoratee
        self.cache = cache
        self.onSaveFailure = onSaveFailure
    }

    /// The decoratee's feed, saved into the cache first. A failing save is reported to `onSaveFailure` and does
    /// not hide the feed; a failing load is rethrown.
    public func load() async throws -> [FeedImage] {
        let feed = try await decoratee.load()
        do {
            try await cache.save(feed)
        } catch {
            onSaveFailure(error)
        }
        return feed
    }
}
