import Feed
import FeedTestSupport
import Foundation
import Testing

@Suite("Load feed from cache")
struct LoadFeedFromCacheUseCaseTests {
    @Test func `init does not message the store`() async {
        let store = FeedStoreSpy()

        _ = LocalFeedLoader(store: store, currentDate: { testNow })

        #expect(await store.messages.isEmpty)
    }

    @Test func `load requests cache retrieval`() async throws {
        let store = FeedStoreSpy()

        _ = try await LocalFeedLoader(store: store, currentDate: { testNow }).load()

        #expect(await store.messages == [.retrieve])
    }

    @Test func `load fails on retrieval error`() async {
        let store = FeedStoreSpy(retrieval: .failure(AnyError(tag: "retrieval")))

        await #expect {
            _ = try await LocalFeedLoader(store: store, currentDate: { testNow }).load()
        } throws: { error in
            guard case LocalFeedLoader.Error.retrievalFailed(let cause) = error else { return false }
            return cause as? AnyError == AnyError(tag: "retrieval")
        }
    }

    @Test func `load delivers no images on empty cache`() async throws {
        let store = FeedStoreSpy(retrieval: .success(nil))

        let images = try await LocalFeedLoader(store: store, currentDate: { testNow }).load()

        #expect(images.isEmpty)
    }

    @Test func `load delivers cached images on non-expired cache`() async throws {
        let feed = uniqueImageFeed()
        let timestamp = testNow.minusFeedCacheMaxAge().adding(seconds: 1)
        let store = FeedStoreSpy(retrieval: .success(CachedFeed(feed: feed.local, timestamp: timestamp)))

        let images = try await LocalFeedLoader(store: store, currentDate: { testNow }).load()

        #expect(images == feed.models)
    }

    @Test func `load delivers no images on cache expiration`() async throws {
        let timestamp = testNow.minusFeedCacheMaxAge()
        let store = FeedStoreSpy(retrieval: .success(CachedFeed(feed: uniqueImageFeed().local, timestamp: timestamp)))

        let images = try await LocalFeedLoader(store: store, currentDate: { testNow }).load()

        #expect(images.isEmpty)
    }

    @Test func `load delivers no images on expired cache`() async throws {
        let timestamp = testNow.minusFeedCacheMaxAge().adding(seconds: -1)
        let store = FeedStoreSpy(retrieval: .success(CachedFeed(feed: uniqueImageFeed().local, timestamp: timestamp)))

        let images = try await LocalFeedLoader(store: store, currentDate: { testNow }).load()

        #expect(images.isEmpty)
    }

    @Test func `load delivers an empty cached feed as no images`() async throws {
        let store = FeedStoreSpy(retrieval: .success(CachedFeed(feed: [], timestamp: testNow)))

        let images = try await LocalFeedLoader(store: store, currentDate: { testNow }).load()

        #expect(images.isEmpty)
    }

    private static let day: Double = 86400
    private static let configuredAges: [(maxAge: Int, savedSecondsAgo: Double, delivered: Bool)] = [
        (1, 23 * 3600, true), (1, day, false), (3, 3 * day - 1, true), (30, 29 * day, true), (30, 30 * day, false),
        (0, 0, false),
    ]

    @Test(arguments: configuredAges)
    func `load honours a configured maximum age`(maxAge: Int, savedSecondsAgo: Double, delivered: Bool) async throws {
        let feed = uniqueImageFeed()
        let timestamp = testNow.adding(seconds: -savedSecondsAgo)
        let store = FeedStoreSpy(retrieval: .success(CachedFeed(feed: feed.local, timestamp: timestamp)))

        let images = try await LocalFeedLoader(store: store, currentDate: { testNow }, maxCacheAgeInDays: maxAge).load()

        #expect(images == (delivered ? feed.models : []))
    }

    @Test func `load has no side effects on retrieval error`() async {
        let store = FeedStoreSpy(retrieval: .failure(AnyError()))

        _ = try? await LocalFeedLoader(store: store, currentDate: { testNow }).load()

        #expect(await store.messages == [.retrieve])
    }

    @Test func `load has no side effects on empty cache`() async throws {
        let store = FeedStoreSpy(retrieval: .success(nil))

        _ = try await LocalFeedLoader(store: store, currentDate: { testNow }).load()

        #expect(await store.messages == [.retrieve])
    }

    @Test func `load has no side effects on non-expired cache`() async throws {
        let timestamp = testNow.minusFeedCacheMaxAge().adding(seconds: 1)
        let store = FeedStoreSpy(retrieval: .success(CachedFeed(feed: uniqueImageFeed().local, timestamp: timestamp)))

        _ = try await LocalFeedLoader(store: store, currentDate: { testNow }).load()

        #expect(await store.messages == [.retrieve])
    }

    @Test func `load has no side effects on cache expiration`() async throws {
        let timestamp = testNow.minusFeedCacheMaxAge()
        let store = FeedStoreSpy(retrieval: .success(CachedFeed(feed: uniqueImageFeed().local, timestamp: timestamp)))

        _ = try await LocalFeedLoader(store: store, currentDate: { testNow }).load()

        #expect(await store.messages == [.retrieve])
    }

    @Test func `load has no side effects on expired cache`() async throws {
        let timestamp = testNow.minusFeedCacheMaxAge().adding(seconds: -1)
        let store = FeedStoreSpy(retrieval: .success(CachedFeed(feed: uniqueImageFeed().local, timestamp: timestamp)))

        _ = try await LocalFeedLoader(store: store, currentDate: { testNow }).load()

        #expect(await store.messages == [.retrieve])
    }
}
