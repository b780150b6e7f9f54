import Foundation
import Gherkin
import Messages
import SpecKit

/// A Language Server Protocol 3.17 server for `.feature` files that knows the Swift step library. This file is
/// the dispatcher: the session's states, the loop over the client's messages, and the table from method to the
/// capability that answers it (one file each: `Completion`, `Hover`, `Definition`, `References`, `Rename`,
/// `WorkspaceSymbols`, `DocumentSymbols`, `SemanticTokens`, `FoldingRanges`, `Formatting`, `CodeActions`,
/// `Commands`; `Diagnostics` are published after each batch of messages).
///
/// A reader thread reads the client's messages; the loop takes everything waiting at once, so edits queued while
/// a long request ran are applied together and only the newest text of a document is read and diagnosed. A
/// request in the batch reads the document it needs from its newest text at that point. The server logs to
/// standard error only.
final class LanguageServer {
    private enum State {
        case starting
        case running
        case shuttingDown
    }

    /// What answers a request: a JSON result, or an error for the client.
    typealias Handler = @Sendable (Request) throws(ResponseError) -> Any

    /// Every request the server answers, by method. A capability adds its line here and its file beside this
    /// one; its entry in `capabilities` tells the client.
    static let handlers: [String: Handler] = [
        "textDocument/completion": Completion.respond,
        "textDocument/hover": Hover.respond,
        "textDocument/definition": Definition.respond,
        "textDocument/references": References.respond,
        "textDocument/prepareRename": Rename.prepare,
        "textDocument/rename": Rename.respond,
        "textDocument/documentSymbol": DocumentSymbols.respond,
        "workspace/symbol": WorkspaceSymbols.respond,
        "textDocument/semanticTokens/full": SemanticTokens.respond,
        "textDocument/foldingRange": FoldingRanges.respond,
        "textDocument/formatting": Formatting.respond,
        "textDocument/codeAction": CodeActions.respond,
        "workspace/executeCommand": Commands.respond,
        "textDocument/codeLens": CodeLenses.respond,
        "textDocument/inlayHint": InlayHints.respond,
    ]

    /// What the server tells the client it can do.
    static func capabilities() -> [String: Any] {
        [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": false]] as [String: Any],
            "completionProvider": ["triggerCharacters": [" "]],
            "hoverProvider": true,
            "definitionProvider": true,
            "referencesProvider": true,
            "renameProvider": ["prepareProvider": true],
            "documentSymbolProvider": true,
            "workspaceSymbolProvider": true,
            "semanticTokensProvider": ["legend": SemanticTokens.legend, "full": true] as [String: Any],
            "foldingRangeProvider": true,
            "documentFormattingProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "executeCommandProvider": ["commands": Commands.names],
            "codeLensProvider": ["resolveProvider": false],
            "inlayHintProvider": true,
        ]
    }

    let workspace: Workspace
    private let connection: JSONRPCConnection
    private var state = State.starting
    /// The client's `initialize` parameters, for a new server process to take the session over.
    private var initializeParams: [String: Any] = [:]
    /// The session an earlier server process handed over (`speckit.build`), taken over when the loop starts.
    var resume: ServerHandover?
    /// What a new server process is to say once the current batch is handled: the server restarts on its new build.
    private var handOver: String?

    /// A server for `catalog`'s library. `specsPath` is the command's default specs folder, `explicitSpecs` the
    /// one `--specs` gave; both are looked for in the package the editor opens.
    init(
        connection: JSONRPCConnection, catalog: StepCatalog, languages: GherkinLanguages, specsPath: String,
        explicitSpecs: String? = nil, name: String
    ) {
        self.connection = connection
        workspace = Workspace(
            catalog: catalog, languages: languages, connection: connection, name: name, defaultSpecs: specsPath,
            explicitSpecs: explicitSpecs)
    }

