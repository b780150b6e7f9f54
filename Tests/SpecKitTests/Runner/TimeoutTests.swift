import Foundation
import Testing

@testable import SpecKit

/// A body's timeout counts the time it ran, not the time it waited for a thread: on a busy machine (a 2-core CI
/// runner with every cooperative thread taken) a hook that fails at once was reported as "timed out after 10 s".
@Suite struct TimeoutTests {
    /// Makes a watched body of a task that would sleep for a minute, lets `check` ask it to expire, and returns how
    /// its run ended: `.timedOut` when it expired, `.finished(nil)` otherwise.
    static func watching(
        limit: Duration, began: ContinuousClock.Instant?, _ check: (WatchedBody, Task<Void, Never>) -> Void
    ) async -> Timeout.Result {
        let work = Task<Void, Never> { try? await Task.sleep(for: .seconds(60)) }
        defer { work.cancel() }
        return await withCheckedContinuation { continuation in
            let gate = Timeout.Gate(continuation)
            check(WatchedBody(limit: limit, began: Locked(began), gate: gate, work: work), work)
            gate.resume(.finished(nil))  // nothing when the body expired: the gate was resumed then
        }
    }

    @Test func `a body that has not begun never expires, however late it is`() async {
        let result = await Self.watching(limit: .milliseconds(10), began: nil) { body, work in
            #expect(!body.expire(ifDueAt: ContinuousClock.now.advanced(by: .seconds(3600))))
            #expect(!work.isCancelled)
        }
        guard case .finished(nil) = result else {
            Issue.record("expected no timeout, got \(result)")
            return
        }
    }

    @Test func `a body that began expires once it has run for its limit, and its task is cancelled`() async {
        let began = ContinuousClock.now
        let result = await Self.watching(limit: .seconds(10), began: began) { body, work in
            #expect(!body.expire(ifDueAt: began.advanced(by: .seconds(9))))
            #expect(!work.isCancelled)
            #expect(body.expire(ifDueAt: began.advanced(by: .seconds(10))))
            #expect(work.isCancelled)
        }
        guard case .timedOut = result else {
            Issue.record("expected a timeout, got \(result)")
            return
        }
    }

    @Test func `a body that fails at once fails with its error, not a timeout`() async {
        struct Failure: Error {}
        let result = await Timeout.run(limit: .seconds(10), context: nil) { throw Failure() }
        guard case .finished(let error?) = result else {
            Issue.record("expected the body's error, got \(result)")
            return
        }
        #expect(error is Failure)
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
