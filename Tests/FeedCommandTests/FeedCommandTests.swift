import Feed
import FeedInfrastructure
import FeedTestSupport
import Foundation
import TestSupport
import Testing

@testable import feed

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("The feed command: arguments")
struct FeedCommandArgumentTests {
    @Test func `load reads every option`() throws {
        let command = try CommandLineParser.parse([
            "load", "--url", "http://127.0.0.1:8000/feed.json", "--contract", "photos", "--store", "sqlite",
            "--path", "/tmp/feed.sqlite", "--now", "2025-05-20T06:02:00Z", "--max-age-days", "30", "--timeout", "2.5",
        ])

        #expect(
            command
                == .load(
                    LoadOptions(
                        url: URL(string: "http://127.0.0.1:8000/feed.json")!, contract: .photos,
                        cache: CacheOptions(
                            store: .sqlite, path: "/tmp/feed.sqlite", now: Date(timeIntervalSince1970: 1_747_720_920),
                            maxAgeDays: 30),
                        timeout: 2.5)))
    }

    @Test func `load has sensible defaults`() throws {
        let command = try CommandLineParser.parse(["load", "--url", "https://feed.test.example/feed"])

        #expect(command == .load(LoadOptions(url: URL(string: "https://feed.test.example/feed")!)))
        #expect(CacheOptions() == CacheOptions(store: .file, path: nil, now: nil, maxAgeDays: 7))
    }

    @Test func `options may be written with an equals sign`() throws {
        let command = try CommandLineParser.parse(["validate", "--store=sqlite", "--max-age-days=3"])

        #expect(command == .validate(CacheOptions(store: .sqlite, maxAgeDays: 3)))
    }

    @Test(arguments: [["help"], ["--help"], ["-h"], ["load", "--help"], ["validate", "--store", "file", "-h"]])
    func `help is recognised anywhere`(arguments: [String]) throws {
        #expect(try CommandLineParser.parse(arguments) == .help)
    }

    static let mistakes: [([String], String)] = [
        ([], "missing command"),
        (["fetch"], "unknown command 'fetch' (expected load, validate or help)"),
        (["load"], "load needs --url URL"),
        (["load", "--url"], "--url needs a value"),
        (["load", "--url", "--store", "file"], "--url needs a value"),
        (
            ["load", "--url", "ftp://files.test.example/feed"],
            "--url 'ftp://files.test.example/feed' is not an http or https URL"
        ),
        (["load", "--url", "feed.json"], "--url 'feed.json' is not an http or https URL"),
        (["load", "--url", "http://h.example/f", "--contract", "xml"], "--contract 'xml' is not one of items, photos"),
        (
            ["load", "--url", "http://h.example/f", "--store", "disk"],
            "--store 'disk' is not one of memory, file, sqlite"
        ),
        (
            ["load", "--url", "http://h.example/f", "--max-age-days", "-1"],
            "--max-age-days '-1' is not a whole number of days, 0 or more"
        ),
        (
            ["load", "--url", "http://h.example/f", "--max-age-days", "7.5"],
            "--max-age-days '7.5' is not a whole number of days, 0 or more"
        ),
        (
            ["load", "--url", "http://h.example/f", "--now", "yesterday"],
            "--now 'yesterday' is not an ISO 8601 date and time, e.g. 2025-05-20T06:02:00Z"
        ),
        (
            ["load", "--url", "http://h.example/f", "--timeout", "0"],
            "--timeout '0' is not a positive number of seconds"
        ),
        (["load", "--url", "http://h.example/f", "--url", "http://h.example/g"], "--url is given more than once"),
        (["load", "--url", "http://h.example/f", "extra"], "unexpected argument 'extra'"),
        (
            ["load", "--url", "http://h.example/f", "--store", "memory", "--path", "/tmp/x"],
            "--path is for the file and sqlite stores, not the memory store"
        ),
        (["load", "--url", "http://h.example/f", "--verbose"], "unknown option '--verbose'"),
        (
            ["load", "--url", "http://h.example/f", "--stor", "file"],
            "unknown option '--stor'; did you mean '--store'?"
        ),
        (["validate", "--url", "http://h.example/f"], "unknown option '--url'"),
        (["validate", "--path", ""], "--path is empty"),
        (
            ["stress-save", "--store", "file", "--path", "/tmp/x", "--seed", "1"],
            "unknown command 'stress-save' (expected load, validate or help)"
        ),
    ]

    @Test(arguments: mistakes)
    func `a mistake is reported in one line naming the argument`(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message)) {
            try CommandLineParser.parse(arguments)
        }
    }

    @Test func `an image is printed as one tab-separated line with dashes for absent fields`() {
        let image = DisplayedImage(
            id: "A1", description: "two\nlines\tand a tab", location: nil, url: URL(string: "https://i.test.example/a")!
        )

        #expect(FeedCommand.line(for: image) == "A1\ttwo lines and a tab\t-\thttps://i.test.example/a")
    }

    @Test(arguments: [
        ("plain text", "plain text"), ("\u{1B}[31mred", "\\u{1B}[31mred"), ("bell\u{07}", "bell\\u{7}"),
        ("\u{9B}c1", "\\u{9B}c1"), ("rtl\u{202E}txt", "rtl\\u{202E}txt"), ("del\u{7F}", "del\\u{7F}"),
        ("keeps\nlines\tand tabs", "keeps\nlines\tand tabs"),
    ])
    func `control characters are escaped for the terminal`(text: String, printed: String) {
        #expect(FeedCommand.printable(text) == printed)
    }

    @Test(arguments: [
        ("10MB", 10_485_760), ("500KB", 512_000), ("1024", 1024), ("2.5mb", 2_621_440), ("7B", 7),
    ])
    func `sizes are read in bytes, KB or MB`(text: String, bytes: Int) {
        #expect(CommandLineParser.parseSize(text) == bytes)
    }

    @Test(arguments: ["", "0", "-1", "ten", "1GB", "nanMB", "99999999999"])
    func `a size that is not a positive number of bytes is refused`(text: String) {
        #expect(CommandLineParser.parseSize(text) == nil)
    }
}

