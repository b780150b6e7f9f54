import Feed
import Foundation

/// Wraps the real store under test and makes chosen operations fail, for the scenarios where the cache
/// misbehaves. The production code has no switches for this; only the specs use the decorator.
///
/// The failures happen inside the real store's transaction, exactly where a real failure would: a failed insertion
/// after a successful deletion leaves the transaction uncommitted, so the real store keeps its old feed. When
/// nothing is switched on, every call goes straight to the real store.
public actor FailingFeedStore: FeedStore {
    /// The error a switched-on failure throws.
    public struct SimulatedFailure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The operation that failed: `delete`, `insert`, `read`, or `finish saving` for an interrupted save.
        public var operation: String

        /// A one-line explanation.
        public var description: String { "The cache refused to \(operation) (a failure the scenario asked for)." }
    }

    private var decoratee: any FeedStore
    /// Whether deleting the cached feed fails.
    public private(set) var failsDeletion = false
    /// Whether storing a new feed fails.
    public private(set) var failsInsertion = false
    /// Whether reading the cached feed fails, until the cache is deleted or replaced.
    public private(set) var failsRetrieval = false
    /// Whether a save stops between deleting the old feed and storing the new one, as when the app is killed there.
    public private(set) var interruptsAfterDeletion = false

    /// Wraps `decoratee`.
    public init(_ decoratee: any FeedStore) {
        self.decoratee = decoratee
    }

    /// Switches the failures on or off.
    public func configure(
        failsDeletion: Bool? = nil, failsInsertion: Bool? = nil, failsRetrieval: Bool? = nil,
        interruptsAfterDeletion: Bool? = nil
    ) {
        if let failsDeletion { self.failsDeletion = failsDeletion }
        if let failsInsertion { self.failsInsertion = failsInsertion }
        if let failsRetrieval { self.failsRetrieval = failsRetrieval }
        if let interruptsAfterDeletion { self.interruptsAfterDeletion = interruptsAfterDeletion }
    }

    /// Puts a new real store behind the decorator (used after the store's file was overwritten on disk).
    public func replaceDecoratee(with store: any FeedStore) {
        decoratee = store
    }

    /// Runs `changes` in the real store's transaction, failing the switched-on operations inside it. A committed
    /// deletion or insertion makes an unreadable cache readable again.
    public func transaction<Result: Sendable>(
        _ changes: @Sendable (any FeedStoreTransaction) throws -> Result
    ) async throws -> Result {
        let switches = Switches(
            failsDeletion: failsDeletion, failsInsertion: failsInsertion,
            interruptsAfterDeletion: interruptsAfterDeletion)
        let (result, changed) = try await decoratee.transaction { inner in
            let transaction = Transaction(inner, switches: switches)
            let result = try changes(transaction)
            return (result, transaction.changed)
        }
        if changed { failsRetrieval = false }
        return result
    }

    /// Reads through the real store, unless reading is switched to fail.
    public func retrieve() async throws -> CachedFeed? {
        if failsRetrieval { throw SimulatedFailure(operation: "read") }
        return try await decoratee.retrieve()
    }

    private struct Switches: Sendable {
        let failsDeletion: Bool
        let failsInsertion: Bool
        let interruptsAfterDeletion: Bool
    }

    /// The real store's transaction behind the switches.
    private final class Transaction: FeedStoreTransaction {
        private let inner: any FeedStoreTransaction
        private let switches: Switches
        private(set) var changed = false

        init(_ inner: any FeedStoreTransaction, switches: Switches) {
            self.inner = inner
            self.switches = switches
        }

        func deleteCachedFeed() throws {
            if switches.failsDeletion { throw SimulatedFailure(operation: "delete") }
            try inner.deleteCachedFeed()
            changed = true
            if switches.interruptsAfterDeletion { throw SimulatedFailure(operation: "finish saving") }
        }

        func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
            if switches.failsInsertion { throw SimulatedFailure(operation: "insert") }
            try inner.insert(feed, timestamp: timestamp)
            changed = true
        }
    }
}
