import Foundation
import Messages
import SpecKit
import Synchronization
import Testing

/// Counts the scenarios of each kind running at one moment, and the most that ever did.
final class OverlapTracker: Sendable {
    private struct Counts {
        var exclusive = 0
        var mostExclusive = 0
        /// How many times a plain scenario ran while an exclusive one was running.
        var besideExclusive = 0
    }

    private let counts = Mutex(Counts())

    func enterExclusive() {
        counts.withLock {
            $0.exclusive += 1
            $0.mostExclusive = max($0.mostExclusive, $0.exclusive)
        }
    }

    func leaveExclusive() { counts.withLock { $0.exclusive -= 1 } }

    func plainRuns() { counts.withLock { if $0.exclusive > 0 { $0.besideExclusive += 1 } } }

    var mostExclusiveAtOnce: Int { counts.withLock { $0.mostExclusive } }
    var plainBesideExclusive: Int { counts.withLock { $0.besideExclusive } }
}

/// A flag one scenario raises and another waits for.
final class Signal: Sendable {
    private let raised = Mutex(false)

    func raise() { raised.withLock { $0 = true } }
    var isRaised: Bool { raised.withLock { $0 } }
}

@Suite("Exclusive scenarios under --parallel")
struct ExclusiveScenarioTests {
    static let feature = """
        Feature: Shared database
          @database
          Scenario: First writer
            Given the database is used
            And a plain step

          Scenario: Plain one
            Given a plain step

          @database
          Scenario: Second writer
            Given the database is used

          Scenario: Plain two
            Given a plain step

          Scenario: Plain three
            Given a plain step

          Scenario: Plain four
            Given a plain step

        """

    static func library(_ tracker: OverlapTracker) -> StepLibrary<TestWorld> {
        var steps = StepLibrary<TestWorld>()
        steps.given("the database is used") { _ in
            tracker.enterExclusive()
            try await Task.sleep(for: .milliseconds(2))
            tracker.leaveExclusive()
        }
        steps.given("a plain step") { _ in
            try await Task.sleep(for: .milliseconds(1))
            tracker.plainRuns()
        }
        return steps
    }

    @Test("two @database scenarios never overlap under --parallel 4, across 100 runs, while the others run beside them")
    func neverOverlap() async throws {
        let tracker = OverlapTracker()
        for _ in 0..<100 {
            let (summary, _) = try await runFeature(Self.feature, steps: Self.library(tracker)) {
                $0.parallel = 4
                $0.exclusiveTagExpressions = ["@database"]
            }
            #expect(summary.success)
            #expect(summary.scenarios[.passed] == 6)
        }
        #expect(tracker.mostExclusiveAtOnce == 1)
        #expect(tracker.plainBesideExclusive > 0, "plain scenarios run while a @database one runs")
    }

    @Test("the step library can declare the exclusive groups, as --exclusive does")
    func declaredByTheLibrary() async throws {
        let tracker = OverlapTracker()
        var steps = Self.library(tracker)
        steps.exclusive("@database")
        #expect(steps.exclusiveTagExpressions == ["@database"])
        for _ in 0..<30 {
            let (summary, _) = try await runFeature(Self.feature, steps: steps) { $0.parallel = 4 }
            #expect(summary.success)
        }
        #expect(tracker.mostExclusiveAtOnce == 1)
    }

    @Test("a worker that cannot start an exclusive scenario runs the next one instead of waiting")
    func noIdleWorker() async throws {
        // The first @database scenario waits for the plain one, which comes after the second @database one: with
        // two workers, it only ends if the second worker sets the waiting scenario aside and runs the plain one.
        let signal = Signal()
        var steps = StepLibrary<TestWorld>()
        steps.given("the database waits for the plain scenario") { _ in
            while !signal.isRaised {
                try Task.checkCancellation()
                try await Task.sleep(for: .milliseconds(1))
            }
        }
        steps.given("the database is used") { _ in }
        steps.given("a plain step") { _ in signal.raise() }
        let feature = """
            Feature: F
              @database
              Scenario: Waits
                Given the database waits for the plain scenario
              @database
              Scenario: Second
                Given the database is used
              Scenario: Plain
                Given a plain step

            """
        let (summary, envelopes) = try await runFeature(feature, steps: steps) {
            $0.parallel = 2
            $0.exclusiveTagExpressions = ["@database"]
            $0.stepTimeout = .seconds(60)  // a hang guard: a starved machine must not time the holder out
        }
        #expect(summary.success, "\(envelopes.stepStatuses)")
        #expect(summary.scenarios[.passed] == 3)
    }

