import Foundation

/// Where the cache keeps its one feed. The feed owns this contract; infrastructure implements it.
///
/// A store reads with `retrieve()` and changes the cache only inside `transaction(_:)`: every deletion and insertion
/// made in one transaction takes effect as one atomic replacement. A reader in this or another process, a crash, a
/// full disk or an error thrown half-way sees the cache as it was before the transaction or as it is after it,
/// never in between (no "deleted but not yet replaced" moment).
///
/// Every store must pass the same contract: retrieving an empty store delivers `nil`; inserting replaces whatever
/// was there; deleting empties the store and succeeds on an empty store; a transaction that throws changes nothing;
/// a failure is thrown as an error that names the store's location, never a crash. Stores must be safe to call
/// from many tasks at once.
public protocol FeedStore: Sendable {
    /// The cached feed, or `nil` when nothing is cached.
    func retrieve() async throws -> CachedFeed?

    /// Runs `changes` as one atomic change of the cache and returns what it returns.
    ///
    /// The changes are committed only when `changes` returns; when it throws (or the process dies first) the cache
    /// keeps what it held before and the error is rethrown. A failure to commit is thrown by this method. The
    /// transaction value is valid only inside `changes`; do not keep it.
    func transaction<Result: Sendable>(
        _ changes: @Sendable (any FeedStoreTransaction) throws -> Result
    ) async throws -> Result
}

/// The changes a `FeedStore.transaction(_:)` can make. They become visible together when the transaction commits.
public protocol FeedStoreTransaction {
    /// Deletes the cached feed, if any. Throws when the cache cannot be deleted (nothing changes then).
    func deleteCachedFeed() throws
    /// Replaces the cached feed with `feed`, saved at `timestamp`. Throws when it cannot be stored.
    func insert(_ feed: [LocalFeedImage], timestamp: Date) throws
}

extension FeedStore {
    /// Deletes the cached feed, if any, in a transaction of its own.
    public func deleteCachedFeed() async throws {
        try await transaction { try $0.deleteCachedFeed() }
    }

    /// Replaces the cached feed with `feed`, saved at `timestamp`, in a transaction of its own.
    public func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
        try await transaction { try $0.insert(feed, timestamp: timestamp) }
    }
}
