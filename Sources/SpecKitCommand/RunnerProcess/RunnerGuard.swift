import Foundation
import SpecKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends a runner process that can no longer be of use: its steps hold every thread of Swift's cooperative pool past
/// their timeout (the run goes on in a new runner process instead of waiting for ever), or its command is gone (a
/// language server killed by its editor: a step blocked for ever would otherwise keep the process, orphaned).
///
/// A body that blocks its thread (a semaphore waited on for a completion handler that never comes, a lock, a
/// blocking call) is timed out and abandoned, but its thread stays blocked until the body returns. Once every thread
/// of the pool is held so (two on a two-core machine), nothing else runs in the process: not the watchdog that times
/// bodies out, not the next step. A thread of its own hands the pool a small task every quarter second; when none
/// has run for `grace` while a body is past its deadline by as much (the watchdog could not time it out), the process
/// ends with `exitStatus` after saying so on standard error. The command then fails the step that was running with
/// `CrashReport`'s words for it, and starts a new runner process for the rest.
///
/// The same thread checks, each time, that the process's parent is still the command that started it; once it is
/// not, nobody reads what the process does, and it ends.
enum RunnerGuard {
    /// The exit status of a runner process the guard ended.
    static let exitStatus: Int32 = 75
    /// The start of what the guard says on standard error before it ends the process.
    static let notice = "every thread of the runner process was held by a step past its timeout"
    /// How long the pool must have run nothing, and a body be past its deadline, before the process ends.
    static let grace = Duration.seconds(2)

    /// Starts watching the pool and the command, once per process.
    static func start() {
        let graceNanoseconds = UInt64((grace / .nanoseconds(1)).rounded())
        let beat = Beat()
        let command = getppid()
        let thread = Thread {
            while true {
                // Orphaned (the command was killed): adopted by another process.
                if getppid() != command { _exit(exitStatus) }
                // At the priority the runner's own tasks and the watchdog run at: each priority has threads of its own.
                Task.detached { beat.now() }
                usleep(250_000)
                let quiet = DispatchTime.now().uptimeNanoseconds &- beat.last
                guard quiet > graceNanoseconds, Watchdog.shared.hasOverdueBody(by: grace) else { continue }
                StandardStreams.writeError(
                    "\(notice) (a wait that never ends: a semaphore, a lock, a blocking call), so nothing else "
                        + "could run there: it ends, and the run goes on in a new one\n")
                _exit(exitStatus)
            }
        }
        thread.name = "spec-runner-guard"
        thread.stackSize = 1 << 16
        thread.start()
    }
}

/// When a task last ran on the pool (`DispatchTime` nanoseconds).
private final class Beat: Sendable {
    private let time = Atomic<UInt64>(DispatchTime.now().uptimeNanoseconds)

    var last: UInt64 { time.load(ordering: .relaxed) }

    func now() {
        time.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
    }
}
