import Foundation
import SpecKit
import StepSuggestions

/// `textDocument/codeAction` on a line: for an undefined step, replace it by each close step that would run,
/// write its Swift definition into the step library (a workspace edit, undoable), or write every undefined
/// step of the file at once; for a near-miss keyword (`Givn`), the keyword.
enum CodeActions {
    static func respond(_ request: Request) -> Any {
        guard let document = request.document else { return [Any]() }
        let range = request.params["range"] as? [String: Any] ?? [:]
        let line = (range["start"] as? [String: Any])?["line"] as? Int ?? -1
        var actions: [[String: Any]] = []
        if let near = Diagnostics.nearMissKeyword(
            document.lines[line], dialect: document.dialect, markdown: document.isMarkdown),
            document.step(onLine: line) == nil
        {
            actions.append([
                "title": "Change “\(near.word)” to “\(near.keyword)”", "kind": "quickfix", "isPreferred": true,
                "edit": [
                    "changes": [
                        request.uri: [
                            [
                                "range": SpecDocument.range(line: line, start: near.start, end: near.end),
                                "newText": near.keyword,
                            ]
                        ]
                    ]
                ],
            ])
        }
        guard let step = document.step(onLine: line), case .undefined = step.match else { return actions }
        let workspace = request.workspace
        // Defined in the sources, not built yet (a rename, a step just written): nothing to fix here.
        guard workspace.notBuiltYet(step.matchedText) == nil else { return actions }
        if step.texts.count <= 1 {
            let edits = SpecDocument.range(line: step.line, start: step.textStart, end: step.textEnd)
            // The closest replacement is the preferred fix. `isPreferred` is only ever sent as true: eglot 1.9 takes
            // the first action that has the key at all, whatever its value, as the default.
            for (order, (replacement, _)) in workspace.suggestions.proposals(for: step.matchedText, in: workspace)
                .enumerated()
            {
                var action: [String: Any] = [
                    "title": "Replace with “\(replacement)”", "kind": "quickfix",
                    "edit": ["changes": [request.uri: [["range": edits, "newText": replacement]]]],
                ]
                if order == 0 { action["isPreferred"] = true }
                actions.append(action)
            }
        }
        guard StepSuggester.isScored(step.matchedText) else { return actions }  // no snippet for a huge step
        let writer = StepWriter(workspace: workspace)
        if let write = writer.insertion(of: [snippet(for: step, workspace)]) {
            var action: [String: Any] = [
                "title": "Write the step definition in \(write.file)", "kind": "quickfix", "edit": write.edit,
                "command": write.show,
            ]
            if actions.isEmpty { action["isPreferred"] = true }
            actions.append(action)
        }
        var snippets: [String] = []
        for other in document.steps {
            guard case .undefined = other.match, StepSuggester.isScored(other.matchedText) else { continue }
            let code = snippet(for: other, workspace)
            if !snippets.contains(code) { snippets.append(code) }
        }
        if snippets.count > 1, let write = writer.insertion(of: snippets) {
            actions.append([
                "title": "Write the \(snippets.count) undefined steps of this file in \(write.file)",
                "kind": "quickfix",
                "edit": write.edit, "command": write.show,
            ])
        }
        return actions
    }

    private static func snippet(for step: SpecDocument.StepOccurrence, _ workspace: Workspace) -> String {
        workspace.catalog.snippet(
            forStep: step.matchedText, type: step.type, hasDataTable: step.hasDataTable,
            hasDocString: step.hasDocString)
    }
}
