import CSQLite
import Feed
import FeedApp
import FeedInfrastructure
import FeedTestDoubles
import FeedTestSupport
import Foundation
import Testing

/// A cache file or database damaged on disk: retrieval fails with an error, validation deletes it, and the app
/// shows the remote feed or the error message. Never a crash.
@Suite("Corrupt cache")
struct CorruptCacheTests {
    enum Damage: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// A valid cache cut to half its size.
        case truncated
        /// Random bytes instead of a cache.
        case randomBytes
        /// A well-formed file of another shape (another app's JSON, another schema's database).
        case wrongSchema
        /// A cache written by a newer version of the store.
        case newerVersion

        var testDescription: String { rawValue }
    }

    static let cases: [(StoreKind, Damage)] = StoreKind.persistent.flatMap { kind in
        Damage.allCases.map { (kind, $0) }
    }

    private let feedURL = URL(string: "https://feed.test.example/corrupt/feed")!

    private func damagedStore(_ kind: StoreKind, _ damage: Damage, in directory: TemporaryDirectory) async throws
        -> (any FeedStore, URL)
    {
        let location = kind.location(in: directory.url)
        switch damage {
        case .truncated:
            try await kind.makeStore(at: location).insert(taggedFeed(1, count: 300), timestamp: testNow)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: location.path)[.size] as? Int)
            let handle = try FileHandle(forWritingTo: location)
            try handle.truncate(atOffset: UInt64(size / 2))
            try handle.close()
        case .randomBytes:
            var generator = SeededGenerator(seed: 42)
            let bytes = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try FileManager.default.createDirectory(
                at: location.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: location)
        case .wrongSchema:
            try FileManager.default.createDirectory(
                at: location.deletingLastPathComponent(), withIntermediateDirectories: true)
            if kind == .file {
                try Data(#"{"version": 1, "images": [{"name": "a"}], "saved": "yesterday"}"#.utf8).write(to: location)
            } else {
                try executeSQL("CREATE TABLE photos (name TEXT); INSERT INTO photos VALUES ('a');", at: location)
            }
        case .newerVersion:
            try await kind.makeStore(at: location).insert(taggedFeed(1, count: 3), timestamp: testNow)
            if kind == .file {
                let text = try String(contentsOf: location, encoding: .utf8)
                try Data(text.replacingOccurrences(of: #""version":1"#, with: #""version":2"#).utf8).write(to: location)
            } else {
                try executeSQL("PRAGMA user_version = 2;", at: location)
            }
        }
        return (kind.makeStore(at: location), location)
    }

    @Test(arguments: cases)
    func `retrieve delivers an error naming the damaged cache`(kind: StoreKind, damage: Damage) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, location) = try await damagedStore(kind, damage, in: directory)

        await #expect {
            _ = try await store.retrieve()
        } throws: { error in
            "\(error)".contains(location.path)
        }
    }

    @Test(arguments: cases)
    func `validation deletes the damaged cache`(kind: StoreKind, damage: Damage) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, _) = try await damagedStore(kind, damage, in: directory)

        try await LocalFeedLoader(store: store, currentDate: { testNow }).validateCache()

        #expect(try await store.retrieve() == nil)
    }

    @Test(arguments: cases)
    func `the app shows the error message when offline with a damaged cache`(kind: StoreKind, damage: Damage)
        async throws
    {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, _) = try await damagedStore(kind, damage, in: directory)
        let app = FeedApp(
            httpClient: StubHTTPClient.offline(), store: store, feedURL: feedURL, currentDate: { testNow })

        #expect(await app.launch() == .error("Couldn't connect to server"))
    }

    @Test(arguments: cases)
    func `the app shows the remote feed and replaces a damaged cache when online`(kind: StoreKind, damage: Damage)
        async throws
    {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, _) = try await damagedStore(kind, damage, in: directory)
        let remote = uniqueImageFeed(count: 3).models
        let items = remote.map { feedItemJSON(id: $0.id, image: $0.url.absoluteString) }
        let client = StubHTTPClient.answering(200, itemsJSON(items), at: feedURL)
        let app = FeedApp(httpClient: client, store: store, feedURL: feedURL, currentDate: { testNow })

        #expect(await app.launch().images?.map(\.id) == remote.map(\.id))
        #expect(try await store.retrieve()?.feed.map(\.id) == remote.map(\.id))
    }
}

/// Runs `sql` on the SQLite database at `url`, creating it if needed.
func executeSQL(_ sql: String, at url: URL) throws {
    var db: OpaquePointer?
    guard sqlite3_open(url.path, &db) == SQLITE_OK else {
        sqlite3_close(db)
        throw AnyError(tag: "cannot open \(url.path)")
    }
    defer { sqlite3_close(db) }
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
        throw AnyError(tag: String(cString: sqlite3_errmsg(db)))
    }
}
