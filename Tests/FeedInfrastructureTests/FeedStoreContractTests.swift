import Feed
import FeedInfrastructure
import FeedTestSupport
import Foundation
import Testing

/// The contract every `FeedStore` must honour, run against all three stores.
@Suite("Feed store contract")
struct FeedStoreContractTests {
    private let timestamp = Date(timeIntervalSinceReferenceDate: 768_123_456.789_012)

    private func makeSUT(_ kind: StoreKind) throws -> (any FeedStore, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        return (kind.makeStore(at: kind.location(in: directory.url)), directory)
    }

    @Test(arguments: StoreKind.allCases)
    func `retrieve delivers empty on empty cache`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        #expect(try await store.retrieve() == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func `retrieve has no side effects on empty cache`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        #expect(try await store.retrieve() == nil)
        #expect(try await store.retrieve() == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func `retrieve delivers found values on non-empty cache`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        let feed = uniqueImageFeed(count: 3).local

        try await store.insert(feed, timestamp: timestamp)

        #expect(try await store.retrieve() == CachedFeed(feed: feed, timestamp: timestamp))
    }

    @Test(arguments: StoreKind.allCases)
    func `retrieve has no side effects on non-empty cache`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        let feed = uniqueImageFeed(count: 3).local
        try await store.insert(feed, timestamp: timestamp)

        #expect(try await store.retrieve() == CachedFeed(feed: feed, timestamp: timestamp))
        #expect(try await store.retrieve() == CachedFeed(feed: feed, timestamp: timestamp))
    }

    @Test(arguments: StoreKind.allCases)
    func `retrieve delivers every field of every image in order`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        let feed = [
            LocalFeedImage(
                id: "qT4mN8vLx2A", description: "Café au lait ☕️, \"quoted\"\nsecond line", location: "Cádiz, España",
                url: URL(string: "https://cdn.test.example/a.jpg?q=80&w=1080")!, photographer: "Zoë O'Brien"),
            LocalFeedImage(
                id: UUID().uuidString, description: nil, location: nil, url: URL(string: "http://i.test.example/b")!,
                photographer: nil),
            LocalFeedImage(
                id: "", description: "", location: "", url: URL(string: "https://i.test.example/c")!, photographer: ""),
        ]

        try await store.insert(feed, timestamp: timestamp)

        #expect(try await store.retrieve()?.feed == feed)
    }

    @Test(arguments: StoreKind.allCases)
    func `insert delivers no error on empty cache`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        await #expect(throws: Never.self) {
            try await store.insert(uniqueImageFeed().local, timestamp: timestamp)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func `insert delivers no error on non-empty cache`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        try await store.insert(uniqueImageFeed().local, timestamp: timestamp)

        await #expect(throws: Never.self) {
            try await store.insert(uniqueImageFeed().local, timestamp: timestamp)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func `insert overrides previously inserted cache values`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        try await store.insert(uniqueImageFeed(count: 5).local, timestamp: timestamp)
        let latest = uniqueImageFeed(count: 2).local
        let latestTimestamp = timestamp + 60

        try await store.insert(latest, timestamp: latestTimestamp)

        #expect(try await store.retrieve() == CachedFeed(feed: latest, timestamp: latestTimestamp))
    }

    @Test(arguments: StoreKind.allCases)
    func `insert of an empty feed keeps the timestamp`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        try await store.insert(uniqueImageFeed().local, timestamp: timestamp)

        try await store.insert([], timestamp: timestamp + 1)

        #expect(try await store.retrieve() == CachedFeed(feed: [], timestamp: timestamp + 1))
    }

    @Test(arguments: StoreKind.allCases)
    func `delete delivers no error on empty cache`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        await #expect(throws: Never.self) {
            try await store.deleteCachedFeed()
        }
    }

    @Test(arguments: StoreKind.allCases)
    func `delete has no side effects on empty cache`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        try await store.deleteCachedFeed()
        try await store.deleteCachedFeed()

        #expect(try await store.retrieve() == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func `delete delivers no error on non-empty cache`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        try await store.insert(uniqueImageFeed().local, timestamp: timestamp)

        await #expect(throws: Never.self) {
            try await store.deleteCachedFeed()
        }
    }

    @Test(arguments: StoreKind.allCases)
    func `delete empties previously inserted cache`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        try await store.insert(uniqueImageFeed().local, timestamp: timestamp)

        try await store.deleteCachedFeed()

        #expect(try await store.retrieve() == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func `insert after delete stores the new feed`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        try await store.insert(uniqueImageFeed().local, timestamp: timestamp)
        try await store.deleteCachedFeed()
        let feed = uniqueImageFeed(count: 1).local

        try await store.insert(feed, timestamp: timestamp)

        #expect(try await store.retrieve() == CachedFeed(feed: feed, timestamp: timestamp))
    }

    @Test(arguments: StoreKind.allCases)
    func `100 tasks saving, loading and validating at once never see a mixed feed`(kind: StoreKind) async throws {
        let (store, directory) = try makeSUT(kind)
        defer { directory.remove() }

        let outcome = try await hammer(stores: [store], tasks: 100)

        #expect(outcome.mixedLoads == 0)
        #expect(outcome.completeLoads + outcome.emptyLoads == outcome.loads)
        let final = try #require(try await store.retrieve())
        #expect(tagOfCompleteFeed(final.feed, expectedCount: feedSize) != nil)
    }

    @Test(arguments: StoreKind.persistent)
    func `a new store at the same location retrieves what the previous one inserted`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = kind.location(in: directory.url)
        let feed = uniqueImageFeed(count: 3).local

        try await kind.makeStore(at: location).insert(feed, timestamp: timestamp)

        #expect(try await kind.makeStore(at: location).retrieve() == CachedFeed(feed: feed, timestamp: timestamp))
    }

    @Test(arguments: StoreKind.persistent)
    func `a store creates its directory`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = directory.url.appendingPathComponent("several/levels/deep/cache")

        try await kind.makeStore(at: location).insert(uniqueImageFeed().local, timestamp: timestamp)

        #expect(FileManager.default.fileExists(atPath: location.path))
    }

    @Test(arguments: StoreKind.persistent)
    func `two stores on the same location used by 100 tasks at once never see a mixed feed`(kind: StoreKind)
        async throws
    {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = kind.location(in: directory.url)
        let stores = [kind.makeStore(at: location), kind.makeStore(at: location)]

        let outcome = try await hammer(stores: stores, tasks: 100)

        #expect(outcome.mixedLoads == 0)
        #expect(outcome.completeLoads + outcome.emptyLoads == outcome.loads)
    }
}
