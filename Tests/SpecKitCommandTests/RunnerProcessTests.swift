import Foundation
import Gherkin
import Messages
import TestSupport
import Testing

@testable import SpecKit
@testable import SpecKitCommand

/// The parts of a run in runner processes that need no process: putting the streams of the processes together, and
/// reading a crash from what the process printed. The processes themselves are run by `.ci/differential`
/// (`faults-check.py`, `lsp-check.py`), whose package has steps that crash.
@Suite struct RunnerProcessTests {
    static func at(_ seconds: Int) -> Timestamp { Timestamp(seconds: seconds, nanos: 0) }

    /// A `testCase` of pickle `pickle` with steps `steps`.
    static func testCase(_ id: String, pickle: String, steps: [String]) -> Envelope {
        .testCase(
            TestCase(
                id: id, pickleId: pickle,
                testSteps: steps.map { TestStep(id: $0, pickleStepId: "p-" + $0) }, testRunStartedId: "run"))
    }

    /// What the first runner process sends, up to the middle of test case `tc2`'s second step.
    static let firstProcess: [Envelope] = [
        .testCaseStarted(TestCaseStarted(attempt: 0, id: "a1", testCaseId: "tc1", workerId: nil, timestamp: at(2))),
        .testStepStarted(TestStepStarted(testCaseStartedId: "a1", testStepId: "s1", timestamp: at(2))),
        .testStepFinished(
            TestStepFinished(
                testCaseStartedId: "a1", testStepId: "s1",
                testStepResult: TestStepResult(duration: .zero, message: nil, status: .passed, exception: nil),
                timestamp: at(3))),
        .testCaseFinished(TestCaseFinished(testCaseStartedId: "a1", timestamp: at(3), willBeRetried: false)),
        .testCaseStarted(TestCaseStarted(attempt: 0, id: "a2", testCaseId: "tc2", workerId: nil, timestamp: at(4))),
        .testStepStarted(TestStepStarted(testCaseStartedId: "a2", testStepId: "s2", timestamp: at(4))),
        .testStepFinished(
            TestStepFinished(
                testCaseStartedId: "a2", testStepId: "s2",
                testStepResult: TestStepResult(duration: .zero, message: nil, status: .passed, exception: nil),
                timestamp: at(5))),
        .testStepStarted(TestStepStarted(testCaseStartedId: "a2", testStepId: "s3", timestamp: at(5))),
    ]

    /// The steps of the run's test cases, as the run's `testCase`s give them.
    static func steps(_ testCaseId: String) -> [String] {
        ["tc1": ["s1"], "tc2": ["s2", "s3", "s4"], "tc3": ["s5"]][testCaseId] ?? []
    }

    static let crash = CrashReport(
        ending: .signalled(4),
        standardError: """
            FeedAcceptance/FeedSteps.swift:40: Fatal error: the store is gone

            *** Program crashed: Illegal instruction at 0x00007f4a420f9361 ***

            Thread 3 "oot.default-qos" crashed:

              0                  0x00007f4a420f9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
              1 [ra]             0x000056099c717205 closure #10 in static FeedSteps.add(to:) + 116 in feed-specs at /pkg/Sources/FeedAcceptance/FeedSteps.swift:40:13
              2 [async] [thunk]  0x000056099c9c2670 thunk for @escaping @callee_guaranteed in feed-specs at //<compiler-generated>
              3 [async]          0x000056099c9d9fa0 closure #1 in StepLibrary.define<A>(_:_:) in feed-specs at /pkg/.build/checkouts/feed-specs/Sources/SpecKit/Library/StepLibrary.swift:208
              4 [async]          0x000056099c9d9fa0 TestCaseRunner.runStep() in feed-specs at /pkg/.build/checkouts/feed-specs/Sources/SpecKit/Runner/Execution/TestCaseRunner.swift:20

            """,
        root: "/pkg")