@Suite("The feed command: runs", .hangLimit)
struct FeedCommandRunTests {
    private static let payload = Data(
        """
        {"items": [
          {"id": "3C1D5E7F-9A2B-4C6D-8E0F-1A3B5C7D9E11", "description": "Tide pools", "location": "Nazaré",
           "image": "https://images.test.example/tide.jpg"},
          {"id": "5E7F9A1B-3C4D-4E6F-8A0B-2C4D6E8F0A22", "image": "https://images.test.example/gulls.jpg"}
        ]}
        """.utf8)

    private static let expectedLines = [
        "3C1D5E7F-9A2B-4C6D-8E0F-1A3B5C7D9E11\tTide pools\tNazaré\thttps://images.test.example/tide.jpg",
        "5E7F9A1B-3C4D-4E6F-8A0B-2C4D6E8F0A22\t-\t-\thttps://images.test.example/gulls.jpg",
    ]

    @Test(arguments: StoreKind.persistent)
    func `load shows the remote feed, then the cached feed offline, then the error once seven days have passed`(
        kind: StoreKind
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = kind.location(in: directory.url).path
        let server = try LoopbackServer { _ in .respond(status: 200, body: Self.payload) }
        let url = server.url("/feed.json").absoluteString
        let common = ["--store", kind.rawValue, "--path", path, "--timeout", "5"]

        let online = try await BuiltExecutable.feed.run(
            ["load", "--url", url, "--now", "2025-05-01T12:00:00Z"] + common)
        server.stop()
        let unreachable = unreachableURL.absoluteString
        let offline = try await BuiltExecutable.feed.run(
            ["load", "--url", unreachable, "--now", "2025-05-08T11:59:59Z"] + common)
        let expired = try await BuiltExecutable.feed.run(
            ["load", "--url", unreachable, "--now", "2025-05-08T12:00:00Z"] + common)

        #expect(online.status == 0)
        #expect(online.output.split(separator: "\n").map(String.init) == Self.expectedLines)
        #expect(offline.status == 0)
        #expect(offline.output.split(separator: "\n").map(String.init) == Self.expectedLines)
        #expect(expired.status == 1)
        #expect(expired.output == "Couldn't connect to server\n")
    }

