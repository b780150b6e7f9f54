import Foundation
import Messages
import SpecKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the steps of a run in runner processes (the same executable), relaying their message stream, so that a step
/// that crashes or calls `exit()` fails that step instead of ending the run: the running step fails with what
/// happened, the rest of its scenario is skipped, and a new runner process runs the scenarios left.
///
/// Everything here blocks a thread of its own (reading pipes, waiting for the process), never one of Swift's
/// cooperative threads; the caller awaits the outcome.
struct RunnerProcesses: Sendable {
    /// The command's arguments, given again to each runner process.
    var arguments: [String]
    /// The command's environment, given to each runner process with its instruction.
    let environment: [String: String]
    /// The package root, which the Swift places of a crash are written relative to.
    let root: String

    /// The processes running now, ended when the command exits (an interrupt, an error).
    private static let running = Mutex<[pid_t: RunnerSpawn]>([:])

    /// Runs `instruction` in runner processes, passing the run's stream to `sink`.
    ///
    /// - Throws: `RunnerProcessError` when no runner process can be started, or the first one ends before its run
    ///   began (an error it printed on standard error, which the command's standard error showed).
    func run(
        _ instruction: RunnerInstruction, problems: [StepLibraryError], sink: some MessageSink
    ) async throws(RunnerProcessError) -> RunSummary {
        let cancellation = Cancellation()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<RunSummary, RunnerProcessError>, Never>) in
                let thread = Thread {
                    do throws(RunnerProcessError) {
                        let summary = try runBlocking(
                            instruction, problems: problems, sink: sink, cancellation: cancellation)
                        continuation.resume(returning: .success(summary))
                    } catch {
                        continuation.resume(returning: .failure(error))
                    }
                }
                thread.name = "spec-runner-relay"
                thread.stackSize = 4 << 20
                thread.start()
            }
        } onCancel: {
            cancellation.cancel()
        }
        return try result.get()
    }

    /// The cancellation of one run: its runner process is ended, and no new one is started.
    final class Cancellation: Sendable {
        private let state = Mutex<(cancelled: Bool, running: RunnerSpawn?)>((false, nil))

        /// Ends the running process, and every later one at its start.
        func cancel() {
            let running = state.withLock { state in
                state.cancelled = true
                return state.running
            }
            running?.terminate()
        }

        /// Records `spawn` as running (ended at once when the run was cancelled); false when cancelled.
        func started(_ spawn: RunnerSpawn?) -> Bool {
            let cancelled = state.withLock { state in
                state.running = spawn
                return state.cancelled
            }
            if cancelled { spawn?.terminate() }
            return !cancelled
        }
    }

    /// Ends every runner process still running (the command is exiting).
    static func terminateAll() {
        for spawn in running.withLock({ Array($0.values) }) { spawn.terminate() }
    }

    private func runBlocking(
        _ first: RunnerInstruction, problems: [StepLibraryError], sink: some MessageSink, cancellation: Cancellation
    ) throws(RunnerProcessError) -> RunSummary {
        var instruction = first
        var relay = StreamRelay()
        var tally = RunSummaryTally()
        let emit: (Envelope) -> Void = { envelope in
            tally.observe(envelope)
            sink.emit(envelope)
        }
        while true {
            let encoded: Data
            do {
                encoded = try JSONEncoder().encode(instruction)
            } catch {
                throw RunnerProcessError("cannot write the runner's instruction: \(error)")
            }
            var childEnvironment = environment
            childEnvironment[RunnerInstruction.environmentVariable] = String(RunnerInstruction.instructionDescriptor)
            if childEnvironment["SWIFT_BACKTRACE"] == nil {
                // The crashed thread's frames, without waiting for a debugger or printing every register.
                childEnvironment["SWIFT_BACKTRACE"] =
                    "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none"
            }
            let spawn = try RunnerSpawn.start(
                executable: RunnerSpawn.executablePath, arguments: arguments, environment: childEnvironment)
            Self.running.withLock { $0[spawn.pid] = spawn }
            _ = cancellation.started(spawn)
            let errors = ForwardedErrors(descriptor: spawn.standardError)
            spawn.send(encoded)
            let readFailure = Self.readStream(spawn.stream) { envelope in
                if let relayed = relay.relay(envelope) { emit(relayed) }
            }
            close(spawn.stream)
            if readFailure != nil { spawn.terminate() }
            let ending = spawn.wait()
            Self.running.withLock { _ = $0.removeValue(forKey: spawn.pid) }
            let tail = errors.finish()
            guard cancellation.started(nil) else {
                // Cancelled: what ran was passed on as it came; the run is not finished.
                throw RunnerProcessError("the run was cancelled")
            }
            if relay.generation == 0 && tally.isEmpty && relay.finished == nil {
                let status: String
                switch ending {
                case .exited(let code): status = "exit status \(code)"
                case .signalled(let signal): status = "signal \(signal)"
                }
                // What it said last is why (a refused option, a file it could not read).
                let said = tail.split(separator: "\n").last.map { ": \($0)" } ?? ""
                throw RunnerProcessError(
                    "the runner process ended before its run began (\(status))\(said)"
                        + (readFailure.map { "; \($0)" } ?? ""))
            }
            if var finished = relay.finished {
                // The run was told to its end; a process that died after it (in an exit handler) still fails it.
                if ending != .exited(0) {
                    let crash = CrashReport(ending: ending, standardError: tail, root: root)
                    finished.success = false
                    finished.exception = finished.exception ?? Exception(type: "Crash", message: crash.message)
                    finished.message = finished.message ?? crash.message
                }
                emit(.testRunFinished(finished))
                break
            }
            let crash = CrashReport(
                ending: readFailure == nil ? ending : .exited(-1),
                standardError: readFailure.map { tail + "\n" + $0 } ?? tail, root: root)
            let inTestCase = relay.hasOpenTestCase
            for envelope in relay.crashed(crash, at: .now) { emit(envelope) }
            guard inTestCase else {
                // Outside any test case (a run hook, between scenarios): a new process would end the same way.
                emit(.testRunFinished(relay.runFinished(after: crash, at: .now)))
                break
            }
            instruction.resume = ResumePoint(skippedPickleIds: relay.told, runHasFailed: true)
            relay.nextProcess()
        }
        return tally.summary(problems: problems)
    }

    /// Reads the NDJSON stream of `descriptor` to its end, calling `body` with each envelope; returns why the
    /// stream could not be read, if it could not.
    private static func readStream(_ descriptor: Int32, _ body: (Envelope) -> Void) -> String? {
        let decoder = JSONDecoder()
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var lineNumber = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return "reading the runner's stream failed: \(String(cString: strerror(errno)))"
            }
            if count == 0 { break }
            pending.append(contentsOf: buffer[0..<count])
            var start = 0
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                lineNumber += 1
                let line = pending[start..<newline]
                start = newline + 1
                do {
                    body(try decoder.decode(Envelope.self, from: Data(line)))
                } catch {
                    return "the runner's stream is not a message stream at line \(lineNumber): \(error)"
                }
            }
            pending.removeFirst(start)
        }
        return nil
    }
}

/// A runner process's standard error: forwarded to the command's own as it comes, its last 64 KiB kept for a crash's
/// message.
final class ForwardedErrors: Sendable {
    private static let kept = 1 << 16
    private let tail = Mutex<[UInt8]>([])
    private let done = DispatchSemaphore(value: 0)

    init(descriptor: Int32) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 1 << 14)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                buffer.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < count {
                        let written = write(2, bytes.baseAddress?.advanced(by: offset), count - offset)
                        if written < 0 && errno == EINTR { continue }
                        guard written > 0 else { break }
                        offset += written
                    }
                }
                self.tail.withLock { tail in
                    tail.append(contentsOf: buffer[0..<count])
                    if tail.count > Self.kept { tail.removeFirst(tail.count - Self.kept) }
                }
            }
            close(descriptor)
            self.done.signal()
        }
        thread.name = "spec-runner-stderr"
        thread.start()
    }

    /// Waits (two seconds at most: a process the step started may hold the pipe open) for the end of the
    /// process's standard error; returns its last part.
    func finish() -> String {
        _ = done.wait(timeout: .now() + 2)
        return String(decoding: tail.withLock { $0 }, as: UTF8.self)
    }
}
