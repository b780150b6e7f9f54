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

    #if os(Linux)
        @Test("a guard that kills a child says what it and its children were doing, thread by thread")
        func hangGuardSnapshot() async throws {
            // A shell waiting for a sleep of its own: two processes, each blocked in the kernel.
            let process = child(["sleep 61; exit 0"])
            try process.start(output: .null, errors: .null)
            let hangGuard = HangGuard(process, seconds: 0.2)
            var snapshot = ""
            for _ in 0..<100 where snapshot.isEmpty {
                try await Task.sleep(for: .milliseconds(50))
                snapshot = hangGuard.killedWhile
            }
            let lines = snapshot.split(separator: "\n")
            // The sleep outlives the shell the guard killed: ended here, so that the shell's end is seen.
            let sleeper = lines.first { $0.hasPrefix("process ") && $0.hasSuffix(": sleep 61") }
            if let number = sleeper?.dropFirst("process ".count).prefix(while: \.isNumber), let pid = pid_t(number),
                pid > 1
            {
                kill(pid, SIGKILL)
            }
            await process.exit()
            #expect(hangGuard.disarm())
            #expect(lines.first == "process \(process.processIdentifier): /bin/sh -c sleep 61; exit 0")
            #expect(sleeper != nil)
            #expect(lines.contains { $0.contains("thread") && $0.contains("state S") })
        }
    #endif

    @Test("a guard that did not fire has nothing to say")
    func quietGuard() async throws {
        let process = child(["exit 0"])
        try process.start(output: .null, errors: .null)
        let hangGuard = HangGuard(process)
        await process.exit()
        #expect(!hangGuard.disarm())
        #expect(hangGuard.killedWhile.isEmpty)
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
