import Feed
import FeedApp
import FeedInfrastructure
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs a parsed command against the real composition: URLSession, a real store, the real use cases.
struct FeedCommand {
    /// Where the command writes its results and its diagnostics.
    let output: @Sendable (String) -> Void
    let errorOutput: @Sendable (String) -> Void

    /// Parses `arguments` (without the program name), runs the command and returns the exit status.
    func run(_ arguments: [String]) async -> Int32 {
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            errorOutput("feed: error: \(error.message)")
            errorOutput(CommandLineParser.synopsis)
            return 2
        }
        switch command {
        case .help:
            output(CommandLineParser.usage)
            return 0
        case .load(let options):
            return await load(options)
        case .validate(let options):
            return await validate(options)
        }
    }

    private func load(_ options: LoadOptions) async -> Int32 {
        let errorOutput = errorOutput
        let client = URLSessionHTTPClient(
            timeout: options.timeout, resourceTimeout: options.timeout, maximumBodySize: options.maximumBodySize)
        let app = FeedApp(
            httpClient: WarningHTTPClient(client, warn: errorOutput), store: makeStore(options.cache),
            feedURL: options.url, contract: options.contract, currentDate: clock(options.cache),
            maxCacheAgeInDays: options.cache.maxAgeDays,
            onCacheSaveFailure: { error in
                errorOutput(
                    Self.printable("feed: warning: the feed is shown but could not be saved for offline use: \(error)"))
            })
        switch await app.launch() {
        case .feed(let images):
            for image in images { output(Self.line(for: image)) }
            return 0
        case .error(let message):
            output(Self.printable(message))
            return 1
        case .loading:
            return 1
        }
    }

    private func validate(_ options: CacheOptions) async -> Int32 {
        let store = makeStore(options)
        let app = FeedApp(store: store, currentDate: clock(options), maxCacheAgeInDays: options.maxAgeDays)
        do {
            try await app.validateCache()
            if let cache = try await store.retrieve() {
                output("The cache holds \(cache.feed.count) images saved \(cache.timestamp.ISO8601Format()).")
            } else {
                output("The cache is empty.")
            }
            return 0
        } catch {
            errorOutput(Self.printable("feed: \(error)"))
            return 1
        }
    }

    private func makeStore(_ options: CacheOptions) -> any FeedStore {
        options.store.makeStore(at: Self.location(options.path, defaultName: options.store.fileName ?? "feed"))
    }

    private func clock(_ options: CacheOptions) -> @Sendable () -> Date {
        if let now = options.now { return { now } }
        return { Date() }
    }

    static func location(_ path: String?, defaultName: String) -> URL {
        if let path { return URL(fileURLWithPath: path) }
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return caches.appendingPathComponent("feed-specs").appendingPathComponent(defaultName)
    }

    /// One displayed image as a tab-separated line: id, description, location, URL ("-" for an absent field).
    static func line(for image: DisplayedImage) -> String {
        [image.id, image.description ?? "-", image.location ?? "-", image.url.absoluteString]
            .map(singleLine)
            .joined(separator: "\t")
    }

    /// `text` with tabs and line breaks turned into spaces, so one image stays one line, and other control
    /// characters escaped.
    private static func singleLine(_ text: String) -> String {
        printable(String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }))
    }

    /// `text` with every control character but the line feed and tab written as `\u{1B}`, so text from a server
    /// or a cache cannot move the cursor, change colours or ring the bell of the terminal it is printed on.
    static func printable(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let isControl =
                scalar.properties.generalCategory == .control || scalar.value == 0x2028
                || scalar.value == 0x2029 || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
            if isControl, scalar != "\n", scalar != "\t" {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Passes requests to the real client and tells the user, on stderr, why one failed: the app itself only says
/// "Couldn't connect to server", which leaves a timeout, a refused connection and an oversized feed alike.
struct WarningHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let warn: @Sendable (String) -> Void

    init(_ decoratee: any HTTPClient, warn: @escaping @Sendable (String) -> Void) {
        self.decoratee = decoratee
        self.warn = warn
    }

    func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        do {
            return try await decoratee.get(from: url)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            warn(FeedCommand.printable("feed: warning: \(Self.describe(error, loading: url))"))
            throw error
        }
    }

    /// What went wrong, in one sentence naming the URL.
    private static func describe(_ error: any Error, loading url: URL) -> String {
        switch error {
        case let error as URLSessionHTTPClient.Error: "\(error)"
        case let error as URLError where error.code == .timedOut:
            "\(url.absoluteString) could not be loaded: no complete answer in time"
        case let error as URLError: "\(url.absoluteString) could not be loaded: \(error.localizedDescription)"
        default: "\(url.absoluteString) could not be loaded: \(error)"
        }
    }
}
