import Foundation
import SpecKit

/// `textDocument/definition` on a step: the Swift line of the definition it matches, in the package the editor
/// opened (`SourcePaths`); nothing when that file is on neither this machine's workspace nor the compiled-in path.
enum Definition {
    static func respond(_ request: Request) -> Any {
        guard let document = request.document, let step = document.step(onLine: request.line),
            request.character >= 0, request.character <= document.lines.length(request.line),
            let position = step.definition,
            let location = location(of: position, in: request.workspace)
        else { return NSNull() }
        return location
    }

    /// The LSP location of definition `position`'s Swift line.
    static func location(of position: Int, in workspace: Workspace) -> [String: Any]? {
        let location = workspace.catalog.definitions[position].location
        guard let path = workspace.paths.sourceFile(location) else { return nil }
        let column = max(location.column - 1, 0)
        return [
            "uri": URL(fileURLWithPath: path).absoluteString,
            "range": SpecDocument.range(line: max(location.line - 1, 0), start: column, end: column),
        ]
    }
}
