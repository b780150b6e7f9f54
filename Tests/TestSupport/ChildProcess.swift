import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long a test waits for a child process before it kills it: a hang guard, far above any child's normal time,
/// so that a child that never ends fails its own test instead of holding one of the few threads every test shares.
package let childProcessHangGuardSeconds: Double = 300

/// Held while a child's pipes are made and the child is started. Foundation's `Process.run()` on Linux closes in the
/// child only the descriptors open when it looked (3 up to the highest): a pipe made by another test meanwhile is
/// inherited by this child, which then holds its write end open, so the other test's reader sees no end of file (and
/// its child no end of input) until this child ends, which for a watch-mode child can be minutes.
private let launching = NSLock()

/// The standard streams of a child started by `Process.start`.
package enum ChildStream {
    /// A new pipe, read by the test.
    case pipe
    /// `/dev/null`.
    case null
    /// An open file handle of the test's.
    case handle(FileHandle)
}

extension Process {
    /// Makes the pipes asked for and starts the process, while no other child of the tests is being started (see
    /// `launching`). Returns the pipes of standard input, output and error (nil where none was asked for).
    @discardableResult
    package func start(input: ChildStream = .null, output: ChildStream = .pipe, errors: ChildStream = .pipe) throws
        -> (input: Pipe?, output: Pipe?, errors: Pipe?)
    {
        launching.lock()
        defer { launching.unlock() }
        func attach(_ stream: ChildStream) -> (Any, Pipe?) {
            switch stream {
            case .pipe:
                let pipe = Pipe()
                return (pipe, pipe)
            case .null: return (FileHandle.nullDevice, nil)
            case .handle(let handle): return (handle, nil)
            }
        }
        let (inputStream, inputPipe) = attach(input)
        let (outputStream, outputPipe) = attach(output)
        let (errorStream, errorPipe) = attach(errors)
        standardInput = inputStream
        standardOutput = outputStream
        standardError = errorStream
        try run()
        return (inputPipe, outputPipe, errorPipe)
    }

    /// Waits until the process ends, at most `seconds`; then kills it (SIGKILL) and waits for that. Returns whether
    /// it ended by itself. The wait is on a thread of its own: the tests' cooperative threads are never held.
    @discardableResult
    package func waitUntilExit(orKillAfter seconds: Double) async -> Bool {
        await offThePool { [self] in
            let hangGuard = HangGuard(self, seconds: seconds)
            waitUntilExit()
            return !hangGuard.disarm()
        }
    }

    /// Waits until the process ends, on a thread of its own.
    package func exit() async {
        await offThePool { [self] in waitUntilExit() }
    }

    /// Reads standard output and error (pipes of `start()`) to their ends and waits for the process, on threads of
    /// their own. A child still running after `childProcessHangGuardSeconds` is killed, and `HungChild` (naming it
    /// `name`) is thrown.
    package func readToEnd(_ pipes: (input: Pipe?, output: Pipe?, errors: Pipe?), name: String) async throws
        -> ChildOutcome
    {
        let pipes = UncheckedPipes(input: pipes.input, output: pipes.output, errors: pipes.errors)
        return try await offThePool { [self] in try readToEndHoldingThread(pipes, name: name) }
    }

    /// `readToEnd`, holding the calling thread: for the one caller that cannot suspend (see
    /// `BuiltExecutable.runHoldingThread`).
    package func readToEndHoldingThread(_ pipes: (input: Pipe?, output: Pipe?, errors: Pipe?), name: String) throws
        -> ChildOutcome
    {
        try readToEndHoldingThread(
            UncheckedPipes(input: pipes.input, output: pipes.output, errors: pipes.errors), name: name)
    }

    private func readToEndHoldingThread(_ pipes: UncheckedPipes, name: String) throws -> ChildOutcome {
        let hangGuard = HangGuard(self)
        let errorData = PipeCollector(pipes.errors!.fileHandleForReading)
        let outputData = pipes.output!.fileHandleForReading.readDataToEndOfFile()
        waitUntilExit()
        let outcome = ChildOutcome(
            status: terminationStatus, signalled: terminationReason == .uncaughtSignal,
            output: String(decoding: outputData, as: UTF8.self),
            errorOutput: String(decoding: errorData.wait(), as: UTF8.self))
        if hangGuard.disarm() {
            throw HungChild(
                name: name, seconds: childProcessHangGuardSeconds, output: outcome.output,
                errorOutput: outcome.errorOutput, killedWhile: hangGuard.killedWhile)
        }
        return outcome
    }
}

