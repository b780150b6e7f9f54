import Foundation
import Messages
import Testing

@testable import SpecKit

/// A body's timeout counts the time it ran, not the time it waited for a thread: on a busy machine (a 2-core CI
/// runner with every cooperative thread taken) a hook that fails at once was reported as "timed out after 10 s".
/// Every body runs inline in a watched task (`WorkerTask`), whose clock (`BodyDeadline`) starts when the body
/// begins.
@Suite struct TimeoutTests {
    private static let overran = TimeoutOutcome.outcome(.failed("overran", type: "TimeoutError"))

    @Test func `a task whose body has not begun never expires, however late it is`() {
        let deadline = BodyDeadline(limit: .milliseconds(10), emit: { _ in })
        #expect(deadline.deadline == nil)
        #expect(deadline.expire(ifDueAt: ContinuousClock.now.advanced(by: .seconds(3600))) == nil)
        #expect(!deadline.isOver)
    }

    @Test func `a body that began expires once it has run for its limit, and nothing it emits then goes out`() {
        let emitted = Locked<[String]>([])
        let deadline = BodyDeadline(
            limit: .seconds(10), emit: { envelope in emitted.withLock { $0.append(envelope.typeName) } })
        let began = ContinuousClock.now
        #expect(deadline.beginBody(ifTimedOut: Self.overran, failsWorld: true))
        #expect(deadline.expire(ifDueAt: began.advanced(by: .seconds(9))) == nil)
        deadline.emit(.testRunStarted(TestRunStarted(timestamp: Timestamp(seconds: 0, nanos: 0))))
        let expired = deadline.expire(ifDueAt: began.advanced(by: .seconds(11)))
        #expect(expired?.outcome.message == "overran")
        #expect(expired?.failsWorld == true)
        #expect(deadline.isOver)
        deadline.emit(.testRunStarted(TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0))))
        #expect(emitted.value == ["testRunStarted"])
        #expect(!deadline.beginBody(ifTimedOut: Self.overran, failsWorld: false), "no body begins once it is over")
    }

    @Test func `a body that ended stops the clock: a late check finds nothing due`() {
        let deadline = BodyDeadline(limit: .milliseconds(10), emit: { _ in })
        #expect(deadline.beginBody(ifTimedOut: Self.overran, failsWorld: false))
        deadline.endBody()
        #expect(deadline.expire(ifDueAt: ContinuousClock.now.advanced(by: .seconds(3600))) == nil)
        #expect(deadline.finish())
        #expect(!deadline.finish(), "a task finishes once")
    }

    @Test func `a hanging beforeAll hook times out, fails the run and runs no scenario; the afterAll hooks still run`()
        async throws
    {
        let log = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.beforeAll { await Hang.shared.forever() }
        steps.afterAll { log.append("after all") }
        steps.given("a step") { _ in log.append("step") }
        let (summary, envelopes) = try await runFeature("Feature: F\n  Scenario: A\n    Given a step\n", steps: steps) {
            $0.stepTimeout = .milliseconds(1500)
        }
        #expect(!summary.success)
        #expect(summary.runHookFailure?.contains("timed out after 1.5 s") == true, "\(summary.runHookFailure ?? "")")
        #expect(log.entries == ["after all"])
        #expect(!envelopes.typeNames.contains("testCase"))
        #expect(envelopes.typeNames.filter { $0 == "testRunHookFinished" }.count == 2)
    }

    @Test func `an after hook hanging after a step timed out times out in turn, and the next scenario runs`()
        async throws
    {
        let log = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.given("a step that never returns") { _ in await Hang.shared.forever() }
        steps.given("a step") { _ in log.append("step") }
        steps.after { _ in
            log.append("after")
            if log.entries.filter({ $0 == "after" }).count == 1 { await Hang.shared.forever() }
        }
        let feature = """
            Feature: F
              Scenario: hangs
                Given a step that never returns
              Scenario: fine
                Given a step
            """
        let (summary, envelopes) = try await runFeature(feature, steps: steps) {
            $0.stepTimeout = .milliseconds(1500)
        }
        #expect(envelopes.stepStatuses == [.failed, .failed, .passed, .passed])
        #expect(envelopes.stepResults.map(\.message).prefix(2) == ["timed out after 1.5 s", "timed out after 1.5 s"])
        #expect(log.entries == ["after", "step", "after"])
        #expect(summary.scenarios[.failed] == 1)
        #expect(summary.scenarios[.passed] == 1)
        #expect(envelopes.filter { $0.typeName == "testCaseFinished" }.count == 2)
    }
}
