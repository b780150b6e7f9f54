import Foundation
import SpecKit
import Testing

/// Counts the bodies inside the shared resource of `Faults/exclusive.feature`, and the scenarios that have met.
final class Counters: Sendable {
    static let shared = Counters()
    private let state = NSLock()
    nonisolated(unsafe) private var inside = 0
    nonisolated(unsafe) private var arrived = 0

    /// Enters the resource; false when another body is inside.
    func enter() -> Bool {
        state.withLock {
            inside += 1
            return inside == 1
        }
    }

    func leave() {
        state.withLock { inside -= 1 }
    }

    /// Counts one more scenario at the meeting point; returns how many have come.
    func arrive() -> Int {
        state.withLock {
            arrived += 1
            return arrived
        }
    }

    var arrivals: Int { state.withLock { arrived } }
}

/// Steps that fail off their own task, end the process, or overrun their timeout inside an exclusive group: the
/// faults `.ci/differential/faults` runs through the package's command.
enum FaultSteps {
    static func add(to steps: inout StepLibrary<FailureWorld>) {
        // Runs once in each worker process: how many workers a parallel run started.
        steps.beforeAll(name: "a worker starts") {}
        // A server a step starts and leaves running: it inherits what the process did not keep from it, and it
        // outlives the run (`faults-check.py` finds it by its argument, then ends it).
        steps.given("a process started in the background with posix_spawn") { _ in
            var pid: pid_t = 0
            let words = ["/bin/sleep", "97"]
            var arguments = words.map { strdup($0) } + [nil]
            defer { for argument in arguments { free(argument) } }
            #expect(posix_spawn(&pid, "/bin/sleep", nil, nil, &arguments, environ) == 0)
        }
        // The commonest hang of iOS-style code: a completion handler that never comes, waited for with a semaphore.
        // Two minutes stand for ever (a runner process still waiting would show as a slow run, not a stuck one).
        steps.when("the step waits for a completion handler that never comes") { _ in
            _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 120)
        }
        // Only the runner process gets them, not the command: the step fails, as if it had crashed.
        steps.when("the step sends its own process SIGTERM") { _ in
            kill(getpid(), SIGTERM)
            try await Task.sleep(for: .seconds(5))
        }
        steps.when("the step sends its own process SIGINT") { _ in
            kill(getpid(), SIGINT)
            try await Task.sleep(for: .seconds(5))
        }
        // Every thread of the process stops, its watchdog and guard too: only the command can see it.
        steps.when("the step stops its own process") { _ in
            kill(getpid(), SIGSTOP)
            try await Task.sleep(for: .seconds(5))
        }
        // Run from the editor (`lsp-check.py`): the language server's standard input is the editor's messages.
        steps.when("the step reads its standard input to the end") { _ in
            let read = FileHandle.standardInput.readDataToEndOfFile()
            #expect(read.isEmpty, "the step read \(read.count) bytes: \(String(decoding: read.prefix(80), as: UTF8.self))")
        }
        steps.given("a process started in the background with Process") { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sleep")
            process.arguments = ["98"]
            try process.run()
        }
        steps.then("an expectation fails on a thread") { _ in
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                #expect(1 == 2, "on a thread")
                done.signal()
            }
            thread.start()
            done.wait()
        }
        steps.then("an expectation fails on a dispatch queue") { _ in
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                #expect(1 == 2, "on a dispatch queue")
                done.signal()
            }
            done.wait()
        }
        steps.then("an expectation fails in a detached task") { _ in
            await Task.detached { #expect(1 == 2, "in a detached task") }.value
        }
        steps.when("a task records an issue after its step returned") { _ in
            Task.detached {
                try? await Task.sleep(for: .milliseconds(200))
                Issue.record("recorded by a task its step left running")
            }
        }
        steps.then("a moment passes") { _ in
            try await Task.sleep(for: .seconds(1))
        }
        steps.given("a world that records an issue when it is released") { world in
            world.failsWhenReleased = true
        }
        steps.given("both scenarios have started") { _ in
            _ = Counters.shared.arrive()
            for _ in 0..<500 where Counters.shared.arrivals < 2 { try await Task.sleep(for: .milliseconds(10)) }
        }
        steps.when("an expectation fails on a thread while both run") { _ in
            let done = DispatchSemaphore(value: 0)
            Thread {
                #expect(1 == 2, "on a thread while two scenarios run")
                done.signal()
            }.start()
            done.wait()
            try await Task.sleep(for: .milliseconds(300))
        }
        steps.when("the step calls exit") { _ in
            exit(0)
        }
        steps.when("the step calls fatalError") { _ in
            fatalError("the feed store is gone")
        }
        steps.when("the step reads past the end of an array") { world in
            let items = world.items
            _ = items[items.count + Int.random(in: 0...0)]
        }
        steps.when("the shared resource is used for {int} seconds") { (_, seconds: Int) in
            guard Counters.shared.enter() else {
                Counters.shared.leave()
                throw StepFailure("another body is still inside the shared resource")
            }
            // Blocks, ignoring cancellation, as a body stuck in synchronous I/O does.
            usleep(UInt32(seconds) * 1_000_000)
            Counters.shared.leave()
        }
    }
}
