import Messages

/// The totals of a run, computed from the attempts that count (the last attempt of each test case).
public struct RunStatistics: Sendable, Hashable {
    /// Scenarios (test cases) by status.
    public var scenarios = StatusCounts()
    /// Pickle steps (not hooks) by status; steps that never finished are not counted.
    public var steps = StatusCounts()
    /// Scenarios that fail the run by `RunQuery.verdict` (failed; or undefined, pending, ambiguous when strict;
    /// never work in progress).
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

/// The totals of the settled test cases, added up as each settles so that the query need not keep them.
struct RunTotals {
    var scenarios = StatusCounts()
    var steps = StatusCounts()
    /// Scenarios that fail the run, by the query's `verdict`.
    var failing = 0
    var flakyScenarios = 0
    var stepsDuration = MessageDuration.zero
    /// How many steps used each step definition (matched it alone), by definition id.
    var uses: [String: StepUseCount] = [:]

    /// Adds the counts of `run` (its counted attempt; the durations of all its attempts).
    mutating func add(_ run: TestCaseRun, query: RunQuery) {
        apply(run, query: query, sign: 1)
    }

    /// Takes the counts of `run` away again.
    mutating func remove(_ run: TestCaseRun, query: RunQuery) {
        apply(run, query: query, sign: -1)
    }

    private mutating func apply(_ run: TestCaseRun, query: RunQuery, sign: Int) {
        for attempt in run.attempts {
            let duration = attempt.stepsDuration
            stepsDuration = stepsDuration + MessageDuration(nanoseconds: sign * duration.nanoseconds)
        }
        guard let attempt = run.counted else { return }
        scenarios[attempt.status] += sign
        if attempt.isFailing(by: query.verdict) { failing += sign }
        if query.isFlaky(attempt) { flakyScenarios += sign }
        for (index, step) in attempt.testCase.testSteps.enumerated() where step.pickleStepId != nil {
            let result = attempt.stepResults[index]
            if let result { steps[result.status] += sign }
            guard let ids = step.stepDefinitionIds, ids.count == 1 else { continue }
            var use = uses[ids[0]] ?? StepUseCount()
            use.count += sign
            if let duration = result?.duration {
                use.ranCount += sign
                use.totalDuration = use.totalDuration + MessageDuration(nanoseconds: sign * duration.nanoseconds)
            }
            uses[ids[0]] = use
        }
    }
}

extension RunQuery {
    /// The totals of the run so far; the scenarios that fail it are those `verdict` fails.
    public func statistics() -> RunStatistics {
        var totals = settledTotals
        for run in unsettledRuns { totals.add(run, query: self) }
        var statistics = RunStatistics()
        statistics.runDuration = runDuration
        statistics.stepsDuration = totals.stepsDuration
        statistics.scenarios = totals.scenarios
        statistics.steps = totals.steps
        statistics.failingScenarios = totals.failing
        statistics.flakyScenarios = totals.flakyScenarios
        return statistics
    }
}
