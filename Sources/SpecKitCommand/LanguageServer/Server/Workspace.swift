import Foundation
import Gherkin
import Messages
import SpecKit

/// The language server's state between messages: the documents the editor has open (their newest text, read
/// when first needed), the specs on disk, where the Swift sources are, the client's capabilities and the
/// settings. Every capability reads it through a `Request`; only the server's loop thread touches it.
final class Workspace {
    /// An open document: its newest text, and what it reads as once asked for.
    private struct OpenDocument {
        var text: String
        var version: Int?
        var analysis: SpecDocument?
        /// Whether the diagnostics published are those of `text`, with every suggestion they can have.
        var published = false
        var awaitsSuggestions = false
    }

    let catalog: StepCatalog
    let languages: GherkinLanguages
    let connection: JSONRPCConnection
    let name: String
    private let defaultSpecs: String
    private let explicitSpecs: String?
    private(set) var paths: SourcePaths
    var settings = ServerSettings()
    var capabilities = ClientCapabilities()
    private var open: [String: OpenDocument] = [:]
    private var index = SpecIndex()
    let matches = MatchMemo()
    var suggestions = EditorSuggestions()
    var sources = SourceFiles()
    /// The step definitions the Swift sources register, for the steps defined there and not built yet.
    var sourceSteps = SourceSteps()
    /// Runs the command's scenarios for the editor (nil: this server cannot run them).
    var runner: EditorRunner?
    /// Hands an event (a finished run) to the server's loop, from any thread.
    var post: @Sendable (any Sendable) -> Void = { _ in }
    /// The runs started from the editor and their results.
    var runs = ScenarioRuns()
    /// The server's own executable (nil: it cannot build and restart itself, as in tests).
    var executable: ServerBuild.Executable?
    /// The build going on (`speckit.build`) and its progress token.
    var building: (process: Process, token: String?, percentage: Int?)?
    /// How many requests the server sent the client (their ids).
    private var requestsSent = 0
    /// How many `window/showDocument` requests were sent (their ids).
    private var showDocumentRequests = 0
    /// The document and line of the last `prepareRename`: a rename there renames the whole text it was given.
    var preparedRename: (uri: String, line: Int)?

    init(
        catalog: StepCatalog, languages: GherkinLanguages, connection: JSONRPCConnection, name: String,
        defaultSpecs: String, explicitSpecs: String?
    ) {
        self.catalog = catalog
        self.languages = languages
        self.connection = connection
        self.name = name
        self.defaultSpecs = defaultSpecs
        self.explicitSpecs = explicitSpecs
        paths = SourcePaths(definitions: catalog.definitions, workspace: nil)
    }

    // MARK: Set-up

    /// Finds the package the editor opened and reads its specs folder.
    func start(workspace root: String?) {
        paths = SourcePaths(definitions: catalog.definitions, workspace: root)
        sources = SourceFiles()
        sourceSteps = SourceSteps(
            folders: paths.libraryTargets(catalog.definitions), definitions: catalog.definitions,
            registry: catalog.registry)
        let folder = paths.specsFolder(explicit: explicitSpecs, default: defaultSpecs)
        for file in SpecPaths.specFiles(in: folder) { indexFile(URL(fileURLWithPath: file).absoluteString) }
    }

    /// Reads a spec file on disk into the index (unless the editor has it open).
    func indexFile(_ uri: String) {
        guard open[uri] == nil, let url = URL(string: uri), url.isFileURL,
            let data = FileManager.default.contents(atPath: url.path),
            case .success(let bytes) = SourceEncoding.utf8Bytes(of: data, uri: uri)
        else { return }
        index.update(
            SpecDocument(
                uri: uri, text: String(decoding: bytes, as: UTF8.self), catalog: catalog, languages: languages,
                matches: matches))
    }

    /// Forgets a spec file deleted on disk (unless the editor has it open).
    func forgetFile(_ uri: String) {
        guard open[uri] == nil else { return }
        index.remove(uri)
    }

    // MARK: Documents

    func open(uri: String, text: String, version: Int?) {
        open[uri] = OpenDocument(text: text, version: version)
    }

