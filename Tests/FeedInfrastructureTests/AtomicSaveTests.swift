import Feed
import FeedInfrastructure
import FeedTestSupport
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A save replaces the cached feed as one step in every store: whatever stops it half-way (an error, a crash, a
/// full disk), and whoever reads meanwhile, sees the old feed or the new one, never no feed.
@Suite("Atomic save")
struct AtomicSaveTests {
    private let old = CachedFeed(feed: taggedFeed(1, count: 3), timestamp: Date(timeIntervalSinceReferenceDate: 1_000))
    private let new = CachedFeed(feed: taggedFeed(2, count: 2), timestamp: Date(timeIntervalSinceReferenceDate: 2_000))

    struct Stop: Error {}

    private func makeStore(_ kind: StoreKind, in directory: TemporaryDirectory) async throws -> any FeedStore {
        let store = kind.makeStore(at: kind.location(in: directory.url))
        try await store.insert(old.feed, timestamp: old.timestamp)
        return store
    }

    @Test(arguments: StoreKind.allCases)
    func `a transaction that stops after its deletion keeps the old feed`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await makeStore(kind, in: directory)

        await #expect(throws: Stop.self) {
            try await store.transaction { cache in
                try cache.deleteCachedFeed()
                throw Stop()
            }
        }

        #expect(try await store.retrieve() == old)
    }

    @Test(arguments: StoreKind.allCases)
    func `a transaction that stops after deleting and inserting keeps the old feed`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await makeStore(kind, in: directory)
        let new = new

        await #expect(throws: Stop.self) {
            try await store.transaction { cache in
                try cache.deleteCachedFeed()
                try cache.insert(new.feed, timestamp: new.timestamp)
                throw Stop()
            }
        }

        #expect(try await store.retrieve() == old)
    }

    @Test(arguments: StoreKind.allCases)
    func `a committed deletion and insertion leave only the new feed`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await makeStore(kind, in: directory)
        let new = new

        let returned = try await store.transaction { cache in
            try cache.deleteCachedFeed()
            try cache.insert(new.feed, timestamp: new.timestamp)
            return "committed"
        }

        #expect(returned == "committed")
        #expect(try await store.retrieve() == new)
    }

    @Test(arguments: StoreKind.allCases)
    func `the last of several insertions in one transaction wins`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await makeStore(kind, in: directory)
        let new = new

        try await store.transaction { cache in
            try cache.insert(taggedFeed(9, count: 5), timestamp: new.timestamp)
            try cache.insert(new.feed, timestamp: new.timestamp)
        }

        #expect(try await store.retrieve() == new)
    }

    @Test(arguments: StoreKind.allCases)
    func `a deletion after an insertion in one transaction leaves no feed`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await makeStore(kind, in: directory)
        let new = new

        try await store.transaction { cache in
            try cache.insert(new.feed, timestamp: new.timestamp)
            try cache.deleteCachedFeed()
        }

        #expect(try await store.retrieve() == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func `an empty transaction changes nothing`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await makeStore(kind, in: directory)

        try await store.transaction { _ in }

        #expect(try await store.retrieve() == old)
    }

    @Test(arguments: StoreKind.persistent)
    func `another process loading offline during a transaction sees the old feed`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = try await makeStore(kind, in: directory)
        let location = kind.location(in: directory.url)
        let new = new
        let url = unreachableURL.absoluteString

        let during = try await writer.transaction { cache in
            try cache.deleteCachedFeed()
            try cache.insert(new.feed, timestamp: new.timestamp)
            return try BuiltExecutable.feed.runHoldingThread([
                "load", "--url", url, "--store", kind.rawValue, "--path", location.path, "--now",
                "2001-01-02T00:00:00Z",
            ])
        }

        #expect(during.status == 0, "stderr: \(during.errorOutput)")
        #expect(
            during.output.split(separator: "\n").map { $0.split(separator: "\t")[0] } == [
                "feed-1-image-0", "feed-1-image-1", "feed-1-image-2",
            ])
        #expect(try await kind.makeStore(at: location).retrieve() == new)
    }

    @Test(arguments: StoreKind.persistent)
    func `a stopped transaction leaves no file behind`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await makeStore(kind, in: directory)
        let folder = kind.location(in: directory.url).deletingLastPathComponent()
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let new = new

        await #expect(throws: Stop.self) {
            try await store.transaction { cache in
                try cache.deleteCachedFeed()
                try cache.insert(new.feed, timestamp: new.timestamp)
                throw Stop()
            }
        }

        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
    }

    @Test(arguments: StoreKind.allCases)
    func `save with an interrupted insertion keeps the old feed for the next offline load`(kind: StoreKind)
        async throws
    {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await makeStore(kind, in: directory)
        let loader = LocalFeedLoader(
            store: InterruptingStore(store), currentDate: { Date(timeIntervalSinceReferenceDate: 3_000) })

        await #expect(throws: LocalFeedLoader.Error.self) {
            try await loader.save(uniqueImageFeed().models)
        }

        #expect(try await store.retrieve() == old)
    }
}

/// A store whose transactions fail every insertion, as a save stopped between its two steps would.
private struct InterruptingStore: FeedStore {
    let decoratee: any FeedStore

    init(_ decoratee: any FeedStore) {
        self.decoratee = decoratee
    }

    struct Interrupted: Error {}

    func retrieve() async throws -> CachedFeed? {
        try await decoratee.retrieve()
    }

    func transaction<Result: Sendable>(
        _ changes: @Sendable (any FeedStoreTransaction) throws -> Result
    ) async throws -> Result {
        try await decoratee.transaction { inner in try changes(Interrupting(inner)) }
    }

    private final class Interrupting: FeedStoreTransaction {
        let inner: any FeedStoreTransaction

        init(_ inner: any FeedStoreTransaction) {
            self.inner = inner
        }

        func deleteCachedFeed() throws {
            try inner.deleteCachedFeed()
        }

        func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
            throw Interrupted()
        }
    }
}
