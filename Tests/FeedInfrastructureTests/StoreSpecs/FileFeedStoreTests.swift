import Feed
import FeedInfrastructure
import FeedTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `FileFeedStore` honours the contract of every feed store, of a store keeping its cache in a file, and of such a
/// store failing on disk.
@Suite("FileFeedStore")
struct FileFeedStoreTests: FailableFeedStoreSpecs {
    func makeStore(at location: URL) -> any FeedStore {
        FileFeedStore(fileURL: location)
    }

    func location(in directory: URL) -> URL {
        directory.appendingPathComponent("cache/feed.json")
    }

    /// The store replaces and removes its file in the folder, so a folder without write permission stops it.
    func makeReadOnly(_ location: URL) -> Bool {
        chmod(location.deletingLastPathComponent().path, 0o500) == 0
    }

    @Test func `retrieve delivers empty on empty cache`() async throws {
        try await assertThatRetrieveDeliversEmptyOnEmptyCache()
    }

    @Test func `retrieve has no side effects on empty cache`() async throws {
        try await assertThatRetrieveHasNoSideEffectsOnEmptyCache()
    }

    @Test func `retrieve delivers found values on non-empty cache`() async throws {
        try await assertThatRetrieveDeliversFoundValuesOnNonEmptyCache()
    }

    @Test func `retrieve has no side effects on non-empty cache`() async throws {
        try await assertThatRetrieveHasNoSideEffectsOnNonEmptyCache()
    }

    @Test func `retrieve delivers every field of every image in order`() async throws {
        try await assertThatRetrieveDeliversEveryFieldOfEveryImageInOrder()
    }

    @Test func `insert delivers no error on empty cache`() async throws {
        try await assertThatInsertDeliversNoErrorOnEmptyCache()
    }

    @Test func `insert delivers no error on non-empty cache`() async throws {
        try await assertThatInsertDeliversNoErrorOnNonEmptyCache()
    }

    @Test func `insert overrides previously inserted cache values`() async throws {
        try await assertThatInsertOverridesPreviouslyInsertedCacheValues()
    }

    @Test func `insert of an empty feed keeps the timestamp`() async throws {
        try await assertThatInsertOfAnEmptyFeedKeepsTheTimestamp()
    }

    @Test func `delete delivers no error on empty cache`() async throws {
        try await assertThatDeleteDeliversNoErrorOnEmptyCache()
    }

    @Test func `delete has no side effects on empty cache`() async throws {
        try await assertThatDeleteHasNoSideEffectsOnEmptyCache()
    }

    @Test func `delete delivers no error on non-empty cache`() async throws {
        try await assertThatDeleteDeliversNoErrorOnNonEmptyCache()
    }

    @Test func `delete empties previously inserted cache`() async throws {
        try await assertThatDeleteEmptiesPreviouslyInsertedCache()
    }

    @Test func `insert after delete stores the new feed`() async throws {
        try await assertThatInsertAfterDeleteStoresTheNewFeed()
    }

    @Test func `100 tasks saving, loading and validating at once never see a mixed feed`() async throws {
        try await assertThatConcurrentTasksNeverSeeAMixedFeed()
    }

    @Test func `a new store at the same location retrieves what the previous one inserted`() async throws {
        try await assertThatANewStoreAtTheSameLocationRetrievesWhatWasInserted()
    }

    @Test func `a store creates its directory`() async throws {
        try await assertThatTheStoreCreatesItsDirectory()
    }

    @Test func `two stores on the same location used by 100 tasks at once never see a mixed feed`() async throws {
        try await assertThatTwoStoresOnOneLocationNeverSeeAMixedFeed()
    }

    @Test func `retrieve delivers an error naming the location when the location is a directory`() async throws {
        try await assertThatRetrieveDeliversFailureWhenTheLocationIsADirectory()
    }

    @Test func `retrieve has no side effects on failure`() async throws {
        try await assertThatRetrieveHasNoSideEffectsOnFailure()
    }

    @Test(.enabled(if: !isRoot, "file permissions do not restrict root"))
    func `retrieve delivers an error naming the location when the file is unreadable`() async throws {
        try await assertThatRetrieveDeliversFailureWhenTheFileIsUnreadable()
    }

    @Test func `insert delivers an error naming the location when its directory cannot be created`() async throws {
        try await assertThatInsertDeliversFailureWhenItsDirectoryCannotBeCreated()
    }

    @Test(.enabled(if: !isRoot, "file permissions do not restrict root"))
    func `insert delivers an error and keeps the old feed in a read-only location`() async throws {
        try await assertThatInsertDeliversFailureAndKeepsTheOldFeedInAReadOnlyLocation()
    }

    @Test func `delete delivers an error naming the location when the location is a directory`() async throws {
        try await assertThatDeleteDeliversFailureWhenTheLocationIsADirectory()
    }

    @Test(.enabled(if: !isRoot, "file permissions do not restrict root"))
    func `delete delivers an error and keeps the feed in a read-only location`() async throws {
        try await assertThatDeleteDeliversFailureAndKeepsTheFeedInAReadOnlyLocation()
    }
}
