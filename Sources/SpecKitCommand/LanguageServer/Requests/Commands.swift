import Foundation

/// `workspace/executeCommand`: the commands the server runs for the client, by name (code lenses name them):
///
/// - `speckit.run [uri, line?]`: runs the document (its whole, or the scenario, outline or examples row at `line`,
///   from 0), in the background; the results come back into the file as diagnostics, code lens titles and inlay
///   hints. Answers at once with what it started.
/// - `speckit.cancelRun`: cancels the run going on.
/// - `speckit.build`: builds the command (`swift build -c release --product NAME` in its package), with progress,
///   and restarts the server on the new build (`ServerBuild`).
/// - `speckit.showEdit [uri, line, what, code?]`: shows Swift code a code action just wrote (the action's command,
///   run after its edit): opens it at `line` (from 0) where the client can, and says where it is; the step
///   definitions in `code` (written from the line before `line`) count as defined, not built yet.
enum Commands {
    typealias Command = @Sendable (_ arguments: [Any], _ workspace: Workspace) throws(ResponseError) -> Any

    static let table: [String: Command] = [
        "speckit.run": { arguments, workspace throws(ResponseError) in
            guard let uri = arguments.first as? String else {
                throw .invalidParams("speckit.run takes the document's uri, and a line (from 0) for one scenario")
            }
            let line = (arguments.dropFirst().first as? NSNumber)?.intValue
            return try workspace.startRun(uri: uri, line: line.flatMap { $0 >= 0 ? $0 : nil })
        },
        "speckit.build": { _, workspace throws(ResponseError) in
            try workspace.startBuild()
        },
        "speckit.cancelRun": { _, workspace in
            workspace.cancelRun()
            return NSNull()
        },
        "speckit.showEdit": { arguments, workspace throws(ResponseError) in
            guard arguments.count == 3 || arguments.count == 4, let uri = arguments[0] as? String,
                let line = arguments[1] as? NSNumber, let what = arguments[2] as? String
            else {
                throw .invalidParams(
                    "speckit.showEdit takes a file's uri, a line (from 0), what was written and the code written")
            }
            let line0 = max(line.intValue, 0)
            if arguments.count == 4, let code = arguments[3] as? String, let url = URL(string: uri), url.isFileURL {
                // The code starts with a line break at the line before `line`.
                for var definition in SourceSteps.definitions(inSwift: code, file: url.path) {
                    definition.line += line0 - 1
                    workspace.sourceSteps.edited(definition)
                }
                workspace.swiftSourcesChanged()
            }
            workspace.showEdit(ShowEdit(uri: uri, line: line0, what: what))
            return NSNull()
        },
    ]

    /// The commands announced in the server's capabilities.
    static var names: [String] { table.keys.sorted() }

    static func respond(_ request: Request) throws(ResponseError) -> Any {
        let name = request.params["command"] as? String ?? ""
        guard let command = table[name] else { throw .invalidParams("Unknown command: \(name)") }
        return try command(request.params["arguments"] as? [Any] ?? [], request.workspace)
    }
}
