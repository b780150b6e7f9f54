import Feed
import FeedTestSupport
import Foundation
import Testing

/// The contract every `FeedStore` honours. A store's suite adopts it by saying how to make its store in a folder,
/// and gives each rule a `@Test` that calls the rule's helper; a failure points at that test.
protocol FeedStoreSpecs {
    /// A new store keeping its cache in `directory` (a fresh, empty folder; the in-memory store ignores it).
    func makeStore(in directory: URL) -> any FeedStore
}

/// The contract of a store that keeps its cache in a file: a new store at the same place reads what an earlier one
/// wrote, and it makes the folders its file lives in.
protocol PersistentFeedStoreSpecs: FeedStoreSpecs {
    /// A new store whose file is `location`.
    func makeStore(at location: URL) -> any FeedStore
    /// Where the store's file goes in `directory`.
    func location(in directory: URL) -> URL
}

extension PersistentFeedStoreSpecs {
    func makeStore(in directory: URL) -> any FeedStore {
        makeStore(at: location(in: directory))
    }
}

/// A timestamp with sub-millisecond digits, which a store must keep as they are.
let specTimestamp = Date(timeIntervalSinceReferenceDate: 768_123_456.789_012)

extension FeedStoreSpecs {
    /// A new store in a new temporary folder (remove it when done).
    func makeSUT() throws -> (store: any FeedStore, directory: TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        return (makeStore(in: directory.url), directory)
    }

    /// Retrieve delivers nothing on an empty cache, every time it is asked.
    func assertThatRetrieveDeliversEmptyOnEmptyCache(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        #expect(try await store.retrieve() == nil, sourceLocation: sourceLocation)
        #expect(try await store.retrieve() == nil, "no side effects", sourceLocation: sourceLocation)
    }

    /// Retrieve delivers what was inserted, every time it is asked.
    func assertThatRetrieveDeliversFoundValuesOnNonEmptyCache(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        let feed = uniqueImageFeed(count: 3).local
        try await store.insert(feed, timestamp: specTimestamp)

        let expected = CachedFeed(feed: feed, timestamp: specTimestamp)
        #expect(try await store.retrieve() == expected, sourceLocation: sourceLocation)
        #expect(try await store.retrieve() == expected, "no side effects", sourceLocation: sourceLocation)
    }

    /// Every field of every image comes back as it went in, in order: Unicode, quotes, new lines, nil and empty.
    func assertThatRetrieveDeliversEveryFieldOfEveryImageInOrder(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        let feed = [
            LocalFeedImage(
                id: "qT4mN8vLx2A", description: "Café au lait ☕️, \"quoted\"\nsecond line",
                location: "Cádiz, España", url: URL(string: "https://cdn.test.example/a.jpg?q=80&w=1080")!,
                photographer: "Zoë O'Brien"),
            LocalFeedImage(
                id: UUID().uuidString, description: nil, location: nil,
                url: URL(string: "http://i.test.example/b")!, photographer: nil),
            LocalFeedImage(
                id: "", description: "", location: "", url: URL(string: "https://i.test.example/c")!,
                photographer: ""),
        ]
        try await store.insert(feed, timestamp: specTimestamp)

        #expect(try await store.retrieve()?.feed == feed, sourceLocation: sourceLocation)
    }