    /// Serves until the client sends `exit` or goes away; returns the process's exit status (0 after a
    /// `shutdown`, 1 otherwise, as the protocol asks).
    func run() -> Int32 {
        var queue: MessageQueue
        if let resume {
            queue = takeOver(resume)
        } else {
            queue = MessageQueue.reading(connection)
        }
        workspace.post = { [queue] event in queue.put(.local(event)) }
        while true {
            if let message = handOver {
                handOver = nil
                queue = handingOver(queue, message: message)
                workspace.post = { [queue] event in queue.put(.local(event)) }
            }
            let idle = workspace.awaitsSuggestions
            let batch = queue.takeAll(waiting: !idle)
            if batch.isEmpty {
                if idle { workspace.completeSuggestions() }
                continue
            }
            let cancelled = Self.cancelledIds(in: batch)
            for incoming in batch {
                switch incoming {
                case .end:
                    // What was read before the client went away is still answered (a test reading the output).
                    if state == .running { workspace.publishChanged() }
                    return state == .shuttingDown ? 0 : 1
                case .local(let event):
                    if let finished = event as? RunFinished { workspace.finishRun(finished) }
                    if let edit = event as? ShowEdit { workspace.showEdit(edit) }
                    if let build = event as? ServerBuild.Event, let message = workspace.buildEvent(build) {
                        handOver = message  // once the rest of the batch is handled
                    }
                case .malformed(let reason):
                    workspace.log("ignored \(reason)")
                    connection.send(Self.error(id: nil, code: -32700, message: "Parse error: \(reason)"))
                case .message(let value):
                    guard let message = value as? [String: Any] else {
                        connection.send(
                            Self.error(id: nil, code: -32600, message: "Invalid Request: not a JSON object"))
                        continue
                    }
                    if let status = handle(message, cancelled: cancelled) { return status }
                }
            }
            if state == .running { workspace.publishChanged() }
        }
    }

    /// Starts where an earlier server process left the session: the client's capabilities and settings, its open
    /// documents, then the messages it had read and not handled, and the rest of the input.
    private func takeOver(_ resume: ServerHandover) -> MessageQueue {
        state = .running
        initializeParams = resume.initialize
        workspace.capabilities = ClientCapabilities(resume.initialize["capabilities"] as? [String: Any])
        _ = workspace.settings.update(resume.initialize["initializationOptions"])
        _ = workspace.settings.update(resume.settings)
        workspace.start(workspace: Self.workspaceRoot(resume.initialize))
        for document in resume.documents {
            workspace.open(uri: document.uri, text: document.text, version: document.version)
        }
        connection.prepend(resume.unread)
        workspace.show(resume.message)
        workspace.refreshLenses()
        return MessageQueue.reading(connection, first: resume.pending)
    }

    /// Hands the session to the server's new build, executed in this process's place; when that fails, says why
    /// and goes on reading (the queue returned).
    private func handingOver(_ queue: MessageQueue, message: String) -> MessageQueue {
        guard let executable = workspace.executable else { return queue }
        workspace.cancelRun(quietly: true)
        connection.stopReading()
        var pending: [Any] = []
        reading: while true {
            for incoming in queue.takeAll(waiting: true) {
                switch incoming {
                case .message(let value): pending.append(value)
                case .end: break reading
                case .malformed, .local: continue  // a malformed frame was answered; a late event is moot
                }
            }
        }
        EditorRunner.removePrivateFolders()  // the cancelled run's, which the new build never removes
        let handover = ServerHandover(
            initialize: initializeParams, settings: workspace.settings.dictionary,
            documents: workspace.openDocuments, pending: pending, unread: connection.unread, message: message)
        let failure = handover.execute(
            executable, protocolInput: connection.input, protocolOutput: connection.output)
        workspace.show("\(workspace.name) lsp was built but not restarted: \(failure)", type: 1)
        connection.resumeReading()
        return MessageQueue.reading(connection, first: pending)
    }

