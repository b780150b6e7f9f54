import Foundation
import Gherkin
import Messages
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

    /// The first runner process's stream up to the middle of test case `tc2`'s second step.
    static let firstProcess: [Envelope] = [
        .meta(Meta.current(implementation: Product(name: "test"))),
        .testRunStarted(TestRunStarted(timestamp: at(1), id: "run")),
        testCase("tc1", pickle: "pickle-1", steps: ["s1"]),
        testCase("tc2", pickle: "pickle-2", steps: ["s2", "s3", "s4"]),
        testCase("tc3", pickle: "pickle-3", steps: ["s5"]),
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

    @Test func `the first process's stream goes through unchanged, its run's end held back`() {
        var relay = StreamRelay()
        let finished = Envelope.testRunFinished(
            TestRunFinished(message: nil, success: true, timestamp: Self.at(9), exception: nil, testRunStartedId: "run"))
        let passed = (Self.firstProcess + [finished]).compactMap { relay.relay($0) }
        #expect(passed == Self.firstProcess)
        #expect(relay.finished?.success == true)
    }

    @Test func `a crash fails the running step, skips the rest of its test case and finishes it`() throws {
        var relay = StreamRelay()
        for envelope in Self.firstProcess { _ = relay.relay(envelope) }
        #expect(relay.hasOpenTestCase)
        let made = relay.crashed(Self.crash, at: Self.at(6))
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
        #expect(relay.told == ["pickle-1", "pickle-2"])
        #expect(!relay.hasOpenTestCase)
    }

    @Test func `the next process's preamble is dropped and the ids it draws for what runs are its own`() {
        var relay = StreamRelay()
        for envelope in Self.firstProcess { _ = relay.relay(envelope) }
        _ = relay.crashed(Self.crash, at: Self.at(6))
        relay.nextProcess()
        // The new process starts its stream again; its `testRunStarted` has an id of its own, and it draws the id
        // `a1` again for what it runs.
        let second: [Envelope] = [
            .meta(Meta.current(implementation: Product(name: "test"))),
            .testRunStarted(TestRunStarted(timestamp: Self.at(7), id: "run-again")),
            Self.testCase("tc1", pickle: "pickle-1", steps: ["s1"]),
            .testCaseStarted(
                TestCaseStarted(attempt: 0, id: "a1", testCaseId: "tc3", workerId: nil, timestamp: Self.at(8))),
            .testCaseFinished(TestCaseFinished(testCaseStartedId: "a1", timestamp: Self.at(8), willBeRetried: false)),
            .testRunFinished(
                TestRunFinished(
                    message: nil, success: true, timestamp: Self.at(9), exception: nil, testRunStartedId: "run-again")),
        ]
        let passed = second.compactMap { relay.relay($0) }
        #expect(
            passed == [
                .testCaseStarted(
                    TestCaseStarted(attempt: 0, id: "a1-1", testCaseId: "tc3", workerId: nil, timestamp: Self.at(8))),
                .testCaseFinished(
                    TestCaseFinished(testCaseStartedId: "a1-1", timestamp: Self.at(8), willBeRetried: false)),
            ])
        // The run has failed (a step crashed), whatever the last process says; it is the first process's run.
        #expect(relay.finished?.success == false)
        #expect(relay.finished?.testRunStartedId == "run")
        #expect(relay.told == ["pickle-1", "pickle-2", "pickle-3"])
    }

    @Test func `a crash outside any test case fails the run, with no process started again`() {
        var relay = StreamRelay()
        _ = relay.relay(.testRunStarted(TestRunStarted(timestamp: Self.at(1), id: "run")))
        _ = relay.relay(.testRunHookStarted(TestRunHookStarted(id: "h1", testRunStartedId: "run", hookId: "hook", timestamp: Self.at(1))))
        let made = relay.crashed(Self.crash, at: Self.at(2))
        guard case .testRunHookFinished(let hook)? = made.first else {
            Issue.record("the run hook was not finished: \(made)")
            return
        }
        #expect(hook.testRunHookStartedId == "h1" && hook.result.status == .failed)
        #expect(!relay.hasOpenTestCase)
        let finished = relay.runFinished(after: Self.crash, at: Self.at(3))
        #expect(!finished.success && finished.exception?.type == "Crash" && finished.testRunStartedId == "run")
    }

    @Test(arguments: [
        (RunnerSpawn.Ending.exited(0), "ended in this step with exit status 0"),
        (.signalled(11), "signal 11 (SIGSEGV"),
        (.signalled(9), "signal 9 (SIGKILL: killed, e.g. out of memory)"),
    ])
    func `a crash's message says how the process ended`(ending: RunnerSpawn.Ending, words: String) {
        let report = CrashReport(ending: ending, standardError: "", root: "/pkg")
        #expect(report.message.contains(words))
        #expect(report.frames.isEmpty)
    }

    @Test func `a crash names the package's frames, written as #fileID writes them, not the harness's`() {
        #expect(Self.crash.frames == [StackFrame(file: "FeedAcceptance/FeedSteps.swift", line: 40, column: 13)])
        #expect(Self.crash.message.contains("crashed in:\n  closure #10 in static FeedSteps.add(to:) at "
            + "FeedAcceptance/FeedSteps.swift:40:13"))
        #expect(!Self.crash.message.contains("StepLibrary"))
        #expect(!Self.crash.message.contains("0x00007f"))
    }

    @Test func `a parse error's official message gives back its place and text`() {
        let error = RunSummaryTally.gherkinError(
            ParseError(
                source: SourceReference(uri: "Specs/a.feature", location: Location(line: 3, column: 5)),
                message: "(3:5): expected: #EOF, got 'Oops'"))
        #expect(error == GherkinError(uri: "Specs/a.feature", line: 3, column: 5, message: "expected: #EOF, got 'Oops'"))
    }
}
