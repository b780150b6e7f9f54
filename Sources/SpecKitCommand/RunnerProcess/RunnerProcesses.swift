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

/// How a command starts the runner processes of a run: the same executable, with these arguments and environment.
///
/// A run whose configuration has a `RemoteSession` (`session(_:)`) emits its documents and test cases itself and
/// gets what its hooks and test cases do from runner processes, so that a step that crashes or calls `exit()` fails
/// that step instead of ending the run: the running step fails with what happened, the rest of its scenario is
/// skipped, and a new runner process runs the scenarios left.
struct RunnerProcesses: Sendable {
    /// The command's arguments, given again to each runner process.
    var arguments: [String]
    /// The command's environment, given to each runner process with its instruction.
    let environment: [String: String]
    /// The package root, which the Swift places of a crash are written relative to.
    let root: String

    /// The processes running now, ended when the command exits (an interrupt, an error).
    static let running = Mutex<[pid_t: RunnerSpawn]>([:])

    /// Set once the command is exiting: no runner process is started any more.
    static let isStopping = Atomic<Bool>(false)

    /// Ends every runner process still running, and starts none any more (the command is exiting).
    static func terminateAll() {
        isStopping.store(true, ordering: .sequentiallyConsistent)
        for spawn in running.withLock({ Array($0.values) }) { spawn.terminate() }
    }

    /// A session running `instruction`, the run drawing its ids as `ids` does (its first runner process starts with
    /// `start()`).
    func session(_ instruction: RunnerInstruction, ids: IdSource) -> RemoteSession {
        RemoteSession(processes: self, instruction: instruction, ids: ids)
    }

    /// The environment of a runner process.
    func childEnvironment() -> [String: String] {
        var childEnvironment = environment
        childEnvironment[RunnerInstruction.environmentVariable] = String(RunnerInstruction.instructionDescriptor)
        if childEnvironment["SWIFT_BACKTRACE"] == nil {
            // The crashed thread's frames, without waiting for a debugger or printing every register.
            childEnvironment["SWIFT_BACKTRACE"] =
                "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none"
        }
        return childEnvironment
    }

    /// Reads the NDJSON stream of `descriptor` to its end with `reader`, calling `body` with the envelopes of each
    /// read; returns why the stream could not be read, if it could not.
    static func readStream(
        _ descriptor: Int32, with reader: inout StreamReader, _ body: ([Envelope]) -> Void
    ) -> String? {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return "reading the runner's stream failed: \(String(cString: strerror(errno)))"
            }
            if count == 0 { return nil }
            let failure = buffer.withUnsafeBytes { bytes in
                reader.read(UnsafeRawBufferPointer(rebasing: bytes[0..<count]), body)
            }
            if let failure { return failure }
        }
    }
}

/// Reads a runner process's NDJSON stream as it comes, in pieces of any size, into envelopes.
struct StreamReader {
    private let decoder = ExecutionLineDecoder()
    private var pending: [UInt8] = []
    private var lineNumber = 0
    /// How many bytes of the stream were read.
    private(set) var received = 0

    /// Reads `bytes`, the next piece of the stream, calling `body` with the envelopes of the lines it ends; returns
    /// why the stream is not a message stream, if it is not.
    mutating func read(_ bytes: UnsafeRawBufferPointer, _ body: ([Envelope]) -> Void) -> String? {
        received += bytes.count
        pending.append(contentsOf: bytes)
        var start = 0
        var envelopes: [Envelope] = []
        while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            lineNumber += 1
            let line = pending[start..<newline]
            start = newline + 1
            do {
                envelopes.append(try decoder.decode(line))
            } catch {
                body(envelopes)
                return "the runner's stream is not a message stream at line \(lineNumber): \(error)"
            }
        }
        pending.removeFirst(start)
        body(envelopes)
        return nil
    }
}

/// A runner process's standard error: forwarded to the command's own as it comes, its last 64 KiB kept for a crash's
/// message.
///
/// A process a step started and left running (a server in the background) inherits the pipe and may hold it open
/// long after the runner process ended: once that one has ended, `finish()` waits only until what it wrote has been
/// read, and the forwarding goes on, for the other process, until the pipe's end.
final class ForwardedErrors: Sendable {
    private static let kept = 1 << 16
    private let tail = Mutex<[UInt8]>([])
    /// Set by `finish()`: the runner process has ended, so the pipe holds nothing more of its own once empty.
    private let draining = Atomic<Bool>(false)
    /// Signalled once, when the pipe was found empty while draining, or at its end.
    private let drained = DispatchSemaphore(value: 0)

    /// Starts reading `descriptor`, writing what comes to `forwardingTo` (the command's standard error).
    init(descriptor: Int32, forwardingTo output: Int32 = 2) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 1 << 14)
            var signalled = false
            while true {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let polled = poll(&ready, 1, draining.load(ordering: .acquiring) && !signalled ? 0 : 100)
                if polled < 0 && errno != EINTR { break }
                if polled <= 0 {
                    if polled == 0 && draining.load(ordering: .acquiring) && !signalled {
                        signalled = true
                        drained.signal()
                    }
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                guard count > 0 else { break }
                buffer.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < count {
                        let written = write(output, bytes.baseAddress?.advanced(by: offset), count - offset)
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
            if !signalled { drained.signal() }
        }
        thread.name = "spec-runner-stderr"
        thread.start()
    }

    /// Once the runner process has ended: waits until what it wrote to its standard error has been read (`limit` at
    /// most, should a process it left running write without a pause); returns the last part, and whether all of
    /// it was read within the limit.
    func finish(waitingAtMost limit: DispatchTimeInterval = .seconds(2)) -> (text: String, drained: Bool) {
        draining.store(true, ordering: .releasing)
        let drained = self.drained.wait(timeout: .now() + limit) == .success
        return (String(decoding: tail.withLock { $0 }, as: UTF8.self), drained)
    }
}
