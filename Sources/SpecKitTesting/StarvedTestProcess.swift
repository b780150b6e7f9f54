import Foundation
import SpecKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Under `swift test`, steps that hold every thread of Swift's cooperative pool past their timeout end the test
/// process, failed, saying which scenarios were running, instead of leaving it waiting for ever.
///
/// Swift Testing runs the scenarios at once, on the pool; a step that blocks its thread (a semaphore waited on for a
/// completion handler that never comes) is timed out but keeps its thread, and once every thread is held so nothing
/// else runs in the process: no watchdog, no time limit, no other test. The command goes on in a new runner process;
/// here the process is the test run's, so it ends (exit status 1), as a crash in a step would end it. The previous
/// run's reports were removed when the run started (`SpecReportsTrait`), so none is left looking like this run's.
///
/// Other tests share the process, so the watch is slower to conclude than a runner process's: the pool must have
/// run nothing for `grace`, and the process must have used under `idleBelow` of processor time meanwhile (its
/// threads held, not busy: a sanitizer's build, slow enough to keep every thread busy with other tests for that
/// long, once ended the test run).
enum StarvedTestProcess {
    /// The exit status of a test process ended this way.
    static let exitStatus: Int32 = 1
    /// How long the pool must have run nothing, and a body be past its deadline, before the process ends.
    static let grace = Duration.seconds(10)
    /// The processor time the process may have used over `grace` for its threads to count as held, not busy.
    static let idleBelow = Duration.seconds(1)

    /// Starts watching the pool, once per process.
    static func watch() { _ = watching }

    private static let watching: Void = StarvedPoolWatch.start(
        name: "spec-pool-watch", grace: grace, idleBelow: idleBelow
    ) {
        // No test case runs, so the overdue body is no scenario's: the process is not this watch's to end.
        guard let place = RunningTestCases.shared.runningPlace() else { return }
        let running = "; running: \(place)"
        let message =
            "error: every thread of Swift's cooperative pool was held by a step past its timeout (a wait that never "
            + "ends: a semaphore, a lock, a blocking call), so nothing else could run in this test process: it ends, "
            + "failed, and the spec reports of this run are not written\(running)\n"
        _ = message.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
        _exit(exitStatus)
    }
}
