import Feed
import Foundation

/// A feed store that keeps the cache in memory, for as long as the store lives.
public actor InMemoryFeedStore: FeedStore {
    private var cache: CachedFeed?

    /// Creates a store holding `cache` (empty by default).
    public init(cache: CachedFeed? = nil) {
        self.cache = cache
    }

    /// Empties the store.
    public func deleteCachedFeed() {
        cache = nil
    }

    /// Replaces the cached feed.
    public func insert(_ feed: [LocalFeedImage], timestamp: Date) {
        cache = CachedFeed(feed: feed, timestamp: timestamp)
    }

    /// The cached feed, or `nil` when empty.
    public func retrieve() -> CachedFeed? {
        cache
    }
}
