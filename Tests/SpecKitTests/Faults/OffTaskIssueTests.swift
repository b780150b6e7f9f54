import Foundation
import Messages
import Testing

@testable import SpecKit

/// An issue recorded where no step's context is readable (another thread, a detached task, a world's `deinit`)
/// still counts: the one running test case's step takes it, else the run. The end-to-end check, through a
/// package's own command where Swift Testing hands such issues to the harness, is `.ci/differential/faults-check.py`.
@Suite struct OffTaskIssueTests {
    static let issue = RecordedIssue(
        summary: "Expectation failed: 1 == 2", details: ["on a thread"],
        location: CodeLocation(fileID: "Steps/Steps.swift", filePath: "/p/Steps/Steps.swift", line: 12, column: 13))

    static func target() -> AttachmentTarget {
        AttachmentTarget(
            testCaseStartedId: "1", testStepId: "2", testRunHookStartedId: nil,
            clock: .stepping(from: Timestamp(seconds: 0, nanos: 0), by: MessageDuration(nanoseconds: 1)),
            emit: { _ in })
    }

    @Test func `with one test case in a step, the step takes the issue and says it came from off its task`() {
        let running = RunningTestCases()
        let run = StrayIssues()
        let step = Self.target()
        running.runStarted(run)
        running.testCaseStarted()
        running.stepStarted(step)
        #expect(running.record(Self.issue))
        let taken = step.takeFailures()
        #expect(taken.count == 1)
        #expect(taken.first?.summary.hasSuffix("(recorded outside the step's task: on another thread or task)") == true)
        #expect(taken.first?.location == Self.issue.location)
        #expect(run.collected.isEmpty)
    }

    @Test func `with two test cases running, the run takes the issue`() {
        let running = RunningTestCases()
        let run = StrayIssues()
        running.runStarted(run)
        running.testCaseStarted()
        running.testCaseStarted()
        let first = Self.target()
        let second = Self.target()
        running.stepStarted(first)
        running.stepStarted(second)
        #expect(running.record(Self.issue))
        #expect(first.takeFailures().isEmpty)
        #expect(second.takeFailures().isEmpty)
        #expect(run.collected == [Self.issue])
    }

    @Test func `between the steps of the one test case, or between test cases, the run takes the issue`() {
        let running = RunningTestCases()
        let run = StrayIssues()
        running.runStarted(run)
        #expect(running.record(Self.issue))
        running.testCaseStarted()
        #expect(running.record(Self.issue))
        #expect(run.collected == [Self.issue, Self.issue])
    }

    @Test func `a step that has ended takes nothing more: the run takes it`() {
        let running = RunningTestCases()
        let run = StrayIssues()
        let step = Self.target()
        running.runStarted(run)
        running.testCaseStarted()
        running.stepStarted(step)
        step.close()  // closed, not yet forgotten: the window between a step's end and its unregistering
        #expect(running.record(Self.issue))
        #expect(run.collected == [Self.issue])
    }

    @Test func `once every run has ended, the issue is lost and the caller is told`() {
        let running = RunningTestCases()
        let run = StrayIssues()
        running.runStarted(run)
        running.runEnded(run)
        #expect(!running.record(Self.issue))
        #expect(run.collected.isEmpty)
    }

    @Test func `an issue recorded after its step's body returned is taken when the step closes`() {
        let step = Self.target()
        #expect(step.recordFailure(Self.issue))
        #expect(step.takeFailures() == [Self.issue])
        #expect(step.recordFailure(Self.issue))  // after the body's outcome was made: a task it left running
        #expect(step.close() == [Self.issue])
        #expect(!step.recordFailure(Self.issue))
    }

