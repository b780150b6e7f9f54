import Messages

/// The totals of a run, computed from the attempts that count (the last attempt of each test case).
public struct RunStatistics: Sendable, Hashable {
    /// Scenarios (test cases) by status.
    public var scenarios = StatusCounts()
    /// Pickle steps (not hooks) by status; steps that never finished are not counted.
    public var steps = StatusCounts()
    /// Scenarios that fail the run (failed; or undefined, pending, ambiguous when strict and not `@wip`).
    public var failingScenarios = 0
    /// Scenarios that failed, were retried and then passed (counted as passed in `scenarios` too).
    public var flakyScenarios = 0
    /// From `testRunStarted` to `testRunFinished` (to the last message when interrupted).
    public var runDuration = MessageDuration.zero
    /// The sum of the durations of every step and hook of every attempt, retried ones included (as Cucumber's
    /// `executing steps` figure).
    public var stepsDuration = MessageDuration.zero

    /// Creates empty statistics.
    public init() {}
}

extension RunQuery {
    /// The totals of the run so far; `strict` decides which undefined, pending and ambiguous scenarios fail.
    public func statistics(strict: Bool = true) -> RunStatistics {
        var statistics = RunStatistics()
        statistics.runDuration = runDuration
        for attempt in attempts {
            statistics.stepsDuration = statistics.stepsDuration + attempt.stepsDuration
        }
        for attempt in countedAttempts {
            statistics.scenarios.add(attempt.status)
            if attempt.isFailing(strict: strict) { statistics.failingScenarios += 1 }
            if isFlaky(attempt) { statistics.flakyScenarios += 1 }
            for (index, step) in attempt.testCase.testSteps.enumerated() where step.pickleStepId != nil {
                if let result = attempt.stepResults[index] { statistics.steps.add(result.status) }
            }
        }
        return statistics
    }
}