    /// The newest text of a document; nothing is read until a request or the end of the queued messages asks.
    func change(uri: String, text: String, version: Int?) {
        guard open[uri] != nil else { return open(uri: uri, text: text, version: version) }
        open[uri]?.text = text
        open[uri]?.version = version
        open[uri]?.analysis = nil
        open[uri]?.published = false
    }

    func close(uri: String) {
        open[uri] = nil
        index.remove(uri)
        indexFile(uri)
        notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": []])
    }

    var openURIs: [String] { open.keys.sorted() }

    /// The open documents as the editor has them, for a new server process to take over.
    var openDocuments: [(uri: String, text: String, version: Int?)] {
        openURIs.compactMap { uri in open[uri].map { (uri, $0.text, $0.version) } }
    }

    /// The open document `uri`, read from its newest text.
    func document(_ uri: String) -> SpecDocument? {
        guard let entry = open[uri] else { return nil }
        if let analysis = entry.analysis { return analysis }
        let analysis = SpecDocument(
            uri: uri, text: entry.text, catalog: catalog, languages: languages, matches: matches)
        open[uri]?.analysis = analysis
        index.update(analysis)
        return analysis
    }

    /// The index of every spec, with the open documents read from their newest text.
    func specIndex() -> SpecIndex {
        for uri in open.keys where open[uri]?.analysis == nil { _ = document(uri) }
        return index
    }

    /// Every spec's entry (open documents read from their newest text).
    func indexedSpecs() -> [SpecIndex.Entry] {
        specIndex().entries
    }

    /// Runs `body` on the index (its views are cached inside it).
    func withIndex<Result>(_ body: (inout SpecIndex) -> Result) -> Result {
        for uri in open.keys where open[uri]?.analysis == nil { _ = document(uri) }
        return body(&index)
    }

    // MARK: Diagnostics

    /// Publishes the diagnostics of every open document whose text changed since they were last published, or of
    /// every open document when the Swift sources' definitions changed on disk.
    func publishChanged() {
        if sourceSteps.refresh() { swiftSourcesChanged() }
        for uri in openURIs where open[uri]?.published == false { publish(uri) }
    }

    /// The Swift sources' step definitions changed: every open document is diagnosed again.
    func swiftSourcesChanged() {
        for uri in open.keys { open[uri]?.published = false }
    }

    /// For a step the compiled library does not define: where the sources define it, not built yet, as a message
    /// (`Defined in FeedSteps.swift:76, not built yet: …`); nil when they do not.
    func notBuiltYet(_ text: String) -> String? {
        guard let definition = sourceSteps.unbuiltMatches(text).first else { return nil }
        let file = URL(fileURLWithPath: definition.file).lastPathComponent
        let configuration = executable?.buildPlace?.configuration ?? "release"
        return "Defined in \(file):\(definition.line), not built yet: build it with the ⚒ lens (speckit.build), or "
            + "swift build -c \(configuration) --product \(name) and a restart of the language server."
    }

    /// Whether some published diagnostics still lack suggestions (worked out when the server is idle).
    var awaitsSuggestions: Bool {
        open.values.contains { $0.awaitsSuggestions }
    }

    /// Works out more of the suggestions a document's published diagnostics lack, for about `idleSlice`, and
    /// publishes its diagnostics again once it has them all. The loop reads new messages between calls.
    func completeSuggestions() {
        guard let uri = openURIs.first(where: { open[$0]?.awaitsSuggestions == true }), let document = document(uri)
        else { return }
        let deadline = ContinuousClock.now + Self.idleSlice
        suggestions.prepare(self)
        for step in document.steps {
            guard case .undefined = step.match, suggestions.known(step.matchedText) == nil else { continue }
            if ContinuousClock.now > deadline { return }
            _ = suggestions.proposals(for: step.matchedText, in: self)
        }
        publish(uri)
    }

    /// How long the idle server works out suggestions before looking for new messages.
    static let idleSlice = Duration.milliseconds(30)

    /// Publishes the diagnostics of an open document again (a run's results changed them).
    func republish(_ uri: String) {
        guard open[uri] != nil else { return }
        publish(uri)
    }

