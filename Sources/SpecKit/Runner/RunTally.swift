import Messages

/// What a whole run keeps of its scenarios' results: counts, and only the results worth reporting (a scenario that
/// did not pass, or needed a retry), at most `keptLimit` of them, so memory does not grow with the number of
/// scenarios.
struct RunTally: Sendable {
    /// The most results kept.
    static let keptLimit = 1000

    var scenarios = StatusCounts()
    var steps = StatusCounts()
    var failsRun = false
    var kept: [ScenarioResult] = []

    mutating func add(_ result: ScenarioResult) {
        scenarios.add(result.status)
        for step in result.steps where step.kind == .step { steps.add(step.status) }
        if result.failsRun { failsRun = true }
        if (result.status != .passed || result.attempts > 1) && kept.count < Self.keptLimit { kept.append(result) }
    }
}
