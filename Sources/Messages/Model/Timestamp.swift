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

    /// The seconds a timestamp may have, as the schema says: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
    public static let validSeconds = -62_135_596_800...253_402_300_799

    /// Decodes a timestamp; seconds outside `validSeconds`, or nanos outside 0...999_999_999, are an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seconds = try container.decode(Int.self, forKey: .seconds)
        nanos = try container.decode(Int.self, forKey: .nanos)
        guard Self.validSeconds.contains(seconds) else {
            throw DecodingError.dataCorruptedError(
                forKey: .seconds, in: container,
                debugDescription: "\(seconds) is out of range (a timestamp is from year 1 to year 9999)")
        }
        guard (0..<1_000_000_000).contains(nanos) else {
            throw DecodingError.dataCorruptedError(
                forKey: .nanos, in: container, debugDescription: "\(nanos) is out of range (0 to 999999999)")
        }
    }

    /// The same instant as a `Date` (rounded to `Date`'s precision).
    public var date: Date {
        Date(timeIntervalSince1970: Double(seconds) + Double(nanos) / 1_000_000_000)
    }

    /// The elapsed time from this timestamp to `later` (negative if `later` is earlier); saturated at
    /// `MessageDuration.max` or `.min` for timestamps too far apart to subtract.
    public func duration(to later: Timestamp) -> MessageDuration {
        let (difference, overflow) = later.seconds.subtractingReportingOverflow(seconds)
        if overflow { return later.seconds > seconds ? .max : .min }
        return MessageDuration(seconds: difference, nanos: 0) + MessageDuration(nanoseconds: later.nanos - nanos)
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
    /// The longest duration: what sums and differences saturate at.
    public static let max = MessageDuration(seconds: .max, nanos: 999_999_999)
    /// The most negative duration.
    public static let min = MessageDuration(seconds: .min, nanos: 0)

    /// The seconds a duration read from a stream may have: as many as whole nanoseconds in 64 bits hold (about
    /// ±292 years), within the schema's ±10,000 years.
    public static let validSeconds = -9_223_372_035...9_223_372_035

    /// Decodes a duration; seconds outside `validSeconds`, or nanos outside 0...999_999_999, are an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seconds = try container.decode(Int.self, forKey: .seconds)
        nanos = try container.decode(Int.self, forKey: .nanos)
        guard Self.validSeconds.contains(seconds) else {
            throw DecodingError.dataCorruptedError(
                forKey: .seconds, in: container,
                debugDescription: "\(seconds) is out of range (a duration is at most 9223372035 s, about 292 years)")
        }
        guard (0..<1_000_000_000).contains(nanos) else {
            throw DecodingError.dataCorruptedError(
                forKey: .nanos, in: container, debugDescription: "\(nanos) is out of range (0 to 999999999)")
        }
    }

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

    /// The total number of nanoseconds, saturated at `Int.max` or `Int.min` beyond about ±292 years.
    public var nanoseconds: Int {
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds > 0 ? .max : .min }
        let (total, overflowAgain) = whole.addingReportingOverflow(nanos)
        if overflowAgain { return .max }
        return total
    }

    /// The duration in whole `unit`s of nanoseconds (`unit` divides a second: 1_000_000 counts milliseconds),
    /// rounded half up or truncated, saturated at `Int.max` or `Int.min`.
    public func count(ofNanoseconds unit: Int, rounded: Bool = true) -> Int {
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000 / unit)
        if overflow { return seconds > 0 ? .max : .min }
        let (total, overflowAgain) = whole.addingReportingOverflow((nanos + (rounded ? unit / 2 : 0)) / unit)
        return overflowAgain ? .max : total
    }

    /// The same duration as a `Swift.Duration`.
    public var swiftDuration: Swift.Duration {
        .seconds(seconds) + .nanoseconds(nanos)
    }

    /// The duration in seconds as a floating-point number.
    public var timeInterval: Double {
        Double(seconds) + Double(nanos) / 1_000_000_000
    }

    /// The sum of two durations, saturated at `.max` or `.min`.
    public static func + (lhs: MessageDuration, rhs: MessageDuration) -> MessageDuration {
        let total = lhs.nanos + rhs.nanos
        let (seconds, overflow) = lhs.seconds.addingReportingOverflow(rhs.seconds)
        let (carried, overflowAgain) = seconds.addingReportingOverflow(total / 1_000_000_000)
        if overflow || overflowAgain { return lhs.seconds > 0 ? .max : .min }
        return MessageDuration(seconds: carried, nanos: total % 1_000_000_000)
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
