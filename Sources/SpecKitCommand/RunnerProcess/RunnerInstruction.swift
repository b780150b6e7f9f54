import Foundation
import SpecKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a runner process runs: the command's parent process writes it into a pipe the child reads at its start
/// (descriptor 4, named in `SPECKIT_RUNNER_CHILD`); the child, the same executable with the same arguments, reads it
/// instead of deciding again (the paths of a watch rerun, the variant, the random order's seed, the UUIDs' key, and
/// after a crash where the run carries on). Nothing is written to a file.
struct RunnerInstruction: Codable, Sendable, Hashable {
    /// The environment variable naming the descriptor of the instruction, in a runner process only.
    static let environmentVariable = "SPECKIT_RUNNER_CHILD"
    /// The descriptor the child reads its instruction from.
    static let instructionDescriptor: Int32 = 4
    /// The file descriptor the child writes its message stream to.
    static let streamDescriptor: Int32 = 3
    /// The descriptor a worker process of a parallel run reads the test cases handed to it from (`PipeDispatch`).
    static let dispatchDescriptor: Int32 = 5

    /// The spec paths to run.
    var paths: [String]
    /// The variant to run, by its position among the variants the command line chose.
    var variant: Int
    /// The order, as `--order` writes it (`random:4711`).
    var order: String
    /// The key of the run's UUIDs, when its ids are UUIDs.
    var idKey: IdKey?
    /// Where the run carries on, in a runner process started after one crashed.
    var resume: ResumePoint?
    /// The folder the `.feature` uris are relative to, when not the command's (an editor run's private copy).
    var uriBase: String?
    /// In a parallel run, which of its worker processes this is (0, 1, …): it runs only the test cases the command
    /// hands it on `dispatchDescriptor`. Nil: it runs every test case.
    var worker: Int?
    /// What the command's reading of the specs found: the runner process reads them once, as it runs them.
    var documents: DocumentsRead?
    /// Whether the run reads `cucumber.json` and `SPECKIT_PROFILE` as the command line does (an editor run does
    /// not: its settings are the editor's).
    var readsConfigurationFile = true

    /// The instruction of this process, when it is a runner process: read to its end from the descriptor
    /// `SPECKIT_RUNNER_CHILD` names.
    ///
    /// - Throws: a description naming the variable, when it cannot be read.
    static func current(environment: [String: String]) throws(RunnerProcessError) -> RunnerInstruction? {
        guard let text = environment[environmentVariable], !text.isEmpty else { return nil }
        // Only the pipe a command made for its runner process: never a terminal or a file to read for ever.
        var status = stat()
        guard let descriptor = Int32(text), descriptor > 2, fstat(descriptor, &status) == 0,
            status.st_mode & S_IFMT == S_IFIFO
        else {
            throw RunnerProcessError(
                "\(environmentVariable)=\(text): expected the pipe of a runner's instruction (the variable is the "
                    + "command's own, for the runner processes it starts: unset it)")
        }
        keepDescriptorsFromChildren()
        // A process a step starts (the package's own command, run by a step) is no runner process.
        unsetenv(environmentVariable)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            let data = try handle.readToEnd() ?? Data()
            return try JSONDecoder().decode(RunnerInstruction.self, from: data)
        } catch {
            throw RunnerProcessError("\(environmentVariable)=\(text): cannot read the runner's instruction: \(error)")
        }
    }
}

extension RunnerInstruction {
    /// Marks the descriptors the command gave this runner process (its stream, its instruction, a worker's test
    /// cases, the journal) close-on-exec: a process a step starts and leaves running (a server in the background)
    /// would otherwise hold the stream's pipe open, and the command would wait for it to end before it could finish
    /// the run. Standard error stays inherited, as any process's does.
    static func keepDescriptorsFromChildren() {
        for descriptor in [streamDescriptor, instructionDescriptor, dispatchDescriptor, StreamJournal.descriptor] {
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }
}

/// Why a run in runner processes could not go on.
struct RunnerProcessError: Error, CustomStringConvertible, Sendable {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
