import Messages

/// Counts a stream's scenarios and steps straight from its envelopes, without `RunQuery`: the last attempt of
/// each test case counts; its status is its worst step status.
struct IndependentCount {
    var scenarios: [TestStepResultStatus: Int] = [:]
    var steps: [TestStepResultStatus: Int] = [:]
    /// `uri:line` of every counted scenario that did not pass, where the line is the examples row for outlines.
    var notPassedLocations: Set<String> = []
    var countedTestCases = 0

    init(_ envelopes: [Envelope]) {
        var testCases: [String: TestCase] = [:]
        var pickles: [String: Pickle] = [:]
        var rowLines: [String: Int] = [:]
        var scenarioLines: [String: Int] = [:]
        var lastAttempt: [String: String] = [:]  // test case id -> testCaseStarted id
        var results: [String: [String: TestStepResultStatus]] = [:]  // started id -> step id -> status
        for envelope in envelopes {
            switch envelope {
            case .gherkinDocument(let document):
                func visit(_ scenario: Scenario) {
                    scenarioLines[scenario.id] = scenario.location.line
                    for examples in scenario.examples {
                        for row in examples.tableBody { rowLines[row.id] = row.location.line }
                    }
                }
                for child in document.feature?.children ?? [] {
                    switch child {
                    case .scenario(let scenario): visit(scenario)
                    case .rule(let rule):
                        for case .scenario(let scenario) in rule.children { visit(scenario) }
                    case .background: break
                    }
                }
            case .pickle(let pickle): pickles[pickle.id] = pickle
            case .testCase(let testCase): testCases[testCase.id] = testCase
            case .testCaseStarted(let started): lastAttempt[started.testCaseId] = started.id
            case .testStepFinished(let finished):
                results[finished.testCaseStartedId, default: [:]][finished.testStepId] = finished.testStepResult.status
            default: break
            }
        }
        for (testCaseId, startedId) in lastAttempt {
            guard let testCase = testCases[testCaseId] else { continue }
            countedTestCases += 1
            let statuses = results[startedId] ?? [:]
            let status = statuses.values.max() ?? .passed
            scenarios[status, default: 0] += 1
            for step in testCase.testSteps where step.pickleStepId != nil {
                if let stepStatus = statuses[step.id] { steps[stepStatus, default: 0] += 1 }
            }
            if status != .passed, let pickle = pickles[testCase.pickleId] {
                let line =
                    pickle.astNodeIds.count > 1
                    ? rowLines[pickle.astNodeIds[pickle.astNodeIds.count - 1]]
                    : scenarioLines[pickle.astNodeIds[0]]
                notPassedLocations.insert("\(pickle.uri):\(line ?? 0)")
            }
        }
    }
}