    @Test func `an issue recorded after the body returned is said after the body's own, neither replacing the other`() {
        let during = RecordedIssue(
            summary: "Expectation failed: 1 == 2", location: CodeLocation(fileID: "M/A.swift", line: 3, column: 5))
        let late = RecordedIssue(
            summary: "Expectation failed: 3 == 4", location: CodeLocation(fileID: "M/B.swift", line: 7, column: 9))
        let outcome = BodyOutcome.passed.adding(recordedFailures: [during]).adding(recordedFailures: [late])
        #expect(outcome.status == .failed)
        #expect(outcome.message == "Expectation failed: 1 == 2\nExpectation failed: 3 == 4")
        #expect(outcome.exception?.frames.map(\.file) == ["M/A.swift", "M/B.swift"])
        // A failed `#require` (thrown) is said by its recorded issue, once.
        let required = BodyOutcome.failed("x == nil", type: "ExpectationFailed").adding(recordedFailures: [during])
        #expect(required.message == "Expectation failed: 1 == 2")
        // Another error is said after the issues, and kept when more come late.
        let thrown = BodyOutcome.failed("disk full", type: "IOError").adding(recordedFailures: [during])
            .adding(recordedFailures: [late])
        #expect(thrown.message == "Expectation failed: 1 == 2\ndisk full\nExpectation failed: 3 == 4")
    }

    @Test func `the run's stray issues fail it, as its exception, with their Swift places`() {
        let assembler = StreamAssembler(implementation: Product(name: "test"), definitions: [], problems: [])
        let finished = assembler.finished(
            testRunStartedId: "0", failsRun: false, parsed: true, runHookFailure: nil,
            strayIssues: [Self.issue], at: Timestamp(seconds: 1, nanos: 0))
        #expect(!finished.success)
        #expect(finished.exception?.type == "IssueOutsideStep")
        #expect(finished.message == finished.exception?.message)
        #expect(finished.exception?.message?.contains("Expectation failed: 1 == 2\non a thread") == true)
        #expect(finished.exception?.stackTrace?.contains("Steps/Steps.swift:12:13") == true)
        let clean = assembler.finished(
            testRunStartedId: "0", failsRun: false, parsed: true, runHookFailure: nil,
            at: Timestamp(seconds: 1, nanos: 0))
        #expect(clean.success)
        #expect(clean.exception == nil && clean.message == nil)
    }

    @Test func `a scenario's world is released, and its deinit runs, before its test case finishes`() async throws {
        let log = LockedEntries()
        let folder = try FeatureFolder([
            "world.feature": """
            Feature: World
              Scenario: one
                Given a step
                Then another step
            """
        ])
        defer { folder.remove() }
        var steps = StepLibrary<ReleasedWorld>()
        steps.given("a step") { _ in }
        steps.then("another step") { _ in }
        var configuration = RunConfiguration()
        configuration.uriBase = folder.url.path
        let runner = SpecRunner(
            library: steps, configuration: configuration, makeWorld: { _ in ReleasedWorld(log: log) })
        let sink = OrderSink(log: log)
        _ = try await runner.run(paths: [folder.url.path], sink: sink)
        #expect(log.entries == ["testStepFinished", "deinit", "testStepFinished", "testCaseFinished"])
    }

    @Test func `an abandoned body is waited for until it returns, and no longer than the limit`() async {
        let quick = Task<Void, Never> {}
        #expect(await AbandonedBody.waitForReturn(of: quick, atMost: .seconds(60)))
        let stuck = Task<Void, Never> { try? await Task.sleep(for: .seconds(60)) }
        #expect(!(await AbandonedBody.waitForReturn(of: stuck, atMost: .milliseconds(20))))
        stuck.cancel()
    }

    @Test func `an exclusive group waits for an overrunning body ten timeouts, and at least a minute`() {
        #expect(WorkerPool<ReleasedWorld>.abandonedBodyGrace(stepTimeout: .seconds(1)) == .seconds(60))
        #expect(WorkerPool<ReleasedWorld>.abandonedBodyGrace(stepTimeout: .seconds(30)) == .seconds(300))
    }
}

/// A world that logs its `deinit`.
actor ReleasedWorld {
    let log: LockedEntries

    init(log: LockedEntries) { self.log = log }

    deinit { log.append("deinit") }
}

/// Logs the test-step and test-case ends it receives, beside the worlds' `deinit`s.
final class OrderSink: MessageSink {
    let log: LockedEntries

    init(log: LockedEntries) { self.log = log }

    func emit(_ envelope: Envelope) {
        switch envelope {
        case .testStepFinished: log.append("testStepFinished")
        case .testCaseFinished: log.append("testCaseFinished")
        default: break
        }
    }
}
