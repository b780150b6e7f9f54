import Messages

/// What a whole run keeps of its scenarios' results: counts, and only the results worth reporting (a scenario that
/// did not pass, or needed a retry), so memory does not grow with the number of passing scenarios.
struct RunTally: Sendable {
    var scenarios = StatusCounts()
    var steps = StatusCounts()
    var failsRun = false
    var kept: [ScenarioResult] = []

    mutating func add(_ result: ScenarioResult) {
        scenarios.add(result.status)
        for step in result.steps where step.kind == .step { steps.add(step.status) }
        if result.failsRun { failsRun = true }
        if result.status != .passed || result.attempts > 1 { kept.append(result) }
    }
}
