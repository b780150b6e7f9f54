import Foundation
import SpecKit

/// `textDocument/references`: from a step, every step of the specs (open documents and the specs folder) that
/// uses the same definition, across files, with the Swift definition when the declaration is asked for; an
/// undefined step's references are the steps with the same text. From a Swift file (a client that sends it
/// there), the definition registered on that line gives its uses.
enum References {
    static func respond(_ request: Request) -> Any {
        let workspace = request.workspace
        let includeDeclaration =
            (request.params["context"] as? [String: Any])?["includeDeclaration"] as? Bool ?? false
        if request.uri.hasSuffix(".swift") {
            guard let position = definition(inSwift: request.uri, line: request.line, workspace: workspace) else {
                return [Any]()
            }
            return uses(of: position, in: workspace)
                + (includeDeclaration ? [Definition.location(of: position, in: workspace)].compactMap { $0 } : [])
        }
        guard let document = request.document, let step = document.step(onLine: request.line) else {
            return [Any]()
        }
        if let position = step.definition {
            return uses(of: position, in: workspace)
                + (includeDeclaration ? [Definition.location(of: position, in: workspace)].compactMap { $0 } : [])
        }
        return occurrences(in: workspace) { $0.definition == nil && $0.text == step.text }
    }

    /// Every step using definition `position`, as LSP locations of their texts.
    static func uses(of position: Int, in workspace: Workspace) -> [[String: Any]] {
        occurrences(in: workspace) { $0.definition == position }
    }

    static func occurrences(in workspace: Workspace, where included: (SpecDocument.StepOccurrence) -> Bool)
        -> [[String: Any]]
    {
        var found: [[String: Any]] = []
        for entry in workspace.indexedSpecs() {
            for step in entry.steps where included(step) {
                found.append([
                    "uri": entry.uri,
                    "range": SpecDocument.range(line: step.line, start: step.textStart, end: step.textEnd),
                ])
            }
        }
        return found
    }

    /// The definition registered at `line` (from 0) of the Swift file `uri`, or on the closest line above it
    /// within its statement's first lines.
    static func definition(inSwift uri: String, line: Int, workspace: Workspace) -> Int? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        var best: (position: Int, line: Int)?
        for (position, definition) in workspace.catalog.definitions.enumerated() {
            guard let file = workspace.paths.sourceFile(definition.location),
                URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path == path
            else { continue }
            let start = definition.location.line - 1
            if start <= line && line - start <= 3 && (best.map { start > $0.line } ?? true) {
                best = (position, start)
            }
        }
        return best?.position
    }
}
