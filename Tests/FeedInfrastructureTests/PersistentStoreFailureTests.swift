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

/// The failures the file and SQLite stores can meet on disk: each is a thrown error naming the location, with no
/// side effects, never a crash.
@Suite("Persistent store failures")
struct PersistentStoreFailureTests {
    private let timestamp = Date(timeIntervalSinceReferenceDate: 700_000_000)

    private func expectError(naming path: String, _ operation: () async throws -> Void) async {
        await #expect {
            try await operation()
        } throws: { error in
            "\(error)".contains(path)
        }
    }

    @Test(arguments: StoreKind.persistent)
    func `retrieve delivers an error naming the location when the location is a directory`(kind: StoreKind) async throws
    {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = kind.location(in: directory.url)
        try FileManager.default.createDirectory(at: location, withIntermediateDirectories: true)

        await expectError(naming: location.path) {
            _ = try await kind.makeStore(at: location).retrieve()
        }
    }

    @Test(arguments: StoreKind.persistent)
    func `retrieve has no side effects on failure`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = kind.location(in: directory.url)
        try FileManager.default.createDirectory(at: location, withIntermediateDirectories: true)
        let store = kind.makeStore(at: location)

        await #expect(throws: (any Error).self) { _ = try await store.retrieve() }
        await #expect(throws: (any Error).self) { _ = try await store.retrieve() }
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test(
        .enabled(if: !isRoot, "file permissions do not restrict root"),
        arguments: StoreKind.persistent)
    func `retrieve delivers an error naming the location when the file is unreadable`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = kind.location(in: directory.url)
        try await kind.makeStore(at: location).insert(uniqueImageFeed().local, timestamp: timestamp)
        #expect(chmod(location.path, 0o000) == 0)

        await expectError(naming: location.path) {
            _ = try await kind.makeStore(at: location).retrieve()
        }
    }

    @Test(arguments: StoreKind.persistent)
    func `insert delivers an error naming the location when its directory cannot be created`(kind: StoreKind)
        async throws
    {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let blocker = directory.url.appendingPathComponent("not-a-directory")
        try Data("a regular file".utf8).write(to: blocker)
        let location = blocker.appendingPathComponent("feed.cache")

        await expectError(naming: location.path) {
            try await kind.makeStore(at: location).insert(uniqueImageFeed().local, timestamp: timestamp)
        }
        #expect(try Data(contentsOf: blocker) == Data("a regular file".utf8))
    }

    @Test(
        .enabled(if: !isRoot, "file permissions do not restrict root"),
        arguments: StoreKind.persistent)
    func `insert delivers an error and keeps the old feed in a read-only location`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = kind.location(in: directory.url)
        let old = CachedFeed(feed: uniqueImageFeed().local, timestamp: timestamp)
        try await kind.makeStore(at: location).insert(old.feed, timestamp: old.timestamp)
        #expect(chmod(location.deletingLastPathComponent().path, 0o500) == 0)
        if kind == .sqlite { #expect(chmod(location.path, 0o400) == 0) }
        let store = kind.makeStore(at: location)

        await expectError(naming: location.path) {
            try await store.insert(uniqueImageFeed().local, timestamp: timestamp + 1)
        }
        #expect(try await store.retrieve() == old)
    }

    @Test(arguments: StoreKind.persistent)
    func `delete delivers an error naming the location when the location is a directory`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = kind.location(in: directory.url)
        try FileManager.default.createDirectory(
            at: location.appendingPathComponent("something"), withIntermediateDirectories: true)

        await expectError(naming: location.path) {
            try await kind.makeStore(at: location).deleteCachedFeed()
        }
        #expect(FileManager.default.fileExists(atPath: location.appendingPathComponent("something").path))
    }

    @Test(
        .enabled(if: !isRoot, "file permissions do not restrict root"),
        arguments: StoreKind.persistent)
    func `delete delivers an error and keeps the feed in a read-only location`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = kind.location(in: directory.url)
        let old = CachedFeed(feed: uniqueImageFeed().local, timestamp: timestamp)
        try await kind.makeStore(at: location).insert(old.feed, timestamp: old.timestamp)
        #expect(chmod(location.deletingLastPathComponent().path, 0o500) == 0)
        if kind == .sqlite { #expect(chmod(location.path, 0o400) == 0) }
        let store = kind.makeStore(at: location)

        await expectError(naming: location.path) {
            try await store.deleteCachedFeed()
        }
        #expect(try await store.retrieve() == old)
    }

    @Test func `the SQLite store reads an empty file as an empty cache`() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = directory.url.appendingPathComponent("feed.sqlite")
        #expect(FileManager.default.createFile(atPath: location.path, contents: Data()))

        #expect(try await SQLiteFeedStore(fileURL: location).retrieve() == nil)
    }

    @Test func `the file store reports an empty file as corrupt`() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = directory.url.appendingPathComponent("feed.json")
        #expect(FileManager.default.createFile(atPath: location.path, contents: Data()))

        await #expect {
            _ = try await FileFeedStore(fileURL: location).retrieve()
        } throws: { error in
            guard case FileFeedStore.Error.corrupt(let path, _) = error else { return false }
            return path == location.path
        }
    }

    @Test func `the file store leaves no temporary files behind after saving`() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = directory.url.appendingPathComponent("feed.json")
        let store = FileFeedStore(fileURL: location)

        for round in 0..<5 {
            try await store.insert(uniqueImageFeed(count: round).local, timestamp: timestamp)
        }

        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["feed.json"])
    }

    @Test func `the file store removes temporary files abandoned by an interrupted save, and only those`() async throws
    {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = directory.url.appendingPathComponent("feed.json")
        let abandoned = directory.url.appendingPathComponent(".feed.json.\(UUID().uuidString).tmp")
        let inFlight = directory.url.appendingPathComponent(".feed.json.\(UUID().uuidString).tmp")
        let unrelated = directory.url.appendingPathComponent(".other.json.\(UUID().uuidString).tmp")
        for file in [abandoned, inFlight, unrelated] {
            try Data("{\"partial".utf8).write(to: file)
        }
        for file in [abandoned, unrelated] {
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: file.path)
        }

        try await FileFeedStore(fileURL: location).insert(uniqueImageFeed().local, timestamp: timestamp)

        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(FileManager.default.fileExists(atPath: inFlight.path))
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
    }
}
