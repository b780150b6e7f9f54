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

    /// A session running `instruction`, the run drawing its ids as `ids` does (its runner processes start once the
    /// run has read its specs: `planned(_:)`); `readsAhead` as `RemoteSession` takes it.
    func session(_ instruction: RunnerInstruction, ids: IdSource, readsAhead: Bool) -> RemoteSession {
        RemoteSession(processes: self, instruction: instruction, ids: ids, readsAhead: readsAhead)
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
}
