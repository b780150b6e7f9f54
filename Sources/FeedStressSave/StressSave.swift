import Feed
import FeedInfrastructure
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Saves distinguishable feeds in a loop and prints `saved SEED INDEX` after each completed save, so a test can kill
/// the process at any moment and check that the store holds one complete feed.
///
/// Save number `index` of seed `seed` is `StressFeed.feed(seed:index:)`, stamped
/// `StressFeed.timestamp(seed:index:)`: both are functions of the numbers alone, so the checker can rebuild them.
package struct StressSave {
    let options: StressSaveOptions
    let output: @Sendable (String) -> Void
    let errorOutput: @Sendable (String) -> Void
    let isOrphaned: @Sendable () -> Bool

    /// A stress run of `options`, printing progress with `output` and failures with `errorOutput`. It stops once
    /// `isOrphaned` says so: by default, once the process that started this one is gone (a test process that ended
    /// without killing its savers would otherwise leave them saving for ever, nobody reading them).
    package init(
        options: StressSaveOptions, output: @escaping @Sendable (String) -> Void,
        errorOutput: @escaping @Sendable (String) -> Void, isOrphaned: (@Sendable () -> Bool)? = nil
    ) {
        self.options = options
        self.output = output
        self.errorOutput = errorOutput
        let parent = getppid()
        self.isOrphaned = isOrphaned ?? { getppid() != parent }
    }

    /// Saves until `options.count` saves are done (forever without one); returns the exit status.
    package func run() async -> Int32 {
        let url = URL(fileURLWithPath: options.path)
        let realStore = options.store.makeStore(at: url)
        let store: any FeedStore =
            options.pauseBetween.map { seconds in
                PausingStore(realStore, seconds: seconds) { [seed = options.seed, output] in output("paused \(seed)") }
            } ?? realStore
        output("started \(options.seed)")
        var index = 0
        while options.count.map({ index < $0 }) ?? true {
            if isOrphaned() {
                errorOutput("feed-stress-save: the process that started it is gone: it stops after \(index) saves")
                return 1
            }
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
                errorOutput("feed-stress-save: save \(index) failed: \(error)")
                return 1
            }
            output("saved \(options.seed) \(index)")
            index += 1
        }
        return 0
    }
}
