import Foundation
import SpecKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends a runner process that can no longer be of use: its steps hold every thread of Swift's cooperative pool past
/// their timeout (`StarvedPoolWatch`: the run goes on in a new runner process instead of waiting for ever), or its
/// command is gone (a language server killed by its editor: a step blocked for ever would otherwise keep the process,
/// orphaned). It says so on standard error and ends with `exitStatus`; the command then fails the step that was
/// running with `CrashReport`'s words for it, and starts a new runner process for the rest.
///
/// With `--in-process` the command runs its steps itself and starts the same watch (`startInProcess()`): there is
/// no other process to go on in, so a starved pool stops the run, failed, with the reports of what has run
/// (`Interrupts.stopStarvedRun()`).
enum RunnerGuard {
    /// The exit status of a runner process the guard ended.
    static let exitStatus: Int32 = 75
    /// The start of what the guard says on standard error before it ends the process.
    static let notice = "every thread of the runner process was held by a step past its timeout"

    /// Starts watching the pool and the command, once per runner process.
    static func start() {
        let command = getppid()
        StarvedPoolWatch.start(
            name: "spec-runner-guard",
            check: {
                // Orphaned (the command was killed): adopted by another process.
                if getppid() != command { _exit(exitStatus) }
            },
            starved: {
                StandardStreams.writeError(
                    "\(notice) (a wait that never ends: a semaphore, a lock, a blocking call), so nothing else "
                        + "could run there: it ends, and the run goes on in a new one\n")
                _exit(exitStatus)
            })
    }

    /// Starts watching the pool of the command's own process, which runs the steps (`--in-process`); once.
    static func startInProcess() { _ = inProcess }

    private static let inProcess: Void = StarvedPoolWatch.start(name: "spec-runner-guard") {
        Interrupts.stopStarvedRun()
    }
}