    @Test func `the first process's messages go through unchanged, its run's end kept back`() {
        var relay = StreamRelay()
        let finished = Envelope.testRunFinished(
            TestRunFinished(message: nil, success: true, timestamp: Self.at(9), exception: nil, testRunStartedId: "run")
        )
        let passed = (Self.firstProcess + [finished]).compactMap { relay.relay($0) }
        #expect(passed == Self.firstProcess)
        #expect(relay.finished?.success == true)
        #expect(relay.told == ["tc1"])
    }

    @Test func `a crash fails the running step, skips the rest of its test case and finishes it`() throws {
        var relay = StreamRelay()
        for envelope in Self.firstProcess { _ = relay.relay(envelope) }
        #expect(relay.hasOpenTestCase)
        let made = relay.crashed(Self.crash, at: Self.at(6), steps: Self.steps)
        guard made.count == 4, case .testStepFinished(let failed) = made[0], case .testStepStarted(let next) = made[1],
            case .testStepFinished(let skipped) = made[2], case .testCaseFinished(let caseFinished) = made[3]
        else {
            Issue.record("unexpected messages: \(made)")
            return
        }
        #expect(failed.testStepId == "s3" && failed.testCaseStartedId == "a2")
        #expect(failed.testStepResult.status == .failed)
        #expect(failed.testStepResult.exception?.type == "Crash")
        let message = try #require(failed.testStepResult.message)
        #expect(message.hasPrefix("the runner process crashed in this step: signal 4 (SIGILL"))
        #expect(message.contains("FeedAcceptance/FeedSteps.swift:40: Fatal error: the store is gone"))
        #expect(failed.testStepResult.exception?.stackTrace == "at FeedAcceptance/FeedSteps.swift:40:13")
        #expect(next.testStepId == "s4" && skipped.testStepId == "s4" && skipped.testStepResult.status == .skipped)
        #expect(caseFinished.testCaseStartedId == "a2" && !caseFinished.willBeRetried)
        #expect(relay.told == ["tc1", "tc2"])
        #expect(!relay.hasOpenTestCase)
    }

    @Test func `a process that died between two steps fails the next one`() {
        var relay = StreamRelay()
        for envelope in Self.firstProcess.dropLast() { _ = relay.relay(envelope) }
        let made = relay.crashed(Self.crash, at: Self.at(6), steps: Self.steps)
        let failed = made.compactMap { envelope -> String? in
            guard case .testStepFinished(let finished) = envelope, finished.testStepResult.status == .failed else {
                return nil
            }
            return finished.testStepId
        }
        #expect(failed == ["s3"])
    }

