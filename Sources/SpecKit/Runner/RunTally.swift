import Messages

/// What a whole run counts of its test cases: scenarios and steps by status, and whether one fails the run. It
/// keeps nothing else, so memory does not grow with the number of scenarios.
struct RunTally: Sendable {
    var scenarios = StatusCounts()
    var steps = StatusCounts()
    var failsRun = false

    mutating func add(_ outcome: TestCaseOutcome) {
        scenarios.add(outcome.status)
        steps.add(outcome.stepCounts)
        if outcome.failsRun { failsRun = true }
    }
}
