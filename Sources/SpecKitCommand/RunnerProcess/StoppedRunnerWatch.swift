import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends a runner process that stays stopped, so that its step fails instead of holding the run for ever.
///
/// A stopped process runs nothing, neither its watchdog nor its guard (`RunnerGuard`): only the command can see it.
/// It stops by a signal sent to it alone, a step's own `SIGSTOP` or another process's, and the command would wait,
/// silent, for a process that never goes on. (A step reading the terminal of a run in the shell's background gets
/// an error instead of `SIGTTIN`: Swift's pool threads block that signal.) A thread of its own looks every quarter second;
/// once the process has been seen stopped `observations` times in a row, it is killed, and `finish()` says by which
/// signal it had stopped. Ctrl-Z stops the command too, so its looks stop with it and add up to nothing; a debugger's
/// stops are reported to the debugger, not here.
final class StoppedRunnerWatch: Sendable {
    /// How many quarter seconds in a row the process must be seen stopped before it is ended.
    static let observations = 20
    private let stoppedBy = Atomic<Int32>(0)
    private let isFinished = Atomic<Bool>(false)

    /// Starts watching `pid`, a child of this process.
    init(pid: pid_t) {
        #if os(Linux)
            let thread = Thread { [self] in
                var seen = 0
                while !isFinished.load(ordering: .acquiring) {
                    usleep(250_000)
                    var info = siginfo_t()
                    // WNOWAIT: the process stays reported as stopped (and, once it ends, for the run to reap).
                    let found = waitid(P_PID, id_t(pid), &info, WSTOPPED | WNOHANG | WNOWAIT) == 0
                    guard found, info._sifields._sigchld.si_pid == pid else {
                        seen = 0
                        continue
                    }
                    seen += 1
                    guard seen >= Self.observations, !isFinished.load(ordering: .acquiring) else { continue }
                    stoppedBy.store(info._sifields._sigchld.si_status, ordering: .releasing)
                    kill(pid, SIGKILL)
                    return
                }
            }
            thread.name = "spec-runner-stop"
            thread.stackSize = 1 << 16
            thread.start()
        #endif
    }

    /// Stops watching (the process has ended); returns the signal that had stopped it when the watch ended it.
    func finish() -> Int32? {
        isFinished.store(true, ordering: .releasing)
        let signal = stoppedBy.load(ordering: .acquiring)
        return signal == 0 ? nil : signal
    }
}