    /// The ids of requests the batch cancels (`$/cancelRequest`): answered as cancelled, not worked out.
    private static func cancelledIds(in batch: [JSONRPCConnection.Incoming]) -> Set<String> {
        var ids: Set<String> = []
        for case .message(let value) in batch {
            guard let message = value as? [String: Any], message["method"] as? String == "$/cancelRequest",
                let id = (message["params"] as? [String: Any])?["id"].flatMap(requestId)
            else { continue }
            ids.insert("\(id)")
        }
        return ids
    }

    /// Handles one message; returns an exit status when the session ends.
    private func handle(_ message: [String: Any], cancelled: Set<String>) -> Int32? {
        let id = message["id"].flatMap(Self.requestId)
        guard let method = message["method"] as? String else {
            // A response (to `client/registerCapability`, the only request this server sends) needs nothing.
            if message["result"] == nil && message["error"] == nil {
                connection.send(Self.error(id: id, code: -32600, message: "Invalid Request: no method"))
            }
            return nil
        }
        let params = message["params"] as? [String: Any] ?? [:]
        if method == "exit" { return state == .shuttingDown ? 0 : 1 }
        guard let id else {
            notification(method, params)
            return nil
        }
        switch (state, method) {
        case (.starting, "initialize"):
            state = .running
            initializeParams = params
            workspace.capabilities = ClientCapabilities(params["capabilities"] as? [String: Any])
            for refused in workspace.settings.update(params["initializationOptions"]) {
                workspace.show(refused, type: 1)
            }
            workspace.start(workspace: Self.workspaceRoot(params))
            if let problem = StepWriter(workspace: workspace).stepFileProblem() { workspace.show(problem, type: 1) }
            connection.send(
                Self.result(
                    id: id,
                    [
                        "capabilities": Self.capabilities(),
                        "serverInfo": ["name": "\(workspace.name) lsp", "version": "0.2.0"],
                    ]))
        case (.starting, _):
            connection.send(Self.error(id: id, code: -32002, message: "The server is not initialized: send initialize"))
        case (.running, "initialize"):
            connection.send(Self.error(id: id, code: -32600, message: "Invalid Request: already initialized"))
        case (.running, "shutdown"):
            state = .shuttingDown
            connection.send(Self.result(id: id, NSNull()))
        case (.running, _):
            if cancelled.contains("\(id)") {
                connection.send(Self.error(id: id, code: -32800, message: "Request cancelled"))
            } else {
                connection.send(request(method, id: id, params))
            }
        case (.shuttingDown, _):
            connection.send(Self.error(id: id, code: -32600, message: "Invalid Request: the server is shutting down"))
        }
        return nil
    }

    private func notification(_ method: String, _ params: [String: Any]) {
        guard state == .running else { return }
        let document = params["textDocument"] as? [String: Any] ?? [:]
        let uri = document["uri"] as? String ?? ""
        let version = document["version"] as? Int
        switch method {
        case "textDocument/didOpen":
            workspace.open(uri: uri, text: document["text"] as? String ?? "", version: version)
        case "textDocument/didChange":
            let changes = params["contentChanges"] as? [[String: Any]] ?? []
            if let text = changes.last?["text"] as? String { workspace.change(uri: uri, text: text, version: version) }
        case "textDocument/didClose":
            workspace.close(uri: uri)
        case "initialized":
            if workspace.capabilities.watchesFiles { registerSpecWatchers() }
        case "workspace/didChangeConfiguration":
            for refused in workspace.settings.update(params["settings"]) { workspace.show(refused, type: 1) }
            if let problem = StepWriter(workspace: workspace).stepFileProblem() { workspace.show(problem, type: 1) }
        case "textDocument/didSave":
            // As `--watch` does: a saved document runs its scenarios, when asked to.
            if workspace.settings.runOnSave, workspace.runner != nil {
                _ = try? workspace.startRun(uri: uri, line: nil)
            }
        case "workspace/didChangeWatchedFiles":
            // Specs changed on disk (a pull, a branch switch): completion and usage counts follow. A Swift file
            // changed: its step definitions are read again (steps defined there and not built yet).
            for change in params["changes"] as? [[String: Any]] ?? [] {
                guard let changed = change["uri"] as? String else { continue }
                if changed.hasSuffix(".swift") {
                    if workspace.sourceSteps.refresh(force: true) { workspace.swiftSourcesChanged() }
                } else if change["type"] as? Int == 3 {
                    workspace.forgetFile(changed)
                } else {
                    workspace.indexFile(changed)
                }
            }
        default:
            break  // $/cancelRequest (read with its batch), $/setTrace, didSave...: nothing to do
        }
    }

