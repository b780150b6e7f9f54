import Feed
import FeedInfrastructure
import FeedTestSupport
import Foundation
import Testing

/// What the file and SQLite stores each do on disk beyond the failure contracts they share (`FailableFeedStoreSpecs`,
/// adopted by `FileFeedStoreTests` and `SQLiteFeedStoreTests`): an empty file, and the file store's temporary files.
@Suite("Persistent store failures")
struct PersistentStoreFailureTests {
    private let timestamp = Date(timeIntervalSinceReferenceDate: 700_000_000)

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
