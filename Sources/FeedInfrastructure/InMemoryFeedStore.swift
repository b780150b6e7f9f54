import Feed
import Foundation

/// A feed store that keeps the cache in memory, for as long as the store lives.
public actor InMemoryFeedStore: FeedStore {
    private var cache: CachedFeed?

    /// Creates a store holding `cache` (empty by default).
    public init(cache: CachedFeed? = nil) {
        self.cache = cache
    }

    /// The cached feed, or `nil` when empty.
    public func retrieve() -> CachedFeed? {
        cache
    }

    /// Runs `changes` on a copy of the cache and keeps the copy only when `changes` returns.
    public func transaction<Result: Sendable>(
        _ changes: @Sendable (any FeedStoreTransaction) throws -> Result
    ) throws -> Result {
        let staged = StagedCache(cache)
        let result = try changes(staged)
        cache = staged.cache
        return result
    }

    /// The cache as a transaction changes it, before it is kept.
    private final class StagedCache: FeedStoreTransaction {
        var cache: CachedFeed?

        init(_ cache: CachedFeed?) {
            self.cache = cache
        }

        func deleteCachedFeed() {
            cache = nil
        }

        func insert(_ feed: [LocalFeedImage], timestamp: Date) {
            cache = CachedFeed(feed: feed, timestamp: timestamp)
        }
    }
}
