import Foundation
import Messages
import SpecKit
import Testing

/// Never resumes: a step that hangs and ignores cancellation.
final class Hang: Sendable {
    static let shared = Hang()
    private let parked = ParkedContinuations()

    func forever() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Kept alive on purpose and never resumed.
            parked.keep(continuation)
        }
    }
}

final class ParkedContinuations: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [CheckedContinuation<Void, Never>] = []

    func keep(_ continuation: CheckedContinuation<Void, Never>) {
        lock.lock()
        continuations.append(continuation)
        lock.unlock()
    }
}

@Suite struct RunnerFlowTests {
    @Test func `scenario hooks run in order, after hooks in reverse, and a failing before hook skips the steps`()
        async throws
    {
        let log = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.before(name: "second", order: 2) { _ in log.append("before 2") }
        steps.before(name: "first", order: 1) { _ in log.append("before 1") }
        steps.before("@broken", order: 3) { _ in
            log.append("broken")
            try fail("setup broke")
        }
        steps.after(name: "after A") { _ in log.append("after A") }
        steps.after(name: "after B") { _ in log.append("after B") }
        steps.given("a step") { _ in log.append("step") }
        let feature = """
            Feature: F
              Scenario: fine
                Given a step
              @broken
              Scenario: broken
                Given a step
            """
        let (summary, envelopes) = try await runFeature(feature, steps: steps)
        #expect(
            log.entries == [
                "before 1", "before 2", "step", "after B", "after A",
                "before 1", "before 2", "broken", "after B", "after A",
            ])
        #expect(
            envelopes.stepStatuses == [.passed, .passed, .passed, .passed, .passed]
                + [.passed, .passed, .failed, .skipped, .passed, .passed])
        #expect(envelopes.stepResults.first { $0.status == .failed }?.message == "setup broke")
        #expect(!summary.success)
        #expect(envelopes.typeNames.filter { $0 == "hook" }.count == 5)
    }

    @Test func `step hooks see each step and its status`() async throws {
        let log = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.beforeStep { _, step in log.append("before \(step.text)") }
        steps.afterStep { _, step in log.append("after \(step.text) \(step.status?.rawValue ?? "-")") }
        steps.given("a step") { _ in }
        let (summary, _) = try await runFeature("Feature: F\n  Scenario: S\n    Given a step\n", steps: steps)
        #expect(summary.success)
        #expect(log.entries == ["before a step", "after a step PASSED"])
    }

    @Test func `beforeAll and afterAll hooks run once around the scenarios`() async throws {
        let log = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.beforeAll { log.append("before all") }
        steps.afterAll { log.append("after all") }
        steps.given("a step") { _ in log.append("step") }
        let feature = "Feature: F\n  Scenario: A\n    Given a step\n  Scenario: B\n    Given a step\n"
        let (summary, envelopes) = try await runFeature(feature, steps: steps)
        #expect(summary.success)
        #expect(log.entries == ["before all", "step", "step", "after all"])
        #expect(envelopes.typeNames.filter { $0 == "testRunHookStarted" }.count == 2)
    }

    @Test func `a failing beforeAll hook runs no scenario and fails the run`() async throws {
        let log = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.beforeAll { try fail("no database") }
        steps.afterAll { log.append("after all") }
        steps.given("a step") { _ in log.append("step") }
        let (summary, envelopes) = try await runFeature(
            "Feature: F\n  Scenario: A\n    Given a step\n", steps: steps)
        #expect(!summary.success)
        #expect(summary.runHookFailure?.contains("no database") == true)
        #expect(log.entries == ["after all"])
        #expect(!envelopes.typeNames.contains("testCase"))
    }

    @Test func `a hanging step times out with the configured value and the run goes on`() async throws {
        var steps = StepLibrary<TestWorld>()
        steps.given("a step that never returns") { _ in await Hang.shared.forever() }
        steps.given("a step") { _ in }
        let feature = """
            Feature: F
              Scenario: hangs
                Given a step that never returns
                And a step
              Scenario: fine
                Given a step
            """
        let (summary, envelopes) = try await runFeature(feature, steps: steps) {
            $0.stepTimeout = .milliseconds(1500)
        }
        #expect(envelopes.stepStatuses == [.failed, .skipped, .passed])
        #expect(envelopes.stepResults.first?.message == "timed out after 1.5 s")
        #expect(summary.scenarios[.passed] == 1)
        #expect(summary.scenarios[.failed] == 1)
    }

    @Test func `after a step times out the after hooks still run on its world and the next scenario runs`()
        async throws
    {
        let log = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.given("a step that never returns") { _ in await Hang.shared.forever() }
        steps.given("a step") { _ in log.append("step") }
        steps.after { _ in log.append("after") }
        let feature = """
            Feature: F
              Scenario: hangs
                Given a step
                And a step that never returns
                And a step
              Scenario: fine
                Given a step
            """
        // A generous timeout: the after hook (a body of its own) must not time out on a loaded machine.
        let (summary, envelopes) = try await runFeature(feature, steps: steps) {
            $0.stepTimeout = .seconds(2)
        }
        #expect(envelopes.stepStatuses == [.passed, .failed, .skipped, .passed, .passed, .passed])
        #expect(envelopes.stepResults[1].message == "timed out after 2 s")
        #expect(log.entries == ["step", "after", "step", "after"])
        #expect(summary.scenarios[.failed] == 1)
    }

    @Test(arguments: [1, 2])
    func `a step timing out on its first attempt is retried and every other scenario still runs`(parallel: Int)
        async throws
    {
        let tries = RunLog()
        let ran = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.given("a step that hangs the first time") { _ in
            tries.append("try")
            if tries.entries.count == 1 { await Hang.shared.forever() }
        }
        steps.given("a step named {word}") { _, name in ran.append(name) }
        let feature = """
            Feature: F
              Scenario: flaky
                Given a step that hangs the first time
                And a step named flaky
              Scenario: A
                Given a step named A
              Scenario: B
                Given a step named B
              Scenario: C
                Given a step named C
            """
        let (summary, envelopes) = try await runFeature(feature, steps: steps) {
            $0.stepTimeout = .milliseconds(1500)
            $0.retry = 1
            $0.parallel = parallel
        }
        #expect(summary.success)
        #expect(summary.scenarios[.passed] == 4)
        #expect(envelopes.retriedPickleNames == ["flaky"])
        #expect(ran.entries.sorted() == ["A", "B", "C", "flaky"])
        #expect(envelopes.stepResults.filter { $0.message == "timed out after 1.5 s" }.count == 1)
        let started = envelopes.filter { $0.typeName == "testCaseStarted" }.count
        let finished = envelopes.filter { $0.typeName == "testCaseFinished" }.count
        #expect(started == 5 && finished == 5)
    }

    @Test func `a hanging before hook times out and skips the scenario's steps`() async throws {
        let log = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.before { _ in await Hang.shared.forever() }
        steps.given("a step") { _ in log.append("step") }
        let (summary, envelopes) = try await runFeature(
            "Feature: F\n  Scenario: S\n    Given a step\n", steps: steps
        ) { $0.stepTimeout = .milliseconds(1500) }
        #expect(envelopes.stepStatuses == [.failed, .skipped])
        #expect(envelopes.stepResults.first?.message == "timed out after 1.5 s")
        #expect(log.entries.isEmpty)
        #expect(!summary.success)
    }

    @Test func `a whole run counts every scenario and step by the status of its last attempt`() async throws {
        var steps = StepLibrary<TestWorld>()
        steps.given("a step") { _ in }
        steps.given("a failing step") { _ in try fail("boom") }
        let scenarios = (1...3).map { "  Scenario: P\($0)\n    Given a step\n" }.joined()
        let (summary, _) = try await runFeature(
            "Feature: F\n" + scenarios + "  Scenario: X\n    Given a failing step\n", steps: steps)
        #expect(summary.scenarios[.passed] == 3)
        #expect(summary.scenarios[.failed] == 1)
        #expect(summary.steps.total == 4)
        #expect(summary.steps[.failed] == 1)
    }

    @Test func `only the scenarios matching the retry tag filter are retried`() async throws {
        var steps = StepLibrary<TestWorld>()
        steps.given("a failing step") { _ in try fail("boom") }
        let feature = """
            Feature: F
              @flaky
              Scenario: Retried
                Given a failing step
              Scenario: Not retried
                Given a failing step
            """
        let (summary, envelopes) = try await runFeature(feature, steps: steps) {
            $0.retry = 2
            $0.retryTagFilter = "@flaky"
        }
        #expect(!summary.success)
        let attempts = envelopes.compactMap { envelope -> Int? in
            if case .testCaseStarted(let started) = envelope { return started.attempt }
            return nil
        }
        #expect(attempts == [0, 1, 2, 0])
        #expect(envelopes.retriedPickleNames == ["Retried"])
    }

    @Test func `an invalid retry tag filter is a configuration error naming it`() {
        var configuration = RunConfiguration()
        configuration.retryTagFilter = "@a and"
        #expect {
            try configuration.validate()
        } throws: { error in
            (error as? SpecRunError)?.message.contains("invalid retry tag filter '@a and'") == true
        }
    }

    @Test func `a failed scenario is retried and only its last attempt counts`() async throws {
        let attempts = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.given("a step that passes the second time") { _ in
            attempts.append("try")
            if attempts.entries.count < 2 { try fail("first time") }
        }
        let (summary, envelopes) = try await runFeature(
            "Feature: F\n  Scenario: S\n    Given a step that passes the second time\n", steps: steps
        ) { $0.retry = 2 }
        #expect(summary.success)
        #expect(summary.scenarios[.passed] == 1 && summary.scenarios.total == 1)
        let finished = envelopes.compactMap { envelope -> Bool? in
            if case .testCaseFinished(let finished) = envelope { return finished.willBeRetried }
            return nil
        }
        #expect(finished == [true, false])
        let attemptNumbers = envelopes.compactMap { envelope -> Int? in
            if case .testCaseStarted(let started) = envelope { return started.attempt }
            return nil
        }
        #expect(attemptNumbers == [0, 1])
    }

    @Test func `fail fast skips the scenarios after the first failure`() async throws {
        let log = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.given("a failing step") { _ in try fail("boom") }
        steps.given("a step") { _ in log.append("ran") }
        let feature = """
            Feature: F
              Scenario: fails
                Given a failing step
              Scenario: skipped
                Given a step
            """
        let (summary, envelopes) = try await runFeature(feature, steps: steps) { $0.failFast = true }
        #expect(log.entries.isEmpty)
        #expect(envelopes.stepStatuses == [.failed, .skipped])
        #expect(summary.scenarios[.skipped] == 1)
    }

    @Test func `parallel workers keep each test case's messages in order and set the worker id`() async throws {
        var steps = StepLibrary<TestWorld>()
        steps.given("step {int}") { (world, value: Int) in
            try await Task.sleep(for: .milliseconds(5))
            world.number += value
        }
        let scenarios = (1...8).map { "  Scenario: S\($0)\n    Given step \($0)\n    And step 1\n" }.joined()
        let (summary, envelopes) = try await runFeature("Feature: F\n" + scenarios, steps: steps) {
            $0.parallel = 3
        }
        #expect(summary.success)
        #expect(summary.scenarios[.passed] == 8)
        var order: [String: [String]] = [:]
        var workers: Set<String> = []
        for envelope in envelopes {
            switch envelope {
            case .testCaseStarted(let started):
                order[started.id, default: []].append("started")
                if let worker = started.workerId { workers.insert(worker) }
            case .testStepStarted(let step): order[step.testCaseStartedId, default: []].append("step")
            case .testStepFinished(let step): order[step.testCaseStartedId, default: []].append("done")
            case .testCaseFinished(let finished): order[finished.testCaseStartedId, default: []].append("finished")
            default: break
            }
        }
        #expect(order.count == 8)
        #expect(order.values.allSatisfy { $0 == ["started", "step", "done", "step", "done", "finished"] })
        #expect(!workers.isEmpty)
    }

    @Test func `attachments made in a step become attachment messages of that step`() async throws {
        var steps = StepLibrary<TestWorld>()
        steps.given("a step that logs") { _ in
            SpecContext.log("hello")
            SpecContext.attach([1, 2, 3], mediaType: "application/octet-stream")
        }
        let (_, envelopes) = try await runFeature(
            "Feature: F\n  Scenario: S\n    Given a step that logs\n", steps: steps)
        let attachments = envelopes.compactMap { envelope -> Messages.Attachment? in
            if case .attachment(let attachment) = envelope { return attachment }
            return nil
        }
        #expect(attachments.map(\.body) == ["hello", "AQID"])
        #expect(attachments.allSatisfy { $0.testStepId != nil && $0.testCaseStartedId != nil })
    }

    @Test func `the world tear-down runs after each scenario's after hooks`() async throws {
        let log = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.after { _ in log.append("after") }
        steps.given("a step") { _ in }
        let (summary, _) = try await runFeatures(
            ["a.feature": "Feature: F\n  Scenario: S\n    Given a step\n"], steps: steps,
            tearDown: { _ in log.append("tear down") })
        #expect(summary.success)
        #expect(log.entries == ["after", "tear down"])
    }
}