    @Test func `load with the memory store shows the error message when offline`() async throws {
        let outcome = try await BuiltExecutable.feed.run([
            "load", "--url", unreachableURL.absoluteString, "--store", "memory", "--timeout", "5",
        ])

        #expect(outcome.status == 1)
        #expect(outcome.output == "Couldn't connect to server\n")
    }

    @Test func `load reads the photo list contract`() async throws {
        let server = try LoopbackServer { _ in .respond(status: 200, body: json([photoJSON(id: "ph1")])) }
        defer { server.stop() }

        let outcome = try await BuiltExecutable.feed.run([
            "load", "--url", server.url().absoluteString, "--contract", "photos", "--store", "memory",
        ])

        #expect(outcome.status == 0)
        #expect(outcome.output == "ph1\tPhoto ph1\tPorto, Portugal\thttps://cdn.test.example/ph1.jpg?w=1080\n")
    }

    @Test func `validate deletes an expired cache and says the cache is empty`() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("feed.json").path
        let server = try LoopbackServer { _ in .respond(status: 200, body: Self.payload) }
        _ = try await BuiltExecutable.feed.run([
            "load", "--url", server.url().absoluteString, "--path", path, "--now", "2025-05-01T12:00:00Z",
        ])
        server.stop()

        let fresh = try await BuiltExecutable.feed.run(["validate", "--path", path, "--now", "2025-05-02T12:00:00Z"])
        let expired = try await BuiltExecutable.feed.run(["validate", "--path", path, "--now", "2025-05-08T12:00:00Z"])

        #expect(fresh.status == 0)
        #expect(fresh.output == "The cache holds 2 images saved 2025-05-01T12:00:00Z.\n")
        #expect(expired.status == 0)
        #expect(expired.output == "The cache is empty.\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func `validate reports a deletion failure with exit status 1`() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("feed.json")
        try FileManager.default.createDirectory(
            at: path.appendingPathComponent("occupied"), withIntermediateDirectories: true)

        let outcome = try await BuiltExecutable.feed.run(["validate", "--path", path.path])

