import Feed
import FeedApp
import FeedInfrastructure
import FeedTestDoubles
import FeedTestSupport
import Foundation
import Testing

@Suite("The headless app")
struct FeedAppTests {
    private let feedURL = URL(string: "https://feed.test.example/app/feed")!

    private func makeApp(
        client: StubHTTPClient, store: any FeedStore, contract: FeedContract = .items, clock: TestClock = TestClock(),
        maxCacheAgeInDays: Int = 7
    ) -> FeedApp {
        FeedApp(
            httpClient: client, store: store, feedURL: feedURL, contract: contract, currentDate: clock.currentDate,
            maxCacheAgeInDays: maxCacheAgeInDays)
    }

    private func onlineClient(serving images: [FeedImage]) -> StubHTTPClient {
        let items = images.map {
            feedItemJSON(id: $0.id, description: $0.description, location: $0.location, image: $0.url.absoluteString)
        }
        return StubHTTPClient.answering(200, itemsJSON(items), at: feedURL)
    }

    private func cachedStore(_ images: [FeedImage], savedAt timestamp: Date) async -> InMemoryFeedStore {
        InMemoryFeedStore(cache: CachedFeed(feed: images.map(\.local), timestamp: timestamp))
    }

    @Test func `the app shows loading before it is launched`() async {
        let app = makeApp(client: .offline(), store: InMemoryFeedStore())

        #expect(await app.screen == .loading)
    }

    @Test func `launch shows the remote feed when online`() async {
        let remote = uniqueImageFeed(count: 3).models
        let app = makeApp(client: onlineClient(serving: remote), store: InMemoryFeedStore())

        let screen = await app.launch()

        #expect(screen == .loaded(remote))
        #expect(await app.screen == screen)
    }

    @Test func `launch replaces the cache with the remote feed, timestamped now`() async throws {
        let remote = uniqueImageFeed(count: 3).models
        let store = await cachedStore(uniqueImageFeed().models, savedAt: testNow.adding(days: -3))
        let app = makeApp(client: onlineClient(serving: remote), store: store)

        await app.launch()

        #expect(await store.retrieve() == CachedFeed(feed: remote.map(\.local), timestamp: testNow))
    }

    @Test func `launch shows the remote feed, never the cached one, when online`() async {
        let remote = uniqueImageFeed(count: 4).models
        let store = await cachedStore(uniqueImageFeed().models, savedAt: testNow.adding(seconds: -3600))
        let app = makeApp(client: onlineClient(serving: remote), store: store)

        #expect(await app.launch() == .loaded(remote))
    }

    @Test func `launch still shows the remote feed when saving it fails`() async {
        let remote = uniqueImageFeed(count: 4).models
        let store = FeedStoreSpy(insertion: .failure(AnyError()))
        let app = makeApp(client: onlineClient(serving: remote), store: store)

        #expect(await app.launch() == .loaded(remote))
    }

    @Test func `launch still shows the remote feed when deleting the old cache fails`() async {
        let remote = uniqueImageFeed(count: 4).models
        let store = FeedStoreSpy(deletion: .failure(AnyError()))
        let app = makeApp(client: onlineClient(serving: remote), store: store)

        #expect(await app.launch() == .loaded(remote))
    }

    @Test func `launch asks the server for the feed once`() async {
        let client = onlineClient(serving: uniqueImageFeed().models)
        let app = makeApp(client: client, store: InMemoryFeedStore())

        await app.launch()

        #expect(client.requests == [feedURL])
    }

    @Test func `launch shows an empty remote feed as no images`() async {
        let app = makeApp(client: onlineClient(serving: []), store: InMemoryFeedStore())

        #expect(await app.launch() == .feed([]))
    }

    @Test func `launch shows the cached feed when offline and the cache is fresh`() async {
        let cached = uniqueImageFeed(count: 2).models
        let store = await cachedStore(cached, savedAt: testNow.minusFeedCacheMaxAge().adding(seconds: 1))
        let app = makeApp(client: .offline(), store: store)

        #expect(await app.launch() == .loaded(cached))
    }

    @Test func `launch shows the cached feed when the server answers with invalid data`() async {
        let cached = uniqueImageFeed(count: 3).models
        let store = await cachedStore(cached, savedAt: testNow.adding(days: -1))
        let app = makeApp(client: .answering(200, Data("<html>502</html>".utf8), at: feedURL), store: store)

        #expect(await app.launch() == .loaded(cached))
    }

    @Test func `launch leaves the cache as it was when the server fails`() async throws {
        let saved = CachedFeed(feed: uniqueImageFeed(count: 3).local, timestamp: testNow.adding(days: -1))
        let store = InMemoryFeedStore(cache: saved)
        let app = makeApp(client: .answering(500, Data(), at: feedURL), store: store)

        await app.launch()

        #expect(await store.retrieve() == saved)
    }

    @Test func `launch shows the error message when offline and the cache is empty`() async {
        let app = makeApp(client: .offline(), store: InMemoryFeedStore())

        #expect(await app.launch() == .error("Couldn't connect to server"))
    }

    @Test func `launch shows the error message when offline and the cache is seven days old`() async {
        let store = await cachedStore(uniqueImageFeed().models, savedAt: testNow.minusFeedCacheMaxAge())
        let app = makeApp(client: .offline(), store: store)

        #expect(await app.launch() == .error("Couldn't connect to server"))
    }

