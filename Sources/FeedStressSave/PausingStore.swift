import Feed
import Foundation

/// A store whose first transaction stops for a while right after its deletion, before the insertion: the window in
/// which a save used to leave no cache. A test kills the process there, or reads the store from another process.
actor PausingStore: FeedStore {
    private let decoratee: any FeedStore
    private let seconds: TimeInterval
    private let announce: @Sendable () -> Void
    private var hasPaused = false

    init(_ decoratee: any FeedStore, seconds: TimeInterval, announce: @escaping @Sendable () -> Void) {
        self.decoratee = decoratee
        self.seconds = seconds
        self.announce = announce
    }

    func retrieve() async throws -> CachedFeed? {
        try await decoratee.retrieve()
    }

    func transaction<Result: Sendable>(
        _ changes: @Sendable (any FeedStoreTransaction) throws -> Result
    ) async throws -> Result {
        let pause: TimeInterval? = hasPaused ? nil : seconds
        hasPaused = true
        let announce = announce
        return try await decoratee.transaction { inner in
            try changes(Pausing(inner, pause: pause, announce: announce))
        }
    }

    /// The real transaction, stopping the thread after its deletion: the stop is meant to block everything.
    private final class Pausing: FeedStoreTransaction {
        let inner: any FeedStoreTransaction
        let pause: TimeInterval?
        let announce: @Sendable () -> Void

        init(_ inner: any FeedStoreTransaction, pause: TimeInterval?, announce: @escaping @Sendable () -> Void) {
            self.inner = inner
            self.pause = pause
            self.announce = announce
        }

        func deleteCachedFeed() throws {
            try inner.deleteCachedFeed()
            guard let pause else { return }
            announce()
            Thread.sleep(forTimeInterval: pause)
        }

        func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
            try inner.insert(feed, timestamp: timestamp)
        }
    }
}
