import Feed
import FeedTestSupport
import Foundation
import Testing

/// The contract every `FeedStore` honours, adopted by a store's suite with one `@Test` per rule calling its helper.
protocol FeedStoreSpecs {
    /// A new store keeping its cache in `directory`, a fresh and empty folder (the in-memory store ignores it).
    func makeStore(in directory: URL) -> any FeedStore
}

/// The contract of a store that keeps its cache in a file, which a new store at the same place reads again.
protocol PersistentFeedStoreSpecs: FeedStoreSpecs {
    /// A new store whose file is `location`.
    func makeStore(at location: URL) -> any FeedStore
    /// Where the store's file goes in `directory`, one folder down so the store has to make that folder.
    func location(in directory: URL) -> URL
}

extension PersistentFeedStoreSpecs {
    /// A new store whose file is at `location(in: directory)`.
    func makeStore(in directory: URL) -> any FeedStore {
        makeStore(at: location(in: directory))
    }
}

/// A timestamp with sub-millisecond digits, which a store must keep as they are.
private let timestamp = Date(timeIntervalSinceReferenceDate: 768_123_456.789_012)

extension FeedStoreSpecs {
    /// A new store in a new temporary folder, which the caller removes when done.
    func makeSUT() throws -> (store: any FeedStore, directory: TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        return (makeStore(in: directory.url), directory)
    }

    /// Retrieve delivers nothing on an empty cache.
    func assertThatRetrieveDeliversEmptyOnEmptyCache(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }

        #expect(try await store.retrieve() == nil, sourceLocation: sourceLocation)
    }

    /// Retrieving twice from an empty cache delivers nothing both times.
    func assertThatRetrieveHasNoSideEffectsOnEmptyCache(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }

        #expect(try await store.retrieve() == nil, sourceLocation: sourceLocation)
        #expect(try await store.retrieve() == nil, sourceLocation: sourceLocation)
    }

    /// Retrieve delivers the feed and timestamp that were inserted.
    func assertThatRetrieveDeliversFoundValuesOnNonEmptyCache(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        let feed = uniqueImageFeed(count: 3).local

        try await store.insert(feed, timestamp: timestamp)

        #expect(
            try await store.retrieve() == CachedFeed(feed: feed, timestamp: timestamp), sourceLocation: sourceLocation)
    }

    /// Retrieving twice from a full cache delivers the same feed both times.
    func assertThatRetrieveHasNoSideEffectsOnNonEmptyCache(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        let feed = uniqueImageFeed(count: 3).local
        try await store.insert(feed, timestamp: timestamp)

        #expect(
            try await store.retrieve() == CachedFeed(feed: feed, timestamp: timestamp), sourceLocation: sourceLocation)
        #expect(
            try await store.retrieve() == CachedFeed(feed: feed, timestamp: timestamp), sourceLocation: sourceLocation)
    }

    /// Every field of every image comes back as it went in, in order: Unicode, quotes, new lines, nil and empty.
    func assertThatRetrieveDeliversEveryFieldOfEveryImageInOrder(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
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

        #expect(try await store.retrieve()?.feed == feed, sourceLocation: sourceLocation)
    }

    /// Insert succeeds on an empty cache.
    func assertThatInsertDeliversNoErrorOnEmptyCache(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }

        await #expect(throws: Never.self, sourceLocation: sourceLocation) {
            try await store.insert(uniqueImageFeed().local, timestamp: timestamp)
        }
    }

    /// Insert succeeds on a full cache.
    func assertThatInsertDeliversNoErrorOnNonEmptyCache(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        try await store.insert(uniqueImageFeed().local, timestamp: timestamp)

        await #expect(throws: Never.self, sourceLocation: sourceLocation) {
            try await store.insert(uniqueImageFeed().local, timestamp: timestamp)
        }
    }

    /// Insert replaces the feed and timestamp an earlier insert stored.
    func assertThatInsertOverridesPreviouslyInsertedCacheValues(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        try await store.insert(uniqueImageFeed(count: 5).local, timestamp: timestamp)
        let latest = uniqueImageFeed(count: 2).local
        let latestTimestamp = timestamp + 60

        try await store.insert(latest, timestamp: latestTimestamp)

        #expect(
            try await store.retrieve() == CachedFeed(feed: latest, timestamp: latestTimestamp),
            sourceLocation: sourceLocation)
    }

    /// Inserting an empty feed stores an empty feed with its timestamp, not an empty cache.
    func assertThatInsertOfAnEmptyFeedKeepsTheTimestamp(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        try await store.insert(uniqueImageFeed().local, timestamp: timestamp)

        try await store.insert([], timestamp: timestamp + 1)

        #expect(
            try await store.retrieve() == CachedFeed(feed: [], timestamp: timestamp + 1), sourceLocation: sourceLocation
        )
    }

    /// Delete succeeds on an empty cache.
    func assertThatDeleteDeliversNoErrorOnEmptyCache(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }

        await #expect(throws: Never.self, sourceLocation: sourceLocation) {
            try await store.deleteCachedFeed()
        }
    }

    /// Deleting an empty cache twice leaves it empty.
    func assertThatDeleteHasNoSideEffectsOnEmptyCache(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }

        try await store.deleteCachedFeed()
        try await store.deleteCachedFeed()

        #expect(try await store.retrieve() == nil, sourceLocation: sourceLocation)
    }

    /// Delete succeeds on a full cache.
    func assertThatDeleteDeliversNoErrorOnNonEmptyCache(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        try await store.insert(uniqueImageFeed().local, timestamp: timestamp)

        await #expect(throws: Never.self, sourceLocation: sourceLocation) {
            try await store.deleteCachedFeed()
        }
    }

    /// Delete empties a full cache.
    func assertThatDeleteEmptiesPreviouslyInsertedCache(sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        try await store.insert(uniqueImageFeed().local, timestamp: timestamp)

        try await store.deleteCachedFeed()

        #expect(try await store.retrieve() == nil, sourceLocation: sourceLocation)
    }

    /// After a delete, an insert stores the new feed.
    func assertThatInsertAfterDeleteStoresTheNewFeed(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (store, directory) = try makeSUT()
        defer { directory.remove() }
        try await store.insert(uniqueImageFeed().local, timestamp: timestamp)
        try await store.deleteCachedFeed()
        let feed = uniqueImageFeed(count: 1).local

        try await store.insert(feed, timestamp: timestamp)

        #expect(
            try await store.retrieve() == CachedFeed(feed: feed, timestamp: timestamp), sourceLocation: sourceLocation)
    }

    /// 100 tasks saving, loading and validating at once on one store never see a feed mixed from two saves.
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

        try await makeStore(at: location).insert(feed, timestamp: timestamp)

        #expect(
            try await makeStore(at: location).retrieve() == CachedFeed(feed: feed, timestamp: timestamp),
            sourceLocation: sourceLocation)
    }

    /// A store makes every missing folder on the way to its file.
    func assertThatTheStoreCreatesItsDirectory(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = directory.url.appendingPathComponent("several/levels/deep/cache")

        try await makeStore(at: location).insert(uniqueImageFeed().local, timestamp: timestamp)

        #expect(FileManager.default.fileExists(atPath: location.path), sourceLocation: sourceLocation)
    }

    /// Two stores on one file, used by 100 tasks at once, never see a feed mixed from two saves.
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
