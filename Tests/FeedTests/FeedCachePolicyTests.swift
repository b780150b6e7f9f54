import Feed
import FeedTestSupport
import Foundation
import Testing

@Suite("Feed cache policy")
struct FeedCachePolicyTests {
    @Test func `the default maximum age is seven days`() {
        #expect(FeedCachePolicy().maxAgeInDays == 7)
    }

    private static let day: Double = 86400
    private static let ages: [(age: Double, fresh: Bool)] = [
        (0, true), (60, true), (6 * day, true), (7 * day - 1, true), (7 * day - 0.001, true),
        (7 * day, false), (7 * day + 1, false), (30 * day, false),
    ]

    @Test(arguments: ages)
    func `a cache is fresh while younger than seven days, the seventh day excluded`(age: Double, fresh: Bool) {
        #expect(FeedCachePolicy().isFresh(savedAt: testNow.adding(seconds: -age), at: testNow) == fresh)
    }

    @Test func `a cache saved in the future counts as fresh`() {
        #expect(FeedCachePolicy().isFresh(savedAt: testNow.adding(seconds: 3600), at: testNow))
    }

    @Test func `days are counted in UTC, so a daylight-saving change does not shift the boundary`() {
        // 2025-03-30 is the night clocks move forward in central Europe; in UTC every day has 24 hours.
        let saved = Date(timeIntervalSince1970: 1_743_206_400)  // 2025-03-29T00:00:00Z
        #expect(FeedCachePolicy(maxAgeInDays: 2).isFresh(savedAt: saved, at: saved.adding(seconds: 2 * 86400 - 1)))
        #expect(!FeedCachePolicy(maxAgeInDays: 2).isFresh(savedAt: saved, at: saved.adding(seconds: 2 * 86400)))
    }

    @Test(arguments: [0, -1])
    func `a maximum age of zero or less expires every cache`(maxAge: Int) {
        #expect(!FeedCachePolicy(maxAgeInDays: maxAge).isFresh(savedAt: testNow, at: testNow))
    }
}
