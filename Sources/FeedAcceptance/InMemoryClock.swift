import Foundation
import Synchronization

/// A clock that stands still until a step moves it: the `currentDate` the feed's use cases read in specs.
///
/// Nothing in a scenario reads the wall clock, so every run sees the same times.
public final class InMemoryClock: Sendable {
    /// The moment every scenario starts at: Sunday 15 June 2025, 10:30:00 UTC.
    public static let defaultStart = Date(timeIntervalSince1970: 1_749_983_400)

    private let current: Mutex<Date>

    /// Creates a clock showing `now`.
    public init(now: Date = InMemoryClock.defaultStart) {
        current = Mutex(now)
    }

    /// The time the clock shows.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward (or back) by `duration`, counted on the calendar in UTC.
    public func advance(by duration: CalendarDuration) {
        current.withLock { $0 = duration.added(to: $0) }
    }

    /// Sets the clock to `date`.
    public func set(_ date: Date) {
        current.withLock { $0 = date }
    }

    /// The clock as the closure the use cases take.
    public var currentDate: @Sendable () -> Date {
        { [self] in now }
    }
}
