import Foundation

/// Decides whether a cached feed is still fresh: younger than its maximum age in calendar days.
///
/// Days are counted on the Gregorian calendar in UTC, and the limit is exclusive: with a maximum age of 7 days, a
/// feed saved exactly 7 days ago is expired, one saved 7 days minus one second ago is fresh.
public struct FeedCachePolicy: Sendable, Hashable {
    /// The maximum age used unless configured otherwise: 7 days.
    public static let defaultMaxAgeInDays = 7

    /// How many calendar days a cached feed stays fresh.
    public var maxAgeInDays: Int

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    /// Creates a policy with the given maximum age in days.
    public init(maxAgeInDays: Int = FeedCachePolicy.defaultMaxAgeInDays) {
        self.maxAgeInDays = maxAgeInDays
    }

    /// Whether a feed saved at `timestamp` is still fresh at `date`.
    public func isFresh(savedAt timestamp: Date, at date: Date) -> Bool {
        guard let expiry = Self.calendar.date(byAdding: .day, value: maxAgeInDays, to: timestamp) else {
            return false
        }
        return date < expiry
    }
}
