import Foundation

/// A point in time: seconds and nanoseconds since the Unix epoch (1970-01-01T00:00:00Z), UTC.
public struct Timestamp: Sendable, Hashable, Codable, Comparable {
    /// Whole seconds since the epoch (negative before it).
    public var seconds: Int
    /// Non-negative nanoseconds counting forward from `seconds`, 0...999_999_999.
    public var nanos: Int

    /// Creates a timestamp from its components.
    public init(seconds: Int, nanos: Int) {
        self.seconds = seconds
        self.nanos = nanos
    }

    /// Creates a timestamp for `date`, to the nearest microsecond (the precision of `Date`).
    public init(_ date: Date) {
        let interval = date.timeIntervalSince1970
        let wholeSeconds = interval.rounded(.down)
        var nanos = Int(((interval - wholeSeconds) * 1_000_000).rounded()) * 1_000
        var seconds = Int(wholeSeconds)
        if nanos >= 1_000_000_000 {
            seconds += 1
            nanos -= 1_000_000_000
        }
        self.init(seconds: seconds, nanos: nanos)
    }

    /// The current time from the system clock. Code under test should take time from an injected clock instead.
    public static var now: Timestamp { Timestamp(Date()) }

    /// The same instant as a `Date` (rounded to `Date`'s precision).
    public var date: Date {
        Date(timeIntervalSince1970: Double(seconds) + Double(nanos) / 1_000_000_000)
    }

    /// The elapsed time from this timestamp to `later` (negative if `later` is earlier).
    public func duration(to later: Timestamp) -> MessageDuration {
        MessageDuration(seconds: later.seconds - seconds, nanos: 0) + MessageDuration(nanoseconds: later.nanos - nanos)
    }

    /// Orders timestamps chronologically.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }
}

extension Timestamp: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("seconds", seconds)
        json.field("nanos", nanos)
        json.endObject()
    }
}

/// The `Duration` message: an elapsed time as seconds plus non-negative nanoseconds.
///
/// Named `MessageDuration`, not `Duration`, so that it never clashes with `Swift.Duration` in a file that
/// imports both the standard library and `Messages`; its JSON is the schema's `Duration` (`{"seconds":..,"nanos":..}`).
public struct MessageDuration: Sendable, Hashable, Codable, Comparable {
    /// Whole seconds (negative for a negative duration).
    public var seconds: Int
    /// Non-negative nanoseconds counting forward from `seconds`, 0...999_999_999.
    public var nanos: Int

    /// Creates a duration from its components.
    public init(seconds: Int, nanos: Int) {
        self.seconds = seconds
        self.nanos = nanos
    }

    /// A duration of zero.
    public static let zero = MessageDuration(seconds: 0, nanos: 0)

    /// Creates a duration of `nanoseconds` (which may be negative), normalised so `nanos` is in 0...999_999_999.
    public init(nanoseconds: Int) {
        let (quotient, remainder) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        if remainder < 0 {
            self.init(seconds: quotient - 1, nanos: remainder + 1_000_000_000)
        } else {
            self.init(seconds: quotient, nanos: remainder)
        }
    }

    /// Creates a duration from a `Swift.Duration`, truncated to whole nanoseconds (toward negative infinity).
    public init(_ duration: Swift.Duration) {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = attoseconds / 1_000_000_000
        // Swift.Duration components share the sign of the duration; floor to whole nanoseconds.
        let floored = nanoseconds * 1_000_000_000 > attoseconds ? nanoseconds - 1 : nanoseconds
        let normalised = MessageDuration(nanoseconds: Int(floored))
        self.init(seconds: Int(seconds) + normalised.seconds, nanos: normalised.nanos)
    }

    /// The total number of nanoseconds (traps on overflow beyond about ±292 years).
    public var nanoseconds: Int {
        seconds * 1_000_000_000 + nanos
    }

    /// The same duration as a `Swift.Duration`.
    public var swiftDuration: Swift.Duration {
        .seconds(seconds) + .nanoseconds(nanos)
    }

    /// The duration in seconds as a floating-point number.
    public var timeInterval: Double {
        Double(seconds) + Double(nanos) / 1_000_000_000
    }

    /// The sum of two durations.
    public static func + (lhs: MessageDuration, rhs: MessageDuration) -> MessageDuration {
        let total = lhs.nanos + rhs.nanos
        return MessageDuration(seconds: lhs.seconds + rhs.seconds + total / 1_000_000_000, nanos: total % 1_000_000_000)
    }

    /// Orders durations from shortest to longest.
    public static func < (lhs: MessageDuration, rhs: MessageDuration) -> Bool {
        (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }
}

extension MessageDuration: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("seconds", seconds)
        json.field("nanos", nanos)
        json.endObject()
    }
}
