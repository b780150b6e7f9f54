import Feed
import FeedApp
import FeedInfrastructure
import Foundation

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
        case .stressSave(let options):
            return await StressSave(options: options, output: output, errorOutput: errorOutput).run()
        }
    }

    private func load(_ options: LoadOptions) async -> Int32 {
        let app = FeedApp(
            httpClient: URLSessionHTTPClient(timeout: options.timeout), store: makeStore(options.cache),
            feedURL: options.url, contract: options.contract, currentDate: clock(options.cache),
            maxCacheAgeInDays: options.cache.maxAgeDays)
        switch await app.launch() {
        case .feed(let images):
            for image in images { output(Self.line(for: image)) }
            return 0
        case .error(let message):
            output(message)
            return 1
        case .loading:
            return 1
        }
    }

    private func validate(_ options: CacheOptions) async -> Int32 {
        let store = makeStore(options)
        let loader = LocalFeedLoader(
            store: store, currentDate: clock(options), maxCacheAgeInDays: options.maxAgeDays)
        do {
            try await loader.validateCache()
            if let cache = try await store.retrieve() {
                output("The cache holds \(cache.feed.count) images saved \(cache.timestamp.ISO8601Format()).")
            } else {
                output("The cache is empty.")
            }
            return 0
        } catch {
            errorOutput("feed: \(error)")
            return 1
        }
    }

    private func makeStore(_ options: CacheOptions) -> any FeedStore {
        switch options.store {
        case .memory:
            return InMemoryFeedStore()
        case .file:
            return FileFeedStore(fileURL: Self.location(options.path, defaultName: "feed.json"))
        case .sqlite:
            return SQLiteFeedStore(fileURL: Self.location(options.path, defaultName: "feed.sqlite"))
        }
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

    /// `text` with tabs and line breaks turned into spaces, so one image stays one line.
    private static func singleLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
