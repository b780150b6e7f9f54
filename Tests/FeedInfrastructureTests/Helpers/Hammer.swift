import Feed
import FeedTestSupport
import Foundation

/// How many images the feed of save number `tag` has: varied, so a mix of two saves shows.
func feedSize(_ tag: Int) -> Int {
    1 + (tag * 7) % 13
}

struct HammerOutcome: Sendable {
    var loads = 0
    var completeLoads = 0
    var emptyLoads = 0
    var mixedLoads = 0
    var validations = 0
}

/// Runs `tasks` tasks at once over `stores` (round robin), each saving, loading or validating through the use cases,
/// and checks that every load delivers one complete feed or none.
func hammer(stores: [any FeedStore], tasks: Int) async throws -> HammerOutcome {
    let now = testNow
    if let first = stores.first {
        try await first.insert(taggedFeed(0, count: feedSize(0)), timestamp: now)
    }
    return try await withThrowingTaskGroup(of: HammerOutcome.self) { group in
        for task in 0..<tasks {
            let store = stores[task % stores.count]
            group.addTask {
                let loader = LocalFeedLoader(store: store, currentDate: { now })
                var outcome = HammerOutcome()
                switch task % 3 {
                case 0:
                    let tag = task + 1
                    try await loader.save(taggedFeed(tag, count: feedSize(tag)).map(\.model))
                case 1:
                    let feed = try await loader.load().map(\.local)
                    outcome.loads = 1
                    if feed.isEmpty {
                        outcome.emptyLoads = 1
                    } else if tagOfCompleteFeed(feed, expectedCount: feedSize) != nil {
                        outcome.completeLoads = 1
                    } else {
                        outcome.mixedLoads = 1
                    }
                default:
                    try await loader.validateCache()
                    outcome.validations = 1
                }
                return outcome
            }
        }
        var total = HammerOutcome()
        for try await outcome in group {
            total.loads += outcome.loads
            total.completeLoads += outcome.completeLoads
            total.emptyLoads += outcome.emptyLoads
            total.mixedLoads += outcome.mixedLoads
            total.validations += outcome.validations
        }
        return total
    }
}
