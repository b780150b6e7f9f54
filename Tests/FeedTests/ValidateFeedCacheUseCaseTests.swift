import Feed
import FeedTestSupport
import Foundation
import Testing

@Suite("Validate feed cache")
struct ValidateFeedCacheUseCaseTests {
    @Test func `init does not message the store`() async {
        let store = FeedStoreSpy()

        _ = LocalFeedLoader(store: store, currentDate: { testNow })

        #expect(await store.messages.isEmpty)
    }

    @Test func `validateCache deletes cache on retrieval error`() async throws {
        let store = FeedStoreSpy(retrieval: .failure(AnyError()))

        try await LocalFeedLoader(store: store, currentDate: { testNow }).validateCache()

        #expect(await store.operations == [.retrieve, .deleteCachedFeed])
    }

    @Test func `validateCache does not delete cache on empty cache`() async throws {
        let store = FeedStoreSpy(retrieval: .success(nil))

        try await LocalFeedLoader(store: store, currentDate: { testNow }).validateCache()

        #expect(await store.messages == [.retrieve])
    }

    @Test func `validateCache does not delete non-expired cache`() async throws {
        let timestamp = testNow.minusFeedCacheMaxAge().adding(seconds: 1)
        let store = FeedStoreSpy(retrieval: .success(CachedFeed(feed: uniqueImageFeed().local, timestamp: timestamp)))

        try await LocalFeedLoader(store: store, currentDate: { testNow }).validateCache()

        #expect(await store.messages == [.retrieve])
    }

    @Test func `validateCache deletes cache on expiration`() async throws {
        let timestamp = testNow.minusFeedCacheMaxAge()
        let store = FeedStoreSpy(retrieval: .success(CachedFeed(feed: uniqueImageFeed().local, timestamp: timestamp)))

        try await LocalFeedLoader(store: store, currentDate: { testNow }).validateCache()

        #expect(await store.operations == [.retrieve, .deleteCachedFeed])
    }

    @Test func `validateCache deletes expired cache`() async throws {
        let timestamp = testNow.minusFeedCacheMaxAge().adding(seconds: -1)
        let store = FeedStoreSpy(retrieval: .success(CachedFeed(feed: uniqueImageFeed().local, timestamp: timestamp)))

        try await LocalFeedLoader(store: store, currentDate: { testNow }).validateCache()

        #expect(await store.operations == [.retrieve, .deleteCachedFeed])
    }

    @Test func `validateCache honours a configured maximum age`() async throws {
        let timestamp = testNow.adding(days: -10)
        let store = FeedStoreSpy(retrieval: .success(CachedFeed(feed: uniqueImageFeed().local, timestamp: timestamp)))

        try await LocalFeedLoader(store: store, currentDate: { testNow }, maxCacheAgeInDays: 30).validateCache()

        #expect(await store.messages == [.retrieve])
    }

    @Test func `validateCache fails on deletion error of a failed retrieval`() async {
        let store = FeedStoreSpy(deletion: .failure(AnyError(tag: "deletion")), retrieval: .failure(AnyError()))

        await #expect {
            try await LocalFeedLoader(store: store, currentDate: { testNow }).validateCache()
        } throws: { error in
            guard case LocalFeedLoader.Error.deletionFailed(let cause) = error else { return false }
            return cause as? AnyError == AnyError(tag: "deletion")
        }
    }

    @Test func `validateCache fails on deletion error of an expired cache`() async {
        let timestamp = testNow.minusFeedCacheMaxAge()
        let store = FeedStoreSpy(
            deletion: .failure(AnyError(tag: "deletion")),
            retrieval: .success(CachedFeed(feed: uniqueImageFeed().local, timestamp: timestamp)))

        await #expect {
            try await LocalFeedLoader(store: store, currentDate: { testNow }).validateCache()
        } throws: { error in
            guard case LocalFeedLoader.Error.deletionFailed = error else { return false }
            return true
        }
    }

    @Test func `validateCache succeeds on successful deletion of an expired cache`() async {
        let timestamp = testNow.minusFeedCacheMaxAge()
        let store = FeedStoreSpy(retrieval: .success(CachedFeed(feed: uniqueImageFeed().local, timestamp: timestamp)))

        await #expect(throws: Never.self) {
            try await LocalFeedLoader(store: store, currentDate: { testNow }).validateCache()
        }
    }
}
