import Foundation
import Messages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the runner reads the time for timestamps and step durations; inject one to make streams reproducible.
///
/// ```swift
/// var configuration = RunConfiguration()
/// configuration.clock = .stepping(from: Timestamp(seconds: 0, nanos: 0), by: .init(nanoseconds: 1_000_000))
/// ```
///
/// Durations are the difference of two readings (never negative). The clock only stamps messages: the step
/// timeout always runs on real time.
package struct RunClock: Sendable {
    private let reading: @Sendable () -> Timestamp

    /// Creates a clock that reads `now`.
    package init(now: @escaping @Sendable () -> Timestamp) {
        reading = now
    }

    /// The current time.
    package func now() -> Timestamp {
        reading()
    }

    /// The time from `start` to `end`, or zero when `end` is earlier.
    package func duration(from start: Timestamp, to end: Timestamp) -> MessageDuration {
        end < start ? .zero : start.duration(to: end)
    }

    /// The system's wall clock.
    package static let system = RunClock {
        // `clock_gettime` directly: nanoseconds, and no `Date` arithmetic on every step.
        var now = timespec()
        guard clock_gettime(CLOCK_REALTIME, &now) == 0 else { return Timestamp(Date()) }
        return Timestamp(seconds: Int(now.tv_sec), nanos: Int(now.tv_nsec))
    }

    /// A clock that always reads `timestamp`: every duration is zero.
    package static func fixed(_ timestamp: Timestamp) -> RunClock {
        RunClock { timestamp }
    }

    /// A clock that reads `start`, then advances by `step` at every reading: deterministic, increasing times.
    package static func stepping(from start: Timestamp, by step: MessageDuration) -> RunClock {
        let readings = Locked(0)
        return RunClock {
            let count = readings.withLock { count in
                defer { count += 1 }
                return count
            }
            let total = start.nanosecondsSinceEpoch + count * step.nanoseconds
            return Timestamp(seconds: total / 1_000_000_000, nanos: total % 1_000_000_000)
        }
    }
}

extension Timestamp {
    var nanosecondsSinceEpoch: Int { seconds * 1_000_000_000 + nanos }
}