    private func request(_ method: String, id: Any, _ params: [String: Any]) -> [String: Any] {
        guard let handler = Self.handlers[method] else {
            return Self.error(id: id, code: -32601, message: "Method not found: \(method)")
        }
        do throws(ResponseError) {
            return Self.result(id: id, try handler(Request(method: method, params: params, workspace: workspace)))
        } catch {
            return Self.error(id: id, code: error.code, message: error.message)
        }
    }

    /// Asks the client to report changes to spec files (its answer, a response, needs no handling).
    private func registerSpecWatchers() {
        connection.send([
            "jsonrpc": "2.0", "id": "speckit-register-watchers", "method": "client/registerCapability",
            "params": [
                "registrations": [
                    [
                        "id": "speckit-spec-files", "method": "workspace/didChangeWatchedFiles",
                        "registerOptions": [
                            "watchers": [
                                ["globPattern": "**/*.feature"], ["globPattern": "**/*.feature.md"],
                                ["globPattern": "**/*.swift"],
                            ]
                        ],
                    ] as [String: Any]
                ]
            ] as [String: Any],
        ])
    }

    /// The folder the client opened: its `rootUri`, else its first workspace folder, else its `rootPath`.
    static func workspaceRoot(_ params: [String: Any]) -> String? {
        let uri =
            params["rootUri"] as? String
            ?? ((params["workspaceFolders"] as? [[String: Any]])?.first?["uri"] as? String)
        if let uri, let url = URL(string: uri), url.isFileURL { return url.path }
        return params["rootPath"] as? String
    }

    private static func requestId(_ value: Any) -> Any? {
        if value is NSNull { return nil }
        if let string = value as? String { return string }
        if let number = value as? NSNumber {
            let double = number.doubleValue
            return double == double.rounded() && abs(double) < 9e15 ? Int(double) : number
        }
        return nil
    }

    static func result(id: Any, _ value: Any) -> [String: Any] {
        ["jsonrpc": "2.0", "id": id, "result": value]
    }

    static func error(id: Any?, code: Int, message: String) -> [String: Any] {
        ["jsonrpc": "2.0", "id": id ?? NSNull(), "error": ["code": code, "message": message] as [String: Any]]
    }
}

/// One request, as a capability reads it.
struct Request {
    let method: String
    let params: [String: Any]
    let workspace: Workspace

    /// The document the request is about (`textDocument.uri`).
    var uri: String { (params["textDocument"] as? [String: Any])?["uri"] as? String ?? "" }
    /// The position it is about (`position`), or -1s.
    var line: Int { (params["position"] as? [String: Any])?["line"] as? Int ?? -1 }
    var character: Int { (params["position"] as? [String: Any])?["character"] as? Int ?? -1 }

    /// The open document the request is about, read from its newest text.
    var document: SpecDocument? { workspace.document(uri) }
}

/// A request that fails, with the protocol's error code.
struct ResponseError: Error {
    var code: Int
    var message: String

    /// The request cannot be done as asked (LSP `RequestFailed`).
    static func failed(_ message: String) -> ResponseError {
        ResponseError(code: -32803, message: message)
    }

    static func invalidParams(_ message: String) -> ResponseError {
        ResponseError(code: -32602, message: message)
    }
}
