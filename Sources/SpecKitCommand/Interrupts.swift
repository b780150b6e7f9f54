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

/// The process's one answer to Ctrl-C (SIGINT) and SIGTERM, for every phase of a command: a run finishing its
/// reports, watch mode waiting or rerunning, and the moments between them.
///
/// One mechanism only. A plain signal handler, installed once, writes the signal's number into a pipe (`write` is
/// safe in a handler); a thread of its own reads the pipe and does what the current phase asked for. Dispatch signal
/// sources are not used: on Linux they block the signal in the threads that register them and read it from a
/// `signalfd`, and a later plain handler could then miss a signal that one of them took (watch mode once lost a
/// SIGTERM that way, one run in four under load).
enum Interrupts {
    /// What an interrupt does.
    enum Response: Sendable {
        /// Finishes `sink` (its reports hold what has run, marked as interrupted), lists the files, exits with 130.
        case finishReports(ReportSink, name: String)
        /// Says goodbye when standard output can take it now, and exits with 130 at once.
        case stopWatching
    }

    /// The response of the phase running now; nil between phases, where an interrupt exits with 130.
    private static let current = Mutex<Response?>(nil)

    /// Makes `response` the answer to the next interrupt, until the next call (nil: exit with 130).
    static func respond(with response: Response?) {
        _ = installed
        current.withLock { $0 = response }
    }

    /// Installs the handlers and starts the thread that answers them, once per process.
    private static let installed: Bool = {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return false }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL) | O_NONBLOCK)
        interruptPipe.store(descriptors[1], ordering: .sequentiallyConsistent)
        let reader = descriptors[0]
        let thread = Thread {
            var signalNumber: UInt8 = 0
            while true {
                let count = read(reader, &signalNumber, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1 else { return }
                answer()
            }
        }
        thread.name = "interrupts"
        thread.start()
        for signalNumber in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Darwin)
                action.__sigaction_u.__sa_handler = forwardSignal
            #else
                action.__sigaction_handler.sa_handler = forwardSignal
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signalNumber, &action, nil)
        }
        return true
    }()

    /// Makes an `exit()` called by a step while a run goes (from user code, not the command's own exits) end the
    /// run as failed: the command says which scenario was running, writes the reports of what has run (as for an
    /// interrupt) and exits with 1 instead of the status the step chose. Once per process.
    static func guardExits() {
        _ = exitGuard
    }

    private static let exitGuard: Bool = {
        atexit { Interrupts.exitedInStep() }
        return true
    }()

    /// Set before the command's own `exit` calls, which the exit guard lets through.
    private static let commandExits = Atomic<Bool>(false)

    /// The exit guard: runs in `exit()`, on the thread that called it.
    private static func exitedInStep() {
        guard !commandExits.load(ordering: .sequentiallyConsistent),
            let place = RunningTestCases.shared.runningPlace()
        else { return }
        stopFailedRun(because: "exit() was called while \(place) was running")
    }

    /// Ends a run in this process (`--in-process`) whose steps hold every thread of Swift's pool past their
    /// timeout (`RunnerGuard`): nothing else can run here any more, so the run stops and fails with the reports
    /// of what has run, instead of waiting for ever.
    static func stopStarvedRun() -> Never {
        commandExits.store(true, ordering: .sequentiallyConsistent)
        let place = RunningTestCases.shared.runningPlace().map { " while \($0) was running" } ?? ""
        stopFailedRun(
            because: "every thread of the run was held by a step past its timeout\(place) (a wait that never ends: "
                + "a semaphore, a lock, a blocking call), so nothing else could run")
    }

    /// Says `what` ended the run, writes the reports of what has run (as for an interrupt) and exits with 1.
    private static func stopFailedRun(because what: String) -> Never {
        let response = current.withLock { $0 }
        let name: String
        if case .finishReports(_, let runName) = response { name = runName } else { name = "run" }
        StandardStreams.writeError(
            "\n\(name): \(what): the run stops here and fails; writing the reports of what has run.\n")
        if case .finishReports(let sink, _) = response {
            for failure in sink.finish() { StandardStreams.writeError("\(name): \(failure)\n") }
            if StandardStreams.outputIsWritableNow { announce(files: sink.writtenFiles) }
        }
        _exit(1)
    }

    /// Whether this process has received SIGINT or SIGTERM (set by the signal handler, before its answer).
    static var wasInterrupted: Bool { interruptsReceived.load(ordering: .sequentiallyConsistent) > 0 }

    /// Whether this process receives SIGINT or SIGTERM within `limit` (or has already): when a runner process was
    /// ended by one, whether the command was too (Ctrl-C reaches the whole process group), or only the runner
    /// process (a step sent it). Blocks the calling thread, polling; never call it from a task.
    static func interruptArrives(within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        while !wasInterrupted && !RunnerProcesses.isStopping.load(ordering: .sequentiallyConsistent) {
            guard ContinuousClock.now < deadline else { return false }
            usleep(5_000)
        }
        return true
    }

    /// Whether an interrupt is being answered (its exit status is the command's).
    static var isAnswering: Bool { commandExits.load(ordering: .sequentiallyConsistent) }

    /// Does what the current phase asked for; never returns.
    private static func answer() {
        commandExits.store(true, ordering: .sequentiallyConsistent)
        RunnerProcesses.terminateAll()
        switch current.withLock({ $0 }) {
        case .finishReports(let sink, let name):
            StandardStreams.writeError("\nInterrupted: writing the reports of what has run.\n")
            for failure in sink.finish() { StandardStreams.writeError("\(name): \(failure)\n") }
            if StandardStreams.outputIsWritableNow { announce(files: sink.writtenFiles) }
            exit(130)
        case .stopWatching:
            // A full pipe whose reader is stopped (a suspended pager) must not keep the process from stopping.
            if StandardStreams.outputIsWritableNow { StandardStreams.write("\nStopped watching.\n") }
            _exit(130)
        case nil:
            exit(130)
        }
    }
}

/// The write end of the interrupts' pipe (-1 until installed), read by the signal handler.
private let interruptPipe = Atomic<Int32>(-1)

/// How many SIGINT and SIGTERM the handler has received.
private let interruptsReceived = Atomic<Int>(0)

/// The signal handler: only atomic operations and `write`, all safe in a handler.
private func forwardSignal(_ signalNumber: Int32) {
    interruptsReceived.add(1, ordering: .sequentiallyConsistent)
    let descriptor = interruptPipe.load(ordering: .sequentiallyConsistent)
    guard descriptor >= 0 else { return }
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    let saved = errno
    _ = write(descriptor, &byte, 1)
    errno = saved
}
