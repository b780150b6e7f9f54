import Foundation
import TestSupport
import Testing

/// The tests' hang guards: a child that does not end is killed and said, one that ends is left alone.
@Suite("Child processes of the tests")
struct ChildProcessTests {
    private func child(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c"] + arguments
        return process
    }

    @Test("a child still running at its bound is killed, and the wait says so")
    func killsAHungChild() async throws {
        let process = child(["exec sleep 60"])
        try process.start(output: .null, errors: .null)
        #expect(!(await process.waitUntilExit(orKillAfter: 0.5)))
        #expect(!process.isRunning)
        #expect(process.terminationReason == .uncaughtSignal)
    }

    @Test("a child that ends in time is waited for, not killed")
    func leavesAFinishedChild() async throws {
        let process = child(["exit 3"])
        try process.start(output: .null, errors: .null)
        #expect(await process.waitUntilExit(orKillAfter: 60))
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 3)
    }

    @Test("reading a child to its end gives its status and both outputs")
    func readsToTheEnd() async throws {
        let process = child(["printf out; printf err >&2; exit 4"])
        let outcome = try await process.readToEnd(try process.start(), name: "sh")
        #expect(outcome.status == 4)
        #expect(!outcome.signalled)
        #expect(outcome.output == "out")
        #expect(outcome.errorOutput == "err")
    }
}
