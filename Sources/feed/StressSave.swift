import Feed
import FeedInfrastructure
import Foundation

/// `feed stress-save`: saves distinguishable feeds in a loop and prints `saved SEED INDEX` after each completed
/// save, so a test can kill the process at any moment and check that the store holds one complete feed.
///
/// Save number `index` of seed `seed` is `StressFeed.feed(seed:index:)`, stamped
/// `StressFeed.timestamp(seed:index:)`: both are functions of the numbers alone, so the checker can rebuild them.
struct StressSave {
    let options: StressSaveOptions
    let output: @Sendable (String) -> Void
    let errorOutput: @Sendable (String) -> Void

    func run() async -> Int32 {
        let url = URL(fileURLWithPath: options.path)
        let realStore = options.store.makeStore(at: url)
        let store: any FeedStore =
            options.pauseBetween.map { seconds in
                PausingStore(realStore, seconds: seconds) { [seed = options.seed, output] in output("paused \(seed)") }
            } ?? realStore
        output("started \(options.seed)")
        var index = 0
        while options.count.map({ index < $0 }) ?? true {
            let feed = StressFeed.feed(seed: options.seed, index: index)
            let timestamp = StressFeed.timestamp(seed: options.seed, index: index)
            do {
                switch options.mode {
                case .insert:
                    try await store.insert(feed, timestamp: timestamp)
                case .save:
                    try await LocalFeedLoader(store: store, currentDate: { timestamp }).save(feed.map(\.model))
                }
            } catch {
                errorOutput("feed: save \(index) failed: \(error)")
                return 1
            }
            output("saved \(options.seed) \(index)")
            index += 1
        }
        return 0
    }
}

/// A store whose first transaction stops for a while right after its deletion, before the insertion: the window in
/// which a save used to leave no cache. A test kills the process there, or reads the store from another process.
private actor PausingStore: FeedStore {
    private let decoratee: any FeedStore
    private let seconds: TimeInterval
    private let announce: @Sendable () -> Void
    private var hasPaused = false

    init(_ decoratee: any FeedStore, seconds: TimeInterval, announce: @escaping @Sendable () -> Void) {
        self.decoratee = decoratee
        self.seconds = seconds
        self.announce = announce
    }

    func retrieve() async throws -> CachedFeed? {
        try await decoratee.retrieve()
    }

    func transaction<Result: Sendable>(
        _ changes: @Sendable (any FeedStoreTransaction) throws -> Result
    ) async throws -> Result {
        let pause: TimeInterval? = hasPaused ? nil : seconds
        hasPaused = true
        let announce = announce
        return try await decoratee.transaction { inner in
            try changes(Pausing(inner, pause: pause, announce: announce))
        }
    }

    /// The real transaction, stopping the thread after its deletion: the stop is meant to block everything.
    private final class Pausing: FeedStoreTransaction {
        let inner: any FeedStoreTransaction
        let pause: TimeInterval?
        let announce: @Sendable () -> Void

        init(_ inner: any FeedStoreTransaction, pause: TimeInterval?, announce: @escaping @Sendable () -> Void) {
            self.inner = inner
            self.pause = pause
            self.announce = announce
        }

        func deleteCachedFeed() throws {
            try inner.deleteCachedFeed()
            guard let pause else { return }
            announce()
            Thread.sleep(forTimeInterval: pause)
        }

        func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
            try inner.insert(feed, timestamp: timestamp)
        }
    }
}

/// The feeds `feed stress-save` writes.
enum StressFeed {
    /// How many images save `index` has: between 1 and 40, varying from save to save so a mix shows.
    static func count(seed: UInt64, index: Int) -> Int {
        1 + Int((seed &+ UInt64(index) &* 7) % 40)
    }

    /// Save `index` of `seed`: every image names its save and its position.
    static func feed(seed: UInt64, index: Int) -> [LocalFeedImage] {
        let count = count(seed: seed, index: index)
        return (0..<count).map { position in
            LocalFeedImage(
                id: "stress-\(seed)-\(index)-\(position)",
                description: "save \(index) of seed \(seed), image \(position + 1) of \(count)",
                location: position.isMultiple(of: 3) ? nil : "row \(position)",
                url: base.appendingPathComponent("\(seed)/\(index)/\(position).jpg"),
                photographer: nil)
        }
    }

    private static let base = URL(string: "https://stress.feed-specs.example/") ?? URL(fileURLWithPath: "/")

    /// When save `index` of `seed` is stamped: distinct for every save.
    static func timestamp(seed: UInt64, index: Int) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(seed % 1_000) * 1_000_000 + Double(index))
    }
}
