import Feed
import Foundation

/// Wraps the real store under test and makes chosen operations fail, for the scenarios where the cache
/// misbehaves. The production code has no switches for this; only the specs use the decorator.
///
/// When nothing is switched on, every call goes straight to the real store.
public actor FailingFeedStore: FeedStore {
    /// The error a switched-on failure throws.
    public struct SimulatedFailure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The operation that failed: `delete`, `insert` or `read`.
        public var operation: String

        /// A one-line explanation.
        public var description: String { "The cache refused to \(operation) (a failure the scenario asked for)." }
    }

    private var decoratee: any FeedStore
    /// Whether deleting the cached feed fails.
    public var failsDeletion = false
    /// Whether storing a new feed fails.
    public var failsInsertion = false
    /// Whether reading the cached feed fails, until the cache is deleted or replaced.
    public var failsRetrieval = false

    /// Wraps `decoratee`.
    public init(_ decoratee: any FeedStore) {
        self.decoratee = decoratee
    }

    /// Switches the failures on or off.
    public func configure(failsDeletion: Bool? = nil, failsInsertion: Bool? = nil, failsRetrieval: Bool? = nil) {
        if let failsDeletion { self.failsDeletion = failsDeletion }
        if let failsInsertion { self.failsInsertion = failsInsertion }
        if let failsRetrieval { self.failsRetrieval = failsRetrieval }
    }

    /// Puts a new real store behind the decorator (used after the store's file was overwritten on disk).
    public func replaceDecoratee(with store: any FeedStore) {
        decoratee = store
    }

    /// Deletes through the real store, unless deletion is switched to fail. A successful deletion makes an
    /// unreadable cache readable again (it is empty now).
    public func deleteCachedFeed() async throws {
        if failsDeletion { throw SimulatedFailure(operation: "delete") }
        try await decoratee.deleteCachedFeed()
        failsRetrieval = false
    }

    /// Inserts through the real store, unless insertion is switched to fail. A successful insertion makes an
    /// unreadable cache readable again.
    public func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
        if failsInsertion { throw SimulatedFailure(operation: "insert") }
        try await decoratee.insert(feed, timestamp: timestamp)
        failsRetrieval = false
    }

    /// Reads through the real store, unless reading is switched to fail.
    public func retrieve() async throws -> CachedFeed? {
        if failsRetrieval { throw SimulatedFailure(operation: "read") }
        return try await decoratee.retrieve()
    }
}
