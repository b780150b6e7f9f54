import Feed
import FeedApp
import FeedInfrastructure
import FeedTestDoubles
import FeedTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Many tasks using one store at once: no data race (run under `--sanitize=thread`), and every load sees one
/// complete feed.
@Suite("Concurrency")
struct ConcurrencyTests {
    @Test func `the completeness check accepts one complete save`() {
        #expect(tagOfCompleteFeed(taggedFeed(4, count: feedSize(4)), expectedCount: feedSize) == 4)
    }

    @Test func `the completeness check rejects a mix of two saves`() {
        let mixed = Array(taggedFeed(4, count: feedSize(4)).prefix(2)) + taggedFeed(5, count: feedSize(5)).dropFirst(2)

        #expect(tagOfCompleteFeed(mixed, expectedCount: feedSize) == nil)
    }

    @Test func `the completeness check rejects a save cut short`() {
        #expect(tagOfCompleteFeed(Array(taggedFeed(4, count: feedSize(4)).dropLast()), expectedCount: feedSize) == nil)
    }

    /// How many transactions were inside their changes at once.
    private final class Arrivals: Sendable {
        let count = Mutex(0)

        /// Counts this one in, then waits (polling, at most `limit`) until `expected` are in: whether they all were.
        func arriveAndWait(for expected: Int, limit: Duration) -> Bool {
            count.withLock { $0 += 1 }
            let clock = ContinuousClock()
            let deadline = clock.now + limit
            while clock.now < deadline {
                if count.withLock({ $0 }) >= expected { return true }
                usleep(1_000)
            }
            return false
        }
    }

    @Test(arguments: StoreKind.persistent)
    func `stores waiting on the disk hold no thread of the cooperative pool`(kind: StoreKind) async throws {
        // One more transaction than the pool has threads, each waiting inside its changes until all are inside: on
        // the pool, the last could not start before the others gave up.
        let transactions = ProcessInfo.processInfo.activeProcessorCount + 1
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let arrivals = Arrivals()
        let together = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<transactions {
                let store = kind.makeStore(at: kind.location(in: directory.url.appendingPathComponent("\(index)")))
                group.addTask {
                    try await store.transaction { _ in
                        arrivals.arriveAndWait(for: transactions, limit: .seconds(10))
                    }
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(together == Array(repeating: true, count: transactions))
    }

    @Test(arguments: StoreKind.allCases)
    func `100 app launches and backgroundings at once show only complete feeds`(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = kind.makeStore(at: kind.location(in: directory.url))
        let feedURL = URL(string: "https://feed.test.example/concurrent")!
        let seeded = taggedFeed(0, count: feedSize(0)).map {
            LocalFeedImage(id: UUID().uuidString, description: $0.id, location: nil, url: $0.url)
        }
        try await store.insert(seeded, timestamp: testNow)

        let screens = await withTaskGroup(of: FeedScreen?.self) { group in
            for task in 0..<100 {
                group.addTask {
                    let client = StubHTTPClient(unknownAddresses: .unreachable)
                    if task.isMultiple(of: 2) {
                        let feed = taggedFeed(task + 1, count: feedSize(task + 1))
                        let items = feed.map {
                            feedItemJSON(id: UUID().uuidString, description: $0.id, image: $0.url.absoluteString)
                        }
                        client.answer(feedURL, with: .init(status: 200, body: itemsJSON(items)))
                    }
                    let app = FeedApp(httpClient: client, store: store, feedURL: feedURL, currentDate: { testNow })
                    if task % 5 == 4 {
                        await app.enterBackground()
                        return nil
                    }
                    return await app.launch()
                }
            }
            var screens: [FeedScreen] = []
            for await screen in group {
                if let screen { screens.append(screen) }
            }
            return screens
        }

        #expect(screens.count == 80)
        for screen in screens {
            switch screen {
            case .feed(let images):
                // Each image's description is the id of the tagged image it was made from: "feed-TAG-image-N".
                let tags = Set(images.map { $0.description?.split(separator: "-").dropFirst().first.map(String.init) })
                #expect(tags.count == 1, "a screen shows images from several saves: \(tags)")
                let tag = try #require(tags.first.flatMap { $0.flatMap { Int($0) } }, "an image without a tag")
                #expect(images.count == feedSize(tag))
            case .error(let message):
                #expect(message == "Couldn't connect to server")
            case .loading:
                Issue.record("a launch ended while still loading")
            }
        }
    }
}