    @Test func `launch shows the error message when offline and the cache holds an empty feed`() async {
        let store = await cachedStore([], savedAt: testNow)
        let app = makeApp(client: .offline(), store: store)

        #expect(await app.launch() == .error("Couldn't connect to server"))
    }

    @Test func `launch shows the error message when offline and the cache is unreadable`() async {
        let app = makeApp(client: .offline(), store: FeedStoreSpy(retrieval: .failure(AnyError())))

        #expect(await app.launch() == .error("Couldn't connect to server"))
    }

    @Test func `launch shows a cached feed within a longer configured maximum age`() async {
        let cached = uniqueImageFeed(count: 3).models
        let store = await cachedStore(cached, savedAt: testNow.adding(days: -10))
        let app = makeApp(client: .offline(), store: store, maxCacheAgeInDays: 30)

        #expect(await app.launch() == .loaded(cached))
    }

    @Test func `launch shows the photos of a photo list with their photographers`() async {
        let client = StubHTTPClient.answering(200, json([photoJSON(id: "p1"), photoJSON(id: "p2")]), at: feedURL)
        let app = makeApp(client: client, store: InMemoryFeedStore(), contract: .photos)

        let screen = await app.launch()

        #expect(screen.images?.map(\.id) == ["p1", "p2"])
        #expect(screen.images?.map(\.photographer) == ["Photographer p1", "Photographer p2"])
    }

    @Test func `a photo list cached while online is shown the same offline`() async {
        let store = InMemoryFeedStore()
        let clock = TestClock()
        let online = StubHTTPClient.answering(200, json([photoJSON(id: "p1"), photoJSON(id: "p2")]), at: feedURL)
        let onlineScreen = await makeApp(client: online, store: store, contract: .photos, clock: clock).launch()

        clock.now = testNow.adding(days: 1)
        let offlineScreen = await makeApp(client: .offline(), store: store, contract: .photos, clock: clock).launch()

        #expect(offlineScreen == onlineScreen)
        #expect(offlineScreen.images?.count == 2)
    }

    @Test func `entering the background deletes an expired cache`() async throws {
        let store = await cachedStore(uniqueImageFeed().models, savedAt: testNow.adding(days: -8))
        let app = makeApp(client: .offline(), store: store)

        await app.enterBackground()

        #expect(await store.retrieve() == nil)
    }

    @Test func `entering the background keeps a fresh cache`() async throws {
        let saved = CachedFeed(feed: uniqueImageFeed().local, timestamp: testNow.adding(days: -2))
        let store = InMemoryFeedStore(cache: saved)
        let app = makeApp(client: .offline(), store: store)

        await app.enterBackground()

        #expect(await store.retrieve() == saved)
    }

    @Test func `entering the background deletes an unreadable cache`() async {
        let store = FeedStoreSpy(retrieval: .failure(AnyError()))
        let app = makeApp(client: .offline(), store: store)

        await app.enterBackground()

        #expect(await store.operations == [.retrieve, .deleteCachedFeed])
    }

    @Test func `entering the background survives a failed deletion`() async {
        let store = FeedStoreSpy(deletion: .failure(AnyError()), retrieval: .failure(AnyError()))
        let app = makeApp(client: .offline(), store: store)

        await app.enterBackground()

        #expect(await app.screen == .loading)
        #expect(await store.operations == [.retrieve, .deleteCachedFeed])
    }

    @Test func `validating the cache deletes an expired cache`() async throws {
        let store = await cachedStore(uniqueImageFeed().models, savedAt: testNow.adding(days: -7))
        let app = makeApp(client: .offline(), store: store)

        try await app.validateCache()

        #expect(await store.retrieve() == nil)
    }

    @Test func `validating the cache reports a failed deletion`() async {
        let store = FeedStoreSpy(deletion: .failure(AnyError()), retrieval: .failure(AnyError()))
        let app = makeApp(client: .offline(), store: store)

        await #expect {
            try await app.validateCache()
        } throws: { error in
            guard case LocalFeedLoader.Error.deletionFailed(let cause) = error else { return false }
            return cause as? AnyError == AnyError()
        }
        #expect(await store.operations == [.retrieve, .deleteCachedFeed])
    }

    @Test func `an app without a server shows the fresh cached feed on launch`() async {
        let cached = uniqueImageFeed(count: 3).models
        let store = await cachedStore(cached, savedAt: testNow.adding(days: -6))
        let app = FeedApp(store: store, currentDate: TestClock().currentDate)

        #expect(await app.launch() == .loaded(cached))
    }

    @Test func `an app without a server shows the error message on launch when the cache is expired`() async {
        let store = await cachedStore(uniqueImageFeed().models, savedAt: testNow.adding(days: -2))
        let app = FeedApp(store: store, currentDate: TestClock().currentDate, maxCacheAgeInDays: 2)

        #expect(await app.launch() == .connectionError)
    }

    @Test func `an app without a server validates its cache with its maximum age`() async throws {
        let saved = CachedFeed(feed: uniqueImageFeed().local, timestamp: testNow.adding(days: -8))
        let store = InMemoryFeedStore(cache: saved)
        let app = FeedApp(store: store, currentDate: TestClock().currentDate, maxCacheAgeInDays: 9)

        try await app.validateCache()
        #expect(await store.retrieve() == saved)

        let expiring = FeedApp(store: store, currentDate: TestClock().currentDate, maxCacheAgeInDays: 8)
        try await expiring.validateCache()
        #expect(await store.retrieve() == nil)
    }
}
