import Feed
import FeedInfrastructure
import Foundation
import Testing

/// `FileFeedStore` honours the contract of every feed store, and of a store that keeps its cache in a file.
@Suite("FileFeedStore")
struct FileFeedStoreTests: PersistentFeedStoreSpecs {
    func makeStore(at location: URL) -> any FeedStore {
        FileFeedStore(fileURL: location)
    }

    func location(in directory: URL) -> URL {
        directory.appendingPathComponent("feed.json")
    }

    @Test func `retrieve delivers empty on empty cache, with no side effects`() async throws {
        try await assertThatRetrieveDeliversEmptyOnEmptyCache()
    }

    @Test func `retrieve delivers found values on non-empty cache, with no side effects`() async throws {
        try await assertThatRetrieveDeliversFoundValuesOnNonEmptyCache()
    }

    @Test func `retrieve delivers every field of every image in order`() async throws {
        try await assertThatRetrieveDeliversEveryFieldOfEveryImageInOrder()
    }

    @Test func `insert delivers no error on empty and non-empty cache`() async throws {
        try await assertThatInsertDeliversNoErrorOnEmptyAndNonEmptyCache()
    }

    @Test func `insert overrides previously inserted cache values`() async throws {
        try await assertThatInsertOverridesPreviouslyInsertedCacheValues()
    }

    @Test func `insert of an empty feed keeps the timestamp`() async throws {
        try await assertThatInsertOfAnEmptyFeedKeepsTheTimestamp()
    }

    @Test func `delete has no side effects on empty cache`() async throws {
        try await assertThatDeleteHasNoSideEffectsOnEmptyCache()
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
}
