import Foundation

/// The cache use cases: save the feed, load it back while it is fresh, and clean up a stale or broken cache.
public struct LocalFeedLoader: FeedLoader, FeedCache {
    /// Why a cache use case failed. Each case carries the store's own error, which names the store's location.
    public enum Error: Swift.Error, CustomStringConvertible {
        /// The cached feed could not be read.
        case retrievalFailed(any Swift.Error)
        /// The old cached feed could not be deleted.
        case deletionFailed(any Swift.Error)
        /// The new feed could not be stored.
        case insertionFailed(any Swift.Error)

        /// A one-line explanation including the store's error.
        public var description: String {
            switch self {
            case .retrievalFailed(let error): "Could not read the cached feed: \(error)"
            case .deletionFailed(let error): "Could not delete the cached feed: \(error)"
            case .insertionFailed(let error): "Could not store the new feed: \(error)"
            }
        }
    }

    private let store: any FeedStore
    private let currentDate: @Sendable () -> Date
    /// The policy that decides whether the cached feed is fresh.
    public let policy: FeedCachePolicy

    /// Creates the cache use cases over `store`, reading the time from `currentDate` and keeping a feed fresh for
    /// `maxCacheAgeInDays` calendar days.
    public init(
        store: any FeedStore, currentDate: @escaping @Sendable () -> Date,
        maxCacheAgeInDays: Int = FeedCachePolicy.defaultMaxAgeInDays
    ) {
        self.store = store
        self.currentDate = currentDate
        self.policy = FeedCachePolicy(maxAgeInDays: maxCacheAgeInDays)
    }

    /// Replaces the cached feed with `feed`, timestamped now: deletes the old feed, then inserts the new one, both in
    /// one store transaction, so a reader, a crash or a failure sees the old feed or the new one, never no feed.
    ///
    /// Throws `.deletionFailed` (and inserts nothing) or `.insertionFailed`; either way the old feed stays cached.
    public func save(_ feed: [FeedImage]) async throws {
        let images = feed.map(\.local)
        let timestamp = currentDate()
        do {
            try await store.transaction { cache in
                do {
                    try cache.deleteCachedFeed()
                } catch {
                    throw Error.deletionFailed(error)
                }
                do {
                    try cache.insert(images, timestamp: timestamp)
                } catch {
                    throw Error.insertionFailed(error)
                }
            }
        } catch let error as Error {
            throw error
        } catch {
            // The store could not commit the replacement: the new feed is not stored.
            throw Error.insertionFailed(error)
        }
    }

    /// The cached images while they are fresh; no images when the cache is empty or expired.
    ///
    /// Never changes the store. Throws `.retrievalFailed` when the cache cannot be read.
    public func load() async throws -> [FeedImage] {
        let cache: CachedFeed?
        do {
            cache = try await store.retrieve()
        } catch {
            throw Error.retrievalFailed(error)
        }
        guard let cache, policy.isFresh(savedAt: cache.timestamp, at: currentDate()) else { return [] }
        return cache.feed.map(\.model)
    }

    /// Deletes the cached feed when it is expired or cannot be read; leaves an empty or fresh cache alone.
    ///
    /// Throws `.deletionFailed` when the deletion fails.
    public func validateCache() async throws {
        let isUsable: Bool
        do {
            if let cache = try await store.retrieve() {
                isUsable = policy.isFresh(savedAt: cache.timestamp, at: currentDate())
            } else {
                isUsable = true
            }
        } catch {
            isUsable = false
        }
        guard !isUsable else { return }
        do {
            try await store.deleteCachedFeed()
        } catch {
            throw Error.deletionFailed(error)
        }
    }
}