    @Test func `the next process's ids for what it runs are its own`() {
        var relay = StreamRelay()
        for envelope in Self.firstProcess { _ = relay.relay(envelope) }
        _ = relay.crashed(Self.crash, at: Self.at(6), steps: Self.steps)
        relay.nextProcess()
        // The new process draws the id `a1` again for what it runs, and runs its beforeAll hook again.
        let second: [Envelope] = [
            .testRunHookStarted(
                TestRunHookStarted(id: "h1", testRunStartedId: "run", hookId: "hook", timestamp: Self.at(7))),
            .testCaseStarted(
                TestCaseStarted(attempt: 0, id: "a1", testCaseId: "tc3", workerId: nil, timestamp: Self.at(8))),
            .testCaseFinished(TestCaseFinished(testCaseStartedId: "a1", timestamp: Self.at(8), willBeRetried: false)),
            .testRunFinished(
                TestRunFinished(
                    message: nil, success: true, timestamp: Self.at(9), exception: nil, testRunStartedId: "run")),
        ]
        let passed = second.compactMap { relay.relay($0) }
        #expect(
            passed == [
                .testRunHookStarted(
                    TestRunHookStarted(id: "h1-1", testRunStartedId: "run", hookId: "hook", timestamp: Self.at(7))),
                .testCaseStarted(
                    TestCaseStarted(attempt: 0, id: "a1-1", testCaseId: "tc3", workerId: nil, timestamp: Self.at(8))),
                .testCaseFinished(
                    TestCaseFinished(testCaseStartedId: "a1-1", timestamp: Self.at(8), willBeRetried: false)),
            ])
        #expect(relay.told == ["tc1", "tc2", "tc3"])
    }

    @Test func `a crash in a run hook fails that hook`() {
        var relay = StreamRelay()
        _ = relay.relay(
            .testRunHookStarted(
                TestRunHookStarted(id: "h1", testRunStartedId: "run", hookId: "hook", timestamp: Self.at(1))))
        let made = relay.crashed(Self.crash, at: Self.at(2), steps: Self.steps)
        guard case .testRunHookFinished(let hook)? = made.first, made.count == 1 else {
            Issue.record("the run hook was not finished: \(made)")
            return
        }
        #expect(hook.testRunHookStartedId == "h1" && hook.result.status == .failed)
        #expect(hook.result.exception?.type == "Crash")
        #expect(!relay.hasOpenTestCase)
    }

    @Test(arguments: [
        (RunnerSpawn.Ending.exited(0), "ended in this step with exit status 0"),
        (.signalled(11), "signal 11 (SIGSEGV"),
        (.signalled(9), "signal 9 (SIGKILL: killed, e.g. out of memory)"),
        (.signalled(15), "was ended in this step by signal 15 (SIGTERM), sent to it alone"),
        (.signalled(2), "was ended in this step by signal 2 (SIGINT), sent to it alone"),
        (.exited(75), "ended in this step with exit status 75"),
    ])
    func `a crash's message says how the process ended`(ending: RunnerSpawn.Ending, words: String) {
        let report = CrashReport(ending: ending, standardError: "", root: "/pkg")
        #expect(report.message.contains(words))
        #expect(report.frames.isEmpty)
    }

    @Test(arguments: [
        (RunnerSpawn.Ending.signalled(4), "the runner process crashed: signal 4 (SIGILL"),
        (.exited(1), "the runner process ended with exit status 1"),
        (.signalled(15), "the runner process was ended by signal 15 (SIGTERM)"),
    ])
    func `a crash outside any step (a run hook, between scenarios, after the run) does not say in this step`(
        ending: RunnerSpawn.Ending, words: String
    ) {
        let report = CrashReport(ending: ending, standardError: "", root: "/pkg", inStep: false)
        #expect(report.message.hasPrefix(words))
        #expect(!report.message.contains("this step"))
    }

    @Test(arguments: [
        (SIGSTOP, "stopped in this step by signal \(SIGSTOP) (SIGSTOP: sent by the step, or by another process)"),
        (SIGTTIN, "(SIGTTIN: the step read the terminal while the run was in the shell's background)"),
    ])
    func `a runner process ended for staying stopped says by which signal, and for how long`(
        signal: Int32, words: String
    ) {
        let report = CrashReport(ending: .signalled(SIGKILL), standardError: "", root: "/pkg", stoppedBy: signal)
        #expect(report.message.contains(words))
        #expect(report.message.contains("stayed stopped for 5 s"))
        #expect(!report.message.contains("out of memory"))
    }

    #if os(Linux)
        /// Runs `script` in a shell watched by a `StoppedRunnerWatch` until it ends; returns the shell and the watch.
        private func watchedShell(_ script: String) async throws -> (Process, StoppedRunnerWatch) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            try process.run()
            let watch = StoppedRunnerWatch(pid: process.processIdentifier)
            await process.exit()
            return (process, watch)
        }

        @Test func `a child that stays stopped is ended, and the watch says by which signal`() async throws {
            let (process, watch) = try await watchedShell("kill -STOP $$; exit 0")
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
            #expect(watch.finish() == SIGSTOP)
        }

        @Test func `a runner process writes its stream into a 1 MiB pipe, ahead of a busy command`() async throws {
            let spawn = try RunnerSpawn.start(executable: "/bin/sh", arguments: ["-c", "exit 0"], environment: [:])
            // F_GETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 8): the size of the pipe the runner process writes its stream to.
            let size = fcntl(spawn.stream, 1024 + 8)
            spawn.send(Data())
            let ending = await offThePool { spawn.wait() }
            for descriptor in [spawn.stream, spawn.standardError] { close(descriptor) }
            #expect(size >= 1 << 20)
            #expect(ending == .exited(0))
        }

        @Test func `a child that ends by itself is left alone`() async throws {
            let (process, watch) = try await watchedShell("exit 3")
            #expect(process.terminationStatus == 3)
            #expect(watch.finish() == nil)
        }
    #endif

    @Test func `a runner process its guard ended for a starved pool says the step held the last thread`() {
        let said = "\(RunnerGuard.notice) (a wait that never ends: …): it ends\n"
        let report = CrashReport(ending: .exited(RunnerGuard.exitStatus), standardError: said, root: "/pkg")
        #expect(report.message.hasPrefix("the step did not return within its timeout and held its thread"))
    }

    @Test func `a crash names the package's frames, written as #fileID writes them, not the harness's`() {
        #expect(Self.crash.frames == [StackFrame(file: "FeedAcceptance/FeedSteps.swift", line: 40, column: 13)])
        #expect(
            Self.crash.message.contains(
                "crashed in:\n  closure #10 in static FeedSteps.add(to:) at "
                    + "FeedAcceptance/FeedSteps.swift:40:13"))
        #expect(!Self.crash.message.contains("StepLibrary"))
        #expect(!Self.crash.message.contains("0x00007f"))
    }

    /// Lines as the harness's writer writes them, read by the fast path.
    static let canonicalLines: [Envelope] = [
        .testStepStarted(TestStepStarted(testCaseStartedId: "12", testStepId: "7", timestamp: at(1_795_831_772))),
        .testStepFinished(
            TestStepFinished(
                testCaseStartedId: "12", testStepId: "7",
                testStepResult: TestStepResult(
                    duration: MessageDuration(seconds: 0, nanos: 2_180_736), message: nil, status: .undefined,
                    exception: nil),
                timestamp: Timestamp(seconds: 1_795_831_772, nanos: 158_151_369))),
        .testCaseStarted(TestCaseStarted(attempt: 1, id: "12", testCaseId: "3", workerId: "0", timestamp: at(5))),
        .testCaseStarted(TestCaseStarted(attempt: 0, id: "12", testCaseId: "3", workerId: nil, timestamp: at(5))),
        .testCaseFinished(TestCaseFinished(testCaseStartedId: "12", timestamp: at(6), willBeRetried: true)),
        // The fast path leaves these to JSONDecoder: a message, an escape, another kind of message.
        .testStepFinished(
            TestStepFinished(
                testCaseStartedId: "12", testStepId: "7",
                testStepResult: TestStepResult(
                    duration: .zero, message: "expected \"4\"\nline two", status: .failed,
                    exception: Exception(type: "StepFailure", message: "expected \"4\"")),
                timestamp: at(7))),
        .testStepStarted(TestStepStarted(testCaseStartedId: "a\"b", testStepId: "7", timestamp: at(1))),
        .attachment(
            Attachment(
                body: "log", contentEncoding: .identity, mediaType: "text/plain", testCaseStartedId: "12",
                testStepId: "7", timestamp: at(2))),
    ]

    @Test(arguments: canonicalLines)
    func `a line of the runner's stream reads back as the envelope written`(envelope: Envelope) throws {
        let line = NDJSONWriter.encode([envelope]).dropLast()  // without its newline
        #expect(try ExecutionLineDecoder().decode(ArraySlice(line)) == envelope)
    }

    @Test func `a line that is not an envelope is an error, not a guess`() {
        let line = Array(#"{"testStepStarted":{"testCaseStartedId":"1","testStepId":"#.utf8)
        #expect(throws: (any Error).self) { try ExecutionLineDecoder().decode(ArraySlice(line)) }
    }

    @Test(arguments: ["abc", "-1", "0", "1", "2", "999"])
    func `a runner's instruction is read only from a pipe, never a terminal or a file`(value: String) throws {
        #expect(throws: RunnerProcessError.self) {
            _ = try RunnerInstruction.current(environment: [RunnerInstruction.environmentVariable: value])
        }
        #expect(try RunnerInstruction.current(environment: [:]) == nil)
    }
}