        #expect(outcome.status == 1)
        #expect(outcome.errorOutput.contains(path.path))
    }

    @Test(arguments: [["load"], ["load", "--url", "x://"], ["fetch"], []])
    func `bad arguments print one error line and the usage, with exit status 2`(arguments: [String]) async throws {
        let outcome = try await BuiltExecutable.feed.run(arguments)

        let lines = outcome.errorOutput.split(separator: "\n")
        #expect(outcome.status == 2)
        #expect(lines.first?.hasPrefix("feed: error: ") == true)
        #expect(lines.dropFirst().first?.hasPrefix("usage: feed load --url URL") == true)
        #expect(outcome.output.isEmpty)
    }

    @Test(arguments: StoreKind.persistent)
    func `a save that fails on a full disk keeps the old cache and warns, and the feed is still shown`(
        kind: StoreKind
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = kind.location(in: directory.url).path
        let first = try LoopbackServer { _ in .respond(status: 200, body: Self.payload) }
        let common = ["--store", kind.rawValue, "--path", path, "--timeout", "5"]
        _ = try await BuiltExecutable.feed.run(
            ["load", "--url", first.url().absoluteString, "--now", "2025-05-01T12:00:00Z"] + common)
        first.stop()
        let second = try LoopbackServer { _ in .respond(status: 200, body: json([photoJSON(id: "ph1")])) }
        let secondURL = second.url().absoluteString
        let unreachable = unreachableURL.absoluteString

        // No file may grow past 0 bytes: every write fails as on a full disk (EFBIG instead of ENOSPC).
        let full = try await BuiltExecutable.feed.run(
            ["load", "--url", secondURL, "--contract", "photos", "--now", "2025-05-02T12:00:00Z"] + common,
            fileSizeLimitBlocks: 0)
        second.stop()
        let offline = try await BuiltExecutable.feed.run(
            ["load", "--url", unreachable, "--now", "2025-05-02T12:00:00Z"] + common)

        #expect(full.status == 0)
        #expect(full.output.hasPrefix("ph1\t"))
        #expect(full.errorOutput.contains("feed: warning: the feed is shown but could not be saved for offline use"))
        #expect(full.errorOutput.contains(path))
        #expect(offline.status == 0)
        #expect(offline.output.split(separator: "\n").map(String.init) == Self.expectedLines)
    }

    @Test func `a server that drips its answer is given up after --timeout, and the cache is shown`() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("feed.json").path
        let good = try LoopbackServer { _ in .respond(status: 200, body: Self.payload) }
        _ = try await BuiltExecutable.feed.run(["load", "--url", good.url().absoluteString, "--path", path])
        good.stop()
        // One byte every half second: each read arrives well within the timeout, the whole answer takes 300 s.
        let dripping = try LoopbackServer { _ in
            .dribble(declaredLength: 600, body: Data(repeating: 32, count: 600), interval: 0.5)
        }
        defer { dripping.stop() }

        let outcome = try await BuiltExecutable.feed.run([
            "load", "--url", dripping.url().absoluteString, "--path", path, "--timeout", "2",
        ])

        #expect(outcome.status == 0)
        #expect(outcome.output.split(separator: "\n").map(String.init) == Self.expectedLines)
        #expect(outcome.errorOutput.contains("could not be loaded: no complete answer in time"))
    }

    @Test func `a feed larger than --max-size is refused with a warning naming the limit`() async throws {
        let server = try LoopbackServer { _ in .endlessChunks(chunk: Data(repeating: 32, count: 16 * 1024)) }
        defer { server.stop() }

        // Unbounded, this body took gigabytes within seconds: under a 1 GB limit (virtual memory) the process would
        // crash. Bounded, it ends normally.
        let outcome = try await BuiltExecutable.feed.run(
            ["load", "--url", server.url().absoluteString, "--store", "memory", "--max-size", "256KB"],
            memoryLimitKB: 1_000_000)

        #expect(outcome.status == 1)
        #expect(outcome.output == "Couldn't connect to server\n")
        #expect(outcome.errorOutput.contains("sent a body larger than 262144 bytes"))
    }

    @Test func `terminal control characters from the server are escaped, not printed`() async throws {
        let hostile = Data(
            #"{"items": [{"id": "3C1D5E7F-9A2B-4C6D-8E0F-1A3B5C7D9E11", "description": "\u001b[2J\u001b]0;owned\u0007bell", "location": "\u009b31m", "image": "https://images.test.example/x.jpg"}]}"#
                .utf8)
        let server = try LoopbackServer { _ in .respond(status: 200, body: hostile) }
        defer { server.stop() }

        let outcome = try await BuiltExecutable.feed.run([
            "load", "--url", server.url().absoluteString, "--store", "memory",
        ])

        #expect(outcome.status == 0)
        #expect(!outcome.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        #expect(outcome.output.contains(#"\u{1B}[2J\u{1B}]0;owned\u{7}bell"#))
        #expect(outcome.output.contains(#"\u{9B}31m"#))
    }

    @Test(arguments: StoreKind.persistent)
    func `a cache path that is a FIFO is an error, not a hang`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("cache.fifo").path
        #expect(mkfifo(path, 0o600) == 0)

        let outcome = try await BuiltExecutable.feed.run(["validate", "--store", kind.rawValue, "--path", path])

        #expect(outcome.status == 1)
        #expect(outcome.errorOutput.contains(path))
        #expect(outcome.errorOutput.contains("FIFO"))
    }

    @Test(arguments: StoreKind.persistent)
    func `a cache path that is a character device is an error, not an endless read`(kind: StoreKind) async throws {
        let outcome = try await BuiltExecutable.feed.run([
            "load", "--url", unreachableURL.absoluteString, "--store", kind.rawValue, "--path", "/dev/zero",
            "--timeout", "5",
        ])

        #expect(outcome.status == 1)
        #expect(outcome.output == "Couldn't connect to server\n")
    }

    @Test func `help prints the usage with exit status 0`() async throws {
        let outcome = try await BuiltExecutable.feed.run(["help"])

        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("usage: feed load --url URL"))
    }
}