    @Test("with fail-fast, an exclusive scenario set aside before a failure is skipped when it starts after it")
    func failFastSkipsASetAsideScenario() async throws {
        // Worker 1 runs Holds (the database, until the failure is recorded); worker 2 sets Second aside, runs
        // Fails, and Second starts only after the failure: fail-fast skips it.
        let failed = Signal()
        var steps = StepLibrary<TestWorld>()
        steps.given("the database is held until a scenario fails") { _ in
            while !failed.isRaised {
                try Task.checkCancellation()
                try await Task.sleep(for: .milliseconds(1))
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        steps.given("the database is used") { _ in }
        steps.given("a failing step") { _ in
            failed.raise()
            try fail("boom")
        }
        let feature = """
            Feature: F
              @database
              Scenario: Holds
                Given the database is held until a scenario fails
              @database
              Scenario: Second
                Given the database is used
              Scenario: Fails
                Given a failing step

            """
        let (summary, envelopes) = try await runFeature(feature, steps: steps) {
            $0.parallel = 2
            $0.failFast = true
            $0.exclusiveTagExpressions = ["@database"]
            $0.stepTimeout = .seconds(60)  // a hang guard: a starved machine must not time the holder out
        }
        #expect(!summary.success)
        #expect(summary.scenarios[.failed] == 1)
        #expect(summary.scenarios[.skipped] == 1, "\(envelopes.stepStatuses)")
    }

    @Test("each expression is a group of its own: a scenario in two groups waits for both")
    func severalGroups() async throws {
        let database = OverlapTracker()
        let printer = OverlapTracker()
        var steps = StepLibrary<TestWorld>()
        steps.given("the database is used") { _ in
            database.enterExclusive()
            try await Task.sleep(for: .milliseconds(1))
            database.leaveExclusive()
        }
        steps.given("the printer is used") { _ in
            printer.enterExclusive()
            try await Task.sleep(for: .milliseconds(1))
            printer.leaveExclusive()
        }
        let feature = """
            Feature: F
              @database
              Scenario: D1
                Given the database is used
              @database @printer
              Scenario: Both
                Given the database is used
                And the printer is used
              @printer
              Scenario: P1
                Given the printer is used
              @database
              Scenario: D2
                Given the database is used
              @printer
              Scenario: P2
                Given the printer is used

            """
        for _ in 0..<30 {
            let (summary, _) = try await runFeature(feature, steps: steps) {
                $0.parallel = 4
                $0.exclusiveTagExpressions = ["@database", "@printer"]
            }
            #expect(summary.scenarios[.passed] == 5)
        }
        #expect(database.mostExclusiveAtOnce == 1)
        #expect(printer.mostExclusiveAtOnce == 1)
    }

    @Test("scenarios run one at a time, many at once (as under swift test), keep their exclusive groups too")
    func scenarioByScenario() async throws {
        let tracker = OverlapTracker()
        var steps = Self.library(tracker)
        steps.exclusive("@database")
        let folder = try FeatureFolder(["shared.feature": Self.feature])
        defer { folder.remove() }
        let runner = SpecRunner(library: steps, makeWorld: { _ in TestWorld() })
        let plan = try runner.plan(paths: [folder.url.path])
        let scenarios = try runner.selectedScenarios(in: plan)
        #expect(scenarios.count == 6)
        for _ in 0..<30 {
            await withTaskGroup(of: Void.self) { group in
                for scenario in scenarios {
                    group.addTask { _ = try? await runner.run(scenario, in: plan) }
                }
            }
        }
        #expect(tracker.mostExclusiveAtOnce == 1)
        #expect(tracker.plainBesideExclusive > 0)
    }

    @Test("an invalid exclusive tag expression is a configuration error, or a problem of the library at its line")
    func invalidExpressions() async throws {
        var configuration = RunConfiguration()
        configuration.exclusiveTagExpressions = ["@database and"]
        #expect(throws: SpecRunError.self) { try configuration.validate() }

        var steps = StepLibrary<TestWorld>()
        steps.exclusive("@a or")
        let problems = steps.problems()
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("invalid exclusive tag expression '@a or'") == true)
        #expect(problems.first?.location.line == #line - 4)
    }
}
