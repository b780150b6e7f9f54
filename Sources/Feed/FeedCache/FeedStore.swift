import Foundation

/// Where the cache keeps its one feed. The feed owns this contract; infrastructure implements it.
///
/// Every store must pass the same contract: retrieving an empty store delivers `nil`; inserting replaces whatever
/// was there, completely or not at all; deleting empties the store and succeeds on an empty store; a failure is
/// thrown as an error that names the store's location, never a crash. Stores must be safe to call from many tasks
/// at once, and a retrieval must never observe a mix of two insertions.
public protocol FeedStore: Sendable {
    /// Deletes the cached feed, if any.
    func deleteCachedFeed() async throws
    /// Replaces the cached feed with `feed`, saved at `timestamp`.
    func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws
    /// The cached feed, or `nil` when nothing is cached.
    func retrieve() async throws -> CachedFeed?
}
