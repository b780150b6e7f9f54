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
///
/// With `--in-process` the command runs its steps itself and starts the same guard (`startInProcess()`): there is no
/// other process to go on in, so a starved pool stops the run, failed, with the reports of what has run
/// (`Interrupts.stopStarvedRun()`).
enum RunnerGuard {
    /// The exit status of a runner process the guard ended.
    static let exitStatus: Int32 = 75
    /// The start of what the guard says on standard error before it ends the process.
    static let notice = "every thread of the runner process was held by a step past its timeout"
    /// How long the pool must have run nothing, and a body be past its deadline, before the process ends.
    static let grace = Duration.seconds(2)

    /// Starts watching the pool and the command, once per runner process.
    static func start() {
        watch(command: getppid()) {
            StandardStreams.writeError(
                "\(notice) (a wait that never ends: a semaphore, a lock, a blocking call), so nothing else "
                    + "could run there: it ends, and the run goes on in a new one\n")
            _exit(exitStatus)
        }
    }

    /// Starts watching the pool of the command's own process, which runs the steps (`--in-process`); once.
    static func startInProcess() { _ = inProcess }

    private static let inProcess: Void = watch(command: nil) { Interrupts.stopStarvedRun() }

    /// Hands the pool a task every quarter second on a thread of its own; calls `starved` once none has run for
    /// `grace` while a body is as much past its deadline, and ends the process when its parent is no longer
    /// `command` (when given).
    private static func watch(command: pid_t?, starved: @escaping @Sendable () -> Never) {
        let graceNanoseconds = UInt64((grace / .nanoseconds(1)).rounded())
        let beat = Beat()
        let thread = Thread {
            while true {
                // Orphaned (the command was killed): adopted by another process.
                if let command, getppid() != command { _exit(exitStatus) }
                // At the priority the runner's own tasks and the watchdog run at: each priority has threads of its own.
                Task.detached { beat.now() }
                usleep(250_000)
                let quiet = DispatchTime.now().uptimeNanoseconds &- beat.last
                guard quiet > graceNanoseconds, Watchdog.shared.hasOverdueBody(by: grace) else { continue }
                starved()
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