    /// Insert succeeds on an empty cache and on a full one.
    func assertThatInsertDeliversNoErrorOnEmptyAndNonEmptyCache(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        await #expect(throws: Never.self, "on an empty cache", sourceLocation: sourceLocation) {
            try await store.insert(uniqueImageFeed().local, timestamp: specTimestamp)
        }
        await #expect(throws: Never.self, "on a non-empty cache", sourceLocation: sourceLocation) {
            try await store.insert(uniqueImageFeed().local, timestamp: specTimestamp)
        }
    }

    /// Insert replaces what an earlier insert stored.
    func assertThatInsertOverridesPreviouslyInsertedCacheValues(
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        try await store.insert(uniqueImageFeed(count: 5).local, timestamp: specTimestamp)
        let latest = uniqueImageFeed(count: 2).local
        let latestTimestamp = specTimestamp + 60

        try await store.insert(latest, timestamp: latestTimestamp)

        #expect(
            try await store.retrieve() == CachedFeed(feed: latest, timestamp: latestTimestamp),
            sourceLocation: sourceLocation)
    }

    /// An empty feed is a feed: its timestamp is kept.
    func assertThatInsertOfAnEmptyFeedKeepsTheTimestamp(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        try await store.insert(uniqueImageFeed().local, timestamp: specTimestamp)

        try await store.insert([], timestamp: specTimestamp + 1)

        #expect(
            try await store.retrieve() == CachedFeed(feed: [], timestamp: specTimestamp + 1),
            sourceLocation: sourceLocation)
    }

    /// Delete succeeds on an empty cache, twice, and leaves it empty.
    func assertThatDeleteHasNoSideEffectsOnEmptyCache(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        await #expect(throws: Never.self, sourceLocation: sourceLocation) {
            try await store.deleteCachedFeed()
            try await store.deleteCachedFeed()
        }
        #expect(try await store.retrieve() == nil, sourceLocation: sourceLocation)
    }

    /// Delete succeeds on a full cache and empties it.
    func assertThatDeleteEmptiesPreviouslyInsertedCache(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        try await store.insert(uniqueImageFeed().local, timestamp: specTimestamp)

        await #expect(throws: Never.self, sourceLocation: sourceLocation) {
            try await store.deleteCachedFeed()
        }
        #expect(try await store.retrieve() == nil, sourceLocation: sourceLocation)
    }

    /// After a delete, an insert stores the new feed.
    func assertThatInsertAfterDeleteStoresTheNewFeed(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        try await store.insert(uniqueImageFeed().local, timestamp: specTimestamp)
        try await store.deleteCachedFeed()
        let feed = uniqueImageFeed(count: 1).local

        try await store.insert(feed, timestamp: specTimestamp)

        #expect(
            try await store.retrieve() == CachedFeed(feed: feed, timestamp: specTimestamp),
            sourceLocation: sourceLocation)
    }

    /// 100 tasks saving, loading and validating at once never see a feed mixed from two saves.
    func assertThatConcurrentTasksNeverSeeAMixedFeed(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        let outcome = try await hammer(stores: [store], tasks: 100)

        #expect(outcome.mixedLoads == 0, sourceLocation: sourceLocation)
        #expect(outcome.completeLoads + outcome.emptyLoads == outcome.loads, sourceLocation: sourceLocation)
        let final = try #require(try await store.retrieve(), sourceLocation: sourceLocation)
        #expect(tagOfCompleteFeed(final.feed, expectedCount: feedSize) != nil, sourceLocation: sourceLocation)
    }
}

extension PersistentFeedStoreSpecs {
    /// A new store at the same location retrieves what an earlier one inserted.
    func assertThatANewStoreAtTheSameLocationRetrievesWhatWasInserted(
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = location(in: directory.url)
        let feed = uniqueImageFeed(count: 3).local

        try await makeStore(at: location).insert(feed, timestamp: specTimestamp)

        #expect(
            try await makeStore(at: location).retrieve() == CachedFeed(feed: feed, timestamp: specTimestamp),
            sourceLocation: sourceLocation)
    }

    /// A store makes the folders its file lives in.
    func assertThatTheStoreCreatesItsDirectory(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = directory.url.appendingPathComponent("several/levels/deep/cache")

        try await makeStore(at: location).insert(uniqueImageFeed().local, timestamp: specTimestamp)

        #expect(FileManager.default.fileExists(atPath: location.path), sourceLocation: sourceLocation)
    }

    /// Two stores on one file, used by 100 tasks at once, never see a mixed feed.
    func assertThatTwoStoresOnOneLocationNeverSeeAMixedFeed(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = location(in: directory.url)
        let stores = [makeStore(at: location), makeStore(at: location)]

        let outcome = try await hammer(stores: stores, tasks: 100)

        #expect(outcome.mixedLoads == 0, sourceLocation: sourceLocation)
        #expect(outcome.completeLoads + outcome.emptyLoads == outcome.loads, sourceLocation: sourceLocation)
    }
}
