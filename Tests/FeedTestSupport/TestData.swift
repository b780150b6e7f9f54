import Feed
import FeedTestDoubles
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

package let anyURL = URL(string: "https://feed.test.example/v1/feed")!

package struct AnyError: Error, Equatable {
    package var tag: String

    package init(tag: String = "any") {
        self.tag = tag
    }
}

package func uniqueImage(description: String? = "a description", location: String? = "a location") -> FeedImage {
    let id = UUID()
    return FeedImage(
        id: id, description: description, location: location,
        url: URL(string: "https://images.test.example/\(id.uuidString.lowercased()).jpg")!)
}

package func uniqueImageFeed(count: Int = 2) -> (models: [FeedImage], local: [LocalFeedImage]) {
    let models = (0..<count).map { index in
        uniqueImage(description: index.isMultiple(of: 2) ? "image \(index)" : nil, location: nil)
    }
    return (models, models.map(\.local))
}

package func httpResponse(_ status: Int, url: URL = anyURL) -> HTTPURLResponse {
    HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)!
}

package func json(_ object: Any) -> Data {
    try! JSONSerialization.data(withJSONObject: object)
}

/// One image in the image-feed contract; `nil` values are left out.
package func feedItemJSON(id: String, description: String? = nil, location: String? = nil, image: String) -> [String:
    Any]
{
    var item: [String: Any] = ["id": id, "image": image]
    item["description"] = description
    item["location"] = location
    return item
}

package func itemsJSON(_ items: [[String: Any]]) -> Data {
    json(["items": items])
}

/// A fixed "now" for the tests, on a Monday in the middle of a month, at an odd time of day.
package let testNow = Date(timeIntervalSince1970: 1_747_654_321)

extension Date {
    package func adding(days: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.date(byAdding: .day, value: days, to: self)!
    }

    package func adding(seconds: TimeInterval) -> Date {
        self + seconds
    }

    /// The moment a cache saved at this time stops being fresh under the default policy.
    package func minusFeedCacheMaxAge(days: Int = FeedCachePolicy.defaultMaxAgeInDays) -> Date {
        adding(days: -days)
    }
}

/// A clock that stays where the test puts it.
package final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    package init(_ now: Date = testNow) {
        current = now
    }

    package var now: Date {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    package var currentDate: @Sendable () -> Date {
        { [self] in now }
    }
}

extension StubHTTPClient {
    /// A client answering `anyURL` with `status` and `body`.
    package static func answering(_ status: Int, _ body: Data) -> StubHTTPClient {
        answering(status, body, at: anyURL)
    }
}

/// An address where nothing listens: port 1 on the loopback interface refuses connections at once. (A stopped
/// test server's port may be taken again by another test's server running in parallel.)
package let unreachableURL = URL(string: "http://127.0.0.1:1/feed")!
