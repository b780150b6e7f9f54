import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One runner process: the same executable, started with `posix_spawn` so that its message stream gets a
/// descriptor of its own (3), and its instruction another (4), beside the standard ones: standard input and output are the command's own (what a step
/// prints shows as it did in one process), standard error is a pipe the parent forwards and keeps the end of (a
/// crash's message and backtrace).
struct RunnerSpawn: Sendable {
    let pid: pid_t
    /// The read end of the message stream.
    let stream: Int32
    /// The read end of the child's standard error.
    let standardError: Int32
    /// The write end of the child's instruction, until `send` closes it.
    let instruction: Int32
    /// The write end of the test cases handed to a worker process (`RunnerInstruction.dispatchDescriptor`), or -1.
    let dispatch: Int32

    /// How a runner process ended.
    enum Ending: Sendable, Hashable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// The executable of this process.
    static var executablePath: String {
        #if os(Linux)
            if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }

    /// Starts `executable` with `arguments` and `environment`.
    ///
    /// - Throws: `RunnerProcessError` naming the executable, when the pipes or the process cannot be made.
    /// With `dispatching`, the child also gets the read end of a pipe of test cases handed to it
    /// (`RunnerInstruction.dispatchDescriptor`), whose write end is `dispatch`; with `journal`, that file as its
    /// stream's journal (`StreamJournal.descriptor`).
    static func start(
        executable: String, arguments: [String], environment: [String: String], dispatching: Bool = false,
        journal: Int32? = nil
    ) throws(RunnerProcessError) -> RunnerSpawn {
        // One start at a time: a pipe is made without close-on-exec (`makePipe`), and a process started by another
        // thread in that moment would keep its write end, so that this child never saw the end of its instruction
        // (two workers of a parallel run once waited so for ever).
        spawning.lock()
        defer { spawning.unlock() }
        var streamPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        var instructionPipe: [Int32] = [-1, -1]
        var dispatchPipe: [Int32] = [-1, -1]
        guard makePipe(&streamPipe), makePipe(&errorPipe), makePipe(&instructionPipe),
            !dispatching || makePipe(&dispatchPipe)
        else {
            for descriptor in streamPipe + errorPipe + instructionPipe + dispatchPipe where descriptor >= 0 {
                close(descriptor)
            }
            throw RunnerProcessError("cannot make a pipe for the runner process: \(String(cString: strerror(errno)))")
        }
        widen(streamPipe[1])
        defer {
            close(streamPipe[1])
            close(errorPipe[1])
            close(instructionPipe[0])
            if dispatching { close(dispatchPipe[0]) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The pipes' write ends are above 3 (`makePipe`), so each dup2 makes a new descriptor without close-on-exec.
        posix_spawn_file_actions_adddup2(&actions, streamPipe[1], RunnerInstruction.streamDescriptor)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        posix_spawn_file_actions_adddup2(&actions, instructionPipe[0], RunnerInstruction.instructionDescriptor)
        if dispatching {
            posix_spawn_file_actions_adddup2(&actions, dispatchPipe[0], RunnerInstruction.dispatchDescriptor)
        }
        if let journal { posix_spawn_file_actions_adddup2(&actions, journal, StreamJournal.descriptor) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard status == 0 else {
            close(streamPipe[0])
            close(errorPipe[0])
            close(instructionPipe[1])
            if dispatching { close(dispatchPipe[1]) }
            throw RunnerProcessError(
                "cannot start the runner process \(executable): \(String(cString: strerror(status)))")
        }
        return RunnerSpawn(
            pid: pid, stream: streamPipe[0], standardError: errorPipe[0], instruction: instructionPipe[1],
            dispatch: dispatching ? dispatchPipe[1] : -1)
    }

    private static let spawning = NSLock()

    /// Widens the pipe of `descriptor` to 1 MiB where the system allows it (Linux's `F_SETPIPE_SZ`; the default is
    /// 64 KiB), so that a runner process writes its stream ahead while the command is busy (emitting every
    /// `testCase` before the first result, or decoding what came before) instead of waiting at each 64 KiB. A system
    /// that refuses keeps the default.
    private static func widen(_ descriptor: Int32) {
        #if os(Linux)
            // F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7), which Glibc's module does not export.
            _ = fcntl(descriptor, 1024 + 7, Int32(1 << 20))
        #endif
    }

    /// A pipe whose two ends are close-on-exec and above 5 (the child's own descriptors), so that the child gets
    /// only what the spawn's actions give it.
    private static func makePipe(_ descriptors: inout [Int32]) -> Bool {
        var made: [Int32] = [-1, -1]
        guard pipe(&made) == 0 else { return false }
        for index in 0..<2 {
            let moved = fcntl(made[index], F_DUPFD_CLOEXEC, 10)
            close(made[index])
            guard moved >= 0 else {
                if index == 1 { close(descriptors[0]) }
                return false
            }
            descriptors[index] = moved
        }
        return true
    }

    /// Writes the child's instruction and closes it. The child reads it to its end before it writes its stream, so
    /// this waits only while the child reads (its standard error must be read meanwhile); a child that died first
    /// makes the write fail (SIGPIPE is ignored), and its end is told as any other.
    func send(_ instruction: Data) {
        instruction.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(self.instruction, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
        }
        close(self.instruction)
    }

    /// Waits for the process to end (blocking the calling thread, never a task's).
    func wait() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .exited(-1) }
        }
        let signal = status & 0x7f
        if signal == 0 { return .exited((status >> 8) & 0xff) }
        return .signalled(signal)
    }

    /// Ends the process at once.
    func terminate() {
        _ = kill(pid, SIGKILL)
    }
}
