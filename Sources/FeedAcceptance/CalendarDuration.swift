import Foundation

/// A span of time as a product owner writes it: `7 days`, `6 days 23 hours 59 minutes 59 seconds`,
/// `7 days minus 1 second`, `0 seconds`.
///
/// Durations are counted on the Gregorian calendar in UTC, the way `FeedCachePolicy` counts a cache's age, so
/// "saved 7 days ago" is exactly the moment the policy calls seven days old.
public struct CalendarDuration: Hashable, Sendable, CustomStringConvertible {
    /// A unit a duration may be written in.
    public enum Unit: String, Hashable, Sendable, CaseIterable {
        /// Calendar days.
        case day
        /// Hours.
        case hour
        /// Minutes.
        case minute
        /// Seconds.
        case second

        var component: Calendar.Component {
            switch self {
            case .day: .day
            case .hour: .hour
            case .minute: .minute
            case .second: .second
            }
        }
    }

    /// One signed part of a duration, such as `minus 1 second`.
    public struct Term: Hashable, Sendable {
        /// How many units; negative for a `minus` term.
        public var amount: Int
        /// The unit.
        public var unit: Unit

        /// Creates a term.
        public init(_ amount: Int, _ unit: Unit) {
            self.amount = amount
            self.unit = unit
        }
    }

    /// Why a text is not a duration.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text that was read.
        public var text: String
        /// What is wrong with it.
        public var reason: String

        /// The text and the reason, with an example of a valid duration.
        public var description: String {
            "\"\(text)\" is not a duration: \(reason) (write e.g. \"7 days\", \"6 days 23 hours\" or "
                + "\"7 days minus 1 second\")"
        }
    }

    /// The regular expression a `{duration}` parameter matches.
    public static let pattern =
        #"\d+ (?:day|hour|minute|second)s?(?: (?:(?:plus|minus) )?\d+ (?:day|hour|minute|second)s?)*"#

    /// The parts of the duration, in the order written.
    public var terms: [Term]

    /// Creates a duration from its parts.
    public init(_ terms: [Term]) {
        self.terms = terms
    }

    /// Creates a duration of `amount` units.
    public static func days(_ amount: Int) -> CalendarDuration { CalendarDuration([Term(amount, .day)]) }

    /// Reads a duration such as `7 days minus 1 second`.
    ///
    /// Throws `ParseError` naming the text when it is not a list of `<number> <unit>` terms, each after the first
    /// optionally preceded by `plus` or `minus`.
    public init(parsing text: String) throws(ParseError) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var terms: [Term] = []
        var index = 0
        while index < words.count {
            var sign = 1
            if !terms.isEmpty, words[index] == "plus" || words[index] == "minus" {
                sign = words[index] == "minus" ? -1 : 1
                index += 1
            }
            guard index + 1 < words.count else {
                throw ParseError(text: text, reason: "a number must be followed by a unit")
            }
            guard let amount = Int(words[index]), amount >= 0 else {
                throw ParseError(text: text, reason: "\"\(words[index])\" is not a whole number")
            }
            let unitWord = words[index + 1]
            let singular = unitWord.hasSuffix("s") ? String(unitWord.dropLast()) : unitWord
            guard let unit = Unit(rawValue: singular) else {
                throw ParseError(text: text, reason: "\"\(unitWord)\" is not one of days, hours, minutes or seconds")
            }
            terms.append(Term(sign * amount, unit))
            index += 2
        }
        guard !terms.isEmpty else { throw ParseError(text: text, reason: "it is empty") }
        self.terms = terms
    }

    /// The number of days, when the duration is a whole number of days (e.g. `30 days`); otherwise nil.
    public var wholeDays: Int? {
        var days = 0
        for term in terms {
            guard term.unit == .day || term.amount == 0 else { return nil }
            days += term.amount
        }
        return days
    }

    /// `date` moved forward by this duration on the UTC calendar.
    public func added(to date: Date) -> Date {
        apply(to: date, sign: 1)
    }

    /// `date` moved back by this duration on the UTC calendar: the moment "this long ago".
    public func subtracted(from date: Date) -> Date {
        apply(to: date, sign: -1)
    }

    /// The duration as written, e.g. `7 days minus 1 second`.
    public var description: String {
        var parts: [String] = []
        for (position, term) in terms.enumerated() {
            let magnitude = abs(term.amount)
            let unit = term.unit.rawValue + (magnitude == 1 ? "" : "s")
            if position == 0 {
                parts.append("\(term.amount) \(unit)")
            } else {
                parts.append("\(term.amount < 0 ? "minus " : "")\(magnitude) \(unit)")
            }
        }
        return parts.joined(separator: " ")
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    private func apply(to date: Date, sign: Int) -> Date {
        var result = date
        for term in terms {
            // A Gregorian calendar in UTC has no gaps, so adding a component always yields a date.
            result = Self.calendar.date(byAdding: term.unit.component, value: sign * term.amount, to: result) ?? result
        }
        return result
    }
}