/// A child's pipes, handed to the thread that reads them (the test that made them no longer touches them).
private struct UncheckedPipes: @unchecked Sendable {
    let input: Pipe?
    let output: Pipe?
    let errors: Pipe?
}

/// Runs `body`, which blocks (waiting for a child, reading its pipes to their ends), on a thread of its own, and
/// returns its result: the Swift concurrency threads every test shares (two on this machine) are never held by a
/// wait for a child process.
package func offThePool<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Swift.Result { try body() }) }
        thread.name = "test-child-wait"
        thread.start()
    }
}

/// `offThePool` for a body that cannot throw.
package func offThePool<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.name = "test-child-wait"
        thread.start()
    }
}

/// Kills a child (SIGKILL) that is still running `seconds` after it was armed, unless disarmed first: so that reading
/// its output to the end can never wait for ever.
package final class HangGuard: @unchecked Sendable {
    // Safe to share: every stored property is read and written under `lock`.
    private let lock = NSLock()
    private var armed = true
    private var didFire = false
    private var snapshot = ""

    /// Arms the guard for `process`, which must be running.
    package init(_ process: Process, seconds: Double = childProcessHangGuardSeconds) {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.lock()
            defer { lock.unlock() }
            guard armed else { return }
            didFire = true
            snapshot = ProcessTree.describe(pid)
            kill(pid, SIGKILL)
        }
    }

    /// Disarms the guard; returns whether it had already killed the child.
    @discardableResult
    package func disarm() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        armed = false
        return didFire
    }

    /// What the child and its descendants were doing when the guard killed it (empty when it did not): so that a
    /// hang seen once, on a CI machine, says where it was.
    package var killedWhile: String {
        lock.lock()
        defer { lock.unlock() }
        return snapshot
    }
}

/// A process and its descendants, read from `/proc`: for each, its command line, and each thread's name, state,
/// CPU time and the kernel function it waits in.
package enum ProcessTree {
    /// One line per process and one per thread below it; empty where `/proc` is absent (macOS).
    package static func describe(_ root: pid_t) -> String {
        var lines: [String] = []
        var queue = [root]
        while !queue.isEmpty {
            let pid = queue.removeFirst()
            let command = read("/proc/\(pid)/cmdline").split(separator: "\0").joined(separator: " ")
            lines.append("process \(pid): \(command)")
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks.sorted() {
                let name = read("/proc/\(pid)/task/\(task)/comm").trimmingCharacters(in: .whitespacesAndNewlines)
                let waitingIn = read("/proc/\(pid)/task/\(task)/wchan")
                // Fields after the name in parentheses: state is the first, utime and stime the 12th and 13th.
                let stat = read("/proc/\(pid)/task/\(task)/stat")
                let fields = stat.split(separator: ")").last.map { $0.split(separator: " ") } ?? []
                let state = fields.first.map(String.init) ?? "?"
                let ticks = fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
                lines.append(
                    "  thread \(task) \(name): state \(state), cpu \(ticks) ticks, waiting in \(waitingIn.isEmpty ? "-" : waitingIn)"
                )
            }
            let children = tasks.flatMap { task in
                read("/proc/\(pid)/task/\(task)/children").split(separator: " ").compactMap { pid_t($0) }
            }
            queue.append(contentsOf: children)
        }
        return lines.joined(separator: "\n")
    }

    private static func read(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// How a child ended and what it wrote.
package struct ChildOutcome: Sendable {
    /// The exit status, or the signal's number when `signalled`.
    package let status: Int32
    /// Whether a signal ended the child.
    package let signalled: Bool
    package let output: String
    package let errorOutput: String
}

/// A child that was killed by its hang guard.
package struct HungChild: Error, CustomStringConvertible {
    package let name: String
    package let seconds: Double
    package let output: String
    package let errorOutput: String
    /// What the child and its descendants were doing when it was killed (`HangGuard.killedWhile`).
    package let killedWhile: String

    package init(name: String, seconds: Double, output: String, errorOutput: String, killedWhile: String = "") {
        self.name = name
        self.seconds = seconds
        self.output = output
        self.errorOutput = errorOutput
        self.killedWhile = killedWhile
    }

    package var description: String {
        "\(name) was still running after \(Int(seconds)) s and was killed, while:\n\(killedWhile)\nits output:\n"
            + "\(output)\nits error output:\n\(errorOutput)"
    }
}
