import Gherkin
import Messages

/// `textDocument/codeLens`: "Run" above the feature, each scenario, each outline ("Run all 3 examples") and each
/// examples row, with the last run's result beside it while its lines are unchanged ("✓ passed · 12 ms"); while a
/// run of the document goes on, "Running… (cancel)". Each runs `speckit.run` (or `speckit.cancelRun`). When the
/// document has steps defined in Swift and not built yet, or the command was rebuilt since the server started,
/// "⚒ Build" runs `speckit.build`.
enum CodeLenses {
    static func respond(_ request: Request) -> Any {
        guard let document = request.document, let feature = document.document?.feature else { return [Any]() }
        let workspace = request.workspace
        let uri = document.uri
        var outcomes: [Int: [(TestStepResultStatus, MessageDuration?)]] = [:]
        if let scenarios = workspace.standingResults(document) {
            for scenario in scenarios {
                let result = (scenario.attempt.status, Optional(scenario.attempt.duration))
                outcomes[scenario.line, default: []].append(result)
                if scenario.line != scenario.keywordLine { outcomes[scenario.keywordLine, default: []].append(result) }
                outcomes[feature.location.line - 1, default: []].append(result)
            }
        }
        var lenses: [[String: Any]] = []
        func lens(line: Int, title: String, wholeDocument: Bool = false) {
            var title = title
            if let results = outcomes[line] { title += "  " + Workspace.label(results) }
            let arguments: [Any] = wholeDocument ? [uri] : [uri, line]
            lenses.append(
                [
                    "range": SpecDocument.range(line: line, start: 0, end: 0),
                    "command": ["title": title, "command": "speckit.run", "arguments": arguments] as [String: Any],
                ])
        }
        let featureLine = feature.location.line - 1
        if let running = workspace.runs.running, running.uri == uri {
            lenses.append(
                [
                    "range": SpecDocument.range(line: featureLine, start: 0, end: 0),
                    "command": [
                        "title": "Running \(running.title)… (cancel)", "command": "speckit.cancelRun", "arguments": [],
                    ] as [String: Any],
                ])
        }
        if let building = workspace.building {
            let done = building.percentage.map { " \($0)%" } ?? ""
            lenses.append(buildLens(line: featureLine, title: "⚒ Building \(workspace.name)…\(done)"))
        } else if workspace.executable != nil,
            workspace.executableChanged
                || document.steps.contains(where: { step in
                    if case .undefined = step.match { workspace.notBuiltYet(step.matchedText) != nil } else { false }
                })
        {
            lenses.append(buildLens(line: featureLine, title: "⚒ Build \(workspace.name): steps not built yet"))
        }
        let scenarios = Workspace.scenarios(of: feature)
        lens(
            line: featureLine, title: "▶ Run \(scenarios.count == 1 ? "the scenario" : "all scenarios")",
            wholeDocument: true)
        for scenario in scenarios {
            let rows = scenario.examples.map(\.tableBody.count).reduce(0, +)
            let line = scenario.location.line - 1
            lens(
                line: line,
                title: scenario.examples.isEmpty ? "▶ Run" : "▶ Run all \(rows) example\(rows == 1 ? "" : "s")")
            for examples in scenario.examples {
                for row in examples.tableBody { lens(line: row.location.line - 1, title: "▶ Run") }
            }
        }
        return lenses
    }

    private static func buildLens(line: Int, title: String) -> [String: Any] {
        [
            "range": SpecDocument.range(line: line, start: 0, end: 0),
            "command": ["title": title, "command": "speckit.build", "arguments": [Any]()] as [String: Any],
        ]
    }
}
