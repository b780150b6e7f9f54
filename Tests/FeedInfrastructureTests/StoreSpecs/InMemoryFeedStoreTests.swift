import Feed
import FeedInfrastructure
import Foundation
import Testing

/// `InMemoryFeedStore` honours the contract of every feed store; it has no file, so it cannot fail.
@Suite("InMemoryFeedStore")
struct InMemoryFeedStoreTests: FeedStoreSpecs {
    func makeStore(in directory: URL) -> any FeedStore {
        InMemoryFeedStore()
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
}
