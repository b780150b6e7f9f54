import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Notices, from a thread of its own, that steps hold every thread of Swift's cooperative pool past their timeout.
///
/// A body that blocks its thread (a semaphore waited on for a completion handler that never comes, a lock, a
/// blocking call) is timed out and abandoned, but its thread stays blocked until the body returns. Once every thread
/// of the pool is held so (two on a two-core machine), nothing else runs in the process: not the watchdog that times
/// bodies out, not the next step. The watch hands the pool a small task every quarter second; once none has run for
/// a grace period while a body is past its deadline by as much (the watchdog could not time it out), it calls
/// `starved`, which ends the process or its run: nothing else can (or returns, when the process is not its to end:
/// the watch goes on).
package enum StarvedPoolWatch {
    /// How long the pool must have run nothing, and a body be past its deadline, before the watch calls `starved`,
    /// by default.
    package static let grace = Duration.seconds(2)

    /// Starts the watch on a thread named `name`: every quarter second it calls `check` (the runner process's check
    /// that its command is still there), then hands the pool its task, and calls `starved` once the pool has run
    /// nothing for `grace` while a body is as much past its deadline.
    ///
    /// With `idleBelow`, the process must also have used less processor time than that over the `grace` before:
    /// threads that are held, not busy. A process shared with other work (`swift test`, where another test may keep
    /// every thread busy for longer than `grace`, slowly under a sanitizer) must not end because it was busy.
    package static func start(
        name: String, grace: Duration = grace, idleBelow: Duration? = nil, check: @escaping @Sendable () -> Void = {},
        starved: @escaping @Sendable () -> Void
    ) {
        let graceNanoseconds = UInt64((grace / .nanoseconds(1)).rounded())
        let tick: UInt32 = 250_000
        let beat = Beat()
        let thread = Thread {
            // The process's processor time at each of the last ticks, as long ago as the grace.
            var used: [Duration] = []
            let kept = Int(graceNanoseconds / (UInt64(tick) * 1_000)) + 1
            while true {
                check()
                // At the priority the runner's own tasks and the watchdog run at: each priority has threads of its own.
                Task.detached { beat.now() }
                usleep(tick)
                if idleBelow != nil {
                    used.append(processorTime())
                    if used.count > kept { used.removeFirst(used.count - kept) }
                }
                let quiet = DispatchTime.now().uptimeNanoseconds &- beat.last
                guard quiet > graceNanoseconds, Watchdog.shared.hasOverdueBody(by: grace) else { continue }
                if let idleBelow {
                    guard used.count == kept, let first = used.first, let last = used.last, last - first < idleBelow
                    else { continue }
                }
                starved()
            }
        }
        thread.name = name
        thread.stackSize = 1 << 16
        thread.start()
    }
}

#if canImport(Glibc)
    /// `RUSAGE_SELF` as `getrusage` takes it (Glibc's module imports it as an enum case).
    private let selfUsage = __rusage_who_t(RUSAGE_SELF.rawValue)
#else
    private let selfUsage = RUSAGE_SELF
#endif

/// The processor time this process has used, every thread's, in user and system mode.
private func processorTime() -> Duration {
    var usage = rusage()
    guard getrusage(selfUsage, &usage) == 0 else { return .zero }
    let seconds = Int64(usage.ru_utime.tv_sec) + Int64(usage.ru_stime.tv_sec)
    let microseconds = Int64(usage.ru_utime.tv_usec) + Int64(usage.ru_stime.tv_usec)
    return .seconds(seconds) + .microseconds(microseconds)
}

/// When a task last ran on the pool (`DispatchTime` nanoseconds).
private final class Beat: Sendable {
    private let time = Atomic<UInt64>(DispatchTime.now().uptimeNanoseconds)

    var last: UInt64 { time.load(ordering: .relaxed) }

    func now() {
        time.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
    }
}