    private func publish(_ uri: String) {
        guard let document = document(uri) else { return }
        var (diagnostics, complete) = Diagnostics(workspace: self).of(document)
        diagnostics += runDiagnostics(document)
        open[uri]?.published = true
        open[uri]?.awaitsSuggestions = !complete
        var params: [String: Any] = ["uri": uri, "diagnostics": diagnostics]
        if let version = open[uri]?.version { params["version"] = version }
        notify("textDocument/publishDiagnostics", params)
    }

    // MARK: Messages to the client

    func notify(_ method: String, _ params: [String: Any]) {
        connection.send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Shows `message` in the editor (1 error, 2 warning, 3 information).
    func show(_ message: String, type: Int = 3) {
        notify("window/showMessage", ["type": type, "message": message])
    }

    /// Shows Swift code the editor just wrote (a step definition, a renamed literal): opens the file at `line`
    /// (from 0) when the client can, and says where it is and that it is not saved yet.
    func showEdit(_ edit: ShowEdit) {
        let file = URL(string: edit.uri)?.lastPathComponent ?? edit.uri
        show(
            "\(edit.what) in \(file) at line \(edit.line + 1). It is not saved yet: save the changed files "
                + "(Neovim :wa, Emacs C-x s).")
        guard capabilities.showsDocuments else { return }
        showDocumentRequests += 1
        connection.send([
            "jsonrpc": "2.0", "id": "speckit-show-document-\(showDocumentRequests)", "method": "window/showDocument",
            "params": [
                "uri": edit.uri, "takeFocus": true,
                "selection": SpecDocument.range(line: edit.line, start: 0, end: 0),
            ] as [String: Any],
        ])
    }

    /// Sends the client a request whose answer the server does not need; returns its id.
    @discardableResult
    func request(_ method: String, _ params: [String: Any]) -> String {
        requestsSent += 1
        let id = "speckit-\(requestsSent)"
        connection.send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return id
    }

    func log(_ text: String) {
        FileHandle.standardError.write(Data("\(name) lsp: \(text)\n".utf8))
    }
}

/// Swift code the editor was given to write, to show once written: the file, the line (from 0) and what it is.
struct ShowEdit: Sendable {
    let uri: String
    let line: Int
    let what: String
}

/// What the client said it can do, at `initialize`.
struct ClientCapabilities {
    /// Whether completion items may be snippets (`${1:value}`).
    var snippets = false
    /// Whether the client watches files for the server (`workspace/didChangeWatchedFiles`, registered at run time).
    var watchesFiles = false
    /// Whether the client asks for its code lenses again when told to (`workspace/codeLens/refresh`).
    var refreshesCodeLenses = false
    /// Whether the client asks for its inlay hints again when told to (`workspace/inlayHint/refresh`).
    var refreshesInlayHints = false
    /// Whether the client opens a document when asked to (`window/showDocument`).
    var showsDocuments = false
    /// Whether the client shows progress the server reports (`window/workDoneProgress`).
    var showsProgress = false
    /// Whether hovers are Markdown (the client's first `hover.contentFormat`, or none given); else plain text.
    var markdownHover = true

    init() {}

    init(_ capabilities: [String: Any]?) {
        let textDocument = capabilities?["textDocument"] as? [String: Any]
        let completion = textDocument?["completion"] as? [String: Any]
        snippets = (completion?["completionItem"] as? [String: Any])?["snippetSupport"] as? Bool ?? false
        let workspace = capabilities?["workspace"] as? [String: Any]
        watchesFiles =
            (workspace?["didChangeWatchedFiles"] as? [String: Any])?["dynamicRegistration"] as? Bool ?? false
        refreshesCodeLenses = (workspace?["codeLens"] as? [String: Any])?["refreshSupport"] as? Bool ?? false
        refreshesInlayHints = (workspace?["inlayHint"] as? [String: Any])?["refreshSupport"] as? Bool ?? false
        let window = capabilities?["window"] as? [String: Any]
        showsDocuments = (window?["showDocument"] as? [String: Any])?["support"] as? Bool ?? false
        showsProgress = window?["workDoneProgress"] as? Bool ?? false
        let formats = (textDocument?["hover"] as? [String: Any])?["contentFormat"] as? [String]
        markdownHover = formats?.first.map { $0 == "markdown" } ?? true
    }
}
