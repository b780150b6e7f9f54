import Messages

/// `textDocument/inlayHint`: after each step of the last run whose lines are unchanged, what it did
/// (`✓ passed · 12 ms`, `✗ failed`, `– skipped`); for a step of an outline, its rows together (`✓ 3 passed, ✗ 1
/// failed`). Failures themselves are diagnostics.
enum InlayHints {
    static func respond(_ request: Request) -> Any {
        guard let document = request.document, let scenarios = request.workspace.standingResults(document) else {
            return [Any]()
        }
        let range = request.params["range"] as? [String: Any]
        let first = ((range?["start"] as? [String: Any])?["line"] as? Int) ?? 0
        let last = ((range?["end"] as? [String: Any])?["line"] as? Int) ?? Int.max
        var outcomes: [Int: [(TestStepResultStatus, MessageDuration?)]] = [:]
        for scenario in scenarios {
            for (index, line) in scenario.stepLines.enumerated() {
                guard let line, line >= first, line <= last, let result = scenario.attempt.stepResults[index] else {
                    continue
                }
                outcomes[line, default: []].append((result.status, result.duration))
            }
        }
        return outcomes.keys.sorted().map { line -> [String: Any] in
            [
                "position": ["line": line, "character": document.lines.length(line)],
                "label": Workspace.label(outcomes[line] ?? []), "paddingLeft": true,
            ]
        }
    }
}
