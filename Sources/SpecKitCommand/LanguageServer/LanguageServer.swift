import Foundation
import Gherkin
import Messages
import SpecKit
import SpecReports
import StepSuggestions

/// A Language Server Protocol 3.17 server for `.feature` files that knows the Swift step library: diagnostics
/// (parse errors, undefined and ambiguous steps), step completion, hover, go to definition, code actions,
/// document symbols and formatting. It reads requests from standard input and answers on standard output; it
/// logs to standard error only.
final class LanguageServer {
    private enum State {
        case starting
        case running
        case shuttingDown
    }

    private let connection: JSONRPCConnection
    private let catalog: StepCatalog
    private let languages: GherkinLanguages
    private let specsPath: String
    private let name: String
    private var state = State.starting
    private var documents: [String: SpecDocument] = [:]
    private var usage = StepUsageIndex()
    private var sourceLines: [String: [String]] = [:]
    /// The did-you-mean of the library and the texts the specs use, made again when those texts change.
    private var suggester: StepSuggester?
    private var suggesterTexts: [(text: String, definition: Int)] = []
    /// Whether the client inserts snippets (`${1:value}` placeholders) from completion items.
    private var clientTakesSnippets = false
    /// Whether the client can watch files for the server (`workspace/didChangeWatchedFiles`, registered at run
    /// time).
    private var clientWatchesFiles = false

    init(
        connection: JSONRPCConnection, catalog: StepCatalog, languages: GherkinLanguages, specsPath: String,
        name: String
    ) {
        self.connection = connection
        self.catalog = catalog
        self.languages = languages
        self.specsPath = specsPath
        self.name = name
    }

    /// Serves until the client sends `exit` or goes away; returns the process's exit status (0 after a
    /// `shutdown`, 1 otherwise, as the protocol asks).
    func run() -> Int32 {
        while true {
            switch connection.read() {
            case .end:
                return state == .shuttingDown ? 0 : 1
            case .malformed(let reason):
                log("ignored \(reason)")
                connection.send(Self.error(id: nil, code: -32700, message: "Parse error: \(reason)"))
            case .message(let value):
                guard let message = value as? [String: Any] else {
                    connection.send(Self.error(id: nil, code: -32600, message: "Invalid Request: not a JSON object"))
                    continue
                }
                if let status = handle(message) { return status }
            }
        }
    }

    // MARK: Dispatch

    /// Handles one message; returns an exit status when the session ends.
    private func handle(_ message: [String: Any]) -> Int32? {
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
            let capabilities = params["capabilities"] as? [String: Any]
            let completion = (capabilities?["textDocument"] as? [String: Any])?["completion"] as? [String: Any]
            clientTakesSnippets =
                (completion?["completionItem"] as? [String: Any])?["snippetSupport"] as? Bool ?? false
            let watching = (capabilities?["workspace"] as? [String: Any])?["didChangeWatchedFiles"] as? [String: Any]
            clientWatchesFiles = watching?["dynamicRegistration"] as? Bool ?? false
            indexSpecs(root: Self.workspaceRoot(params))
            connection.send(Self.result(id: id, initializeResult))
        case (.starting, _):
            connection.send(Self.error(id: id, code: -32002, message: "The server is not initialized: send initialize"))
        case (.running, "initialize"):
            connection.send(Self.error(id: id, code: -32600, message: "Invalid Request: already initialized"))
        case (.running, "shutdown"):
            state = .shuttingDown
            connection.send(Self.result(id: id, NSNull()))
        case (.running, _):
            connection.send(request(method, id: id, params))
        case (.shuttingDown, _):
            connection.send(Self.error(id: id, code: -32600, message: "Invalid Request: the server is shutting down"))
        }
        return nil
    }

    private func notification(_ method: String, _ params: [String: Any]) {
        guard state == .running else { return }
        let document = params["textDocument"] as? [String: Any] ?? [:]
        let uri = document["uri"] as? String ?? ""
        switch method {
        case "textDocument/didOpen":
            open(uri: uri, text: document["text"] as? String ?? "")
        case "textDocument/didChange":
            let changes = params["contentChanges"] as? [[String: Any]] ?? []
            if let text = changes.last?["text"] as? String { open(uri: uri, text: text) }
        case "textDocument/didClose":
            documents[uri] = nil
            indexFile(uri)
            publish(uri: uri, diagnostics: [])
        case "initialized":
            if clientWatchesFiles { registerSpecWatchers() }
        case "workspace/didChangeWatchedFiles":
            // Specs changed on disk (a pull, a branch switch): completion and usage counts follow.
            for change in params["changes"] as? [[String: Any]] ?? [] {
                guard let changed = change["uri"] as? String, documents[changed] == nil else { continue }
                if change["type"] as? Int == 3 { usage.remove(changed) } else { indexFile(changed) }
            }
        default:
            break  // $/cancelRequest, $/setTrace, didSave...: nothing to do
        }
    }

    private func request(_ method: String, id: Any, _ params: [String: Any]) -> [String: Any] {
        let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String ?? ""
        let position = params["position"] as? [String: Any] ?? [:]
        let line = position["line"] as? Int ?? -1
        let character = position["character"] as? Int ?? -1
        switch method {
        case "textDocument/completion":
            return Self.result(id: id, completion(uri: uri, line: line, character: character))
        case "textDocument/hover":
            return Self.result(id: id, hover(uri: uri, line: line, character: character) ?? NSNull())
        case "textDocument/definition":
            return Self.result(id: id, definition(uri: uri, line: line, character: character) ?? NSNull())
        case "textDocument/documentSymbol":
            return Self.result(id: id, symbols(uri: uri))
        case "textDocument/formatting":
            return Self.result(id: id, formatting(uri: uri))
        case "textDocument/codeAction":
            return Self.result(id: id, codeActions(uri: uri, params))
        case "workspace/executeCommand":
            return Self.result(id: id, executeCommand(params) ?? NSNull())
        default:
            return Self.error(id: id, code: -32601, message: "Method not found: \(method)")
        }
    }

    private var initializeResult: [String: Any] {
        [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": 1],
                "completionProvider": ["triggerCharacters": [" "]],
                "hoverProvider": true,
                "definitionProvider": true,
                "documentSymbolProvider": true,
                "documentFormattingProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "executeCommandProvider": ["commands": [Self.snippetCommand]],
            ] as [String: Any],
            "serverInfo": ["name": "\(name) lsp", "version": "0.1.0"],
        ]
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
                            "watchers": [["globPattern": "**/*.feature"], ["globPattern": "**/*.feature.md"]]
                        ],
                    ] as [String: Any]
                ]
            ] as [String: Any],
        ])
    }

    // MARK: Documents

    private func open(uri: String, text: String) {
        let document = SpecDocument(uri: uri, text: text, catalog: catalog, languages: languages)
        documents[uri] = document
        usage.update(document)
        var suggested: [String: [(text: String, definition: Int)]] = [:]  // once per distinct text
        let diagnostics = document.diagnostics(catalog: catalog) { text in
            if let known = suggested[text] { return known }
            let found = suggestions(for: text)
            suggested[text] = found
            return found
        }
        publish(uri: uri, diagnostics: diagnostics)
    }

    private func publish(uri: String, diagnostics: [[String: Any]]) {
        connection.send([
            "jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
            "params": ["uri": uri, "diagnostics": diagnostics] as [String: Any],
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

    /// Reads the specs on disk, so completion and usage counts know every step the specs use. A relative specs
    /// folder is found in the folder the client opened (editors do not all start servers there).
    private func indexSpecs(root workspace: String?) {
        var path = specsPath
        if !path.hasPrefix("/"), let workspace {
            path = URL(fileURLWithPath: workspace).appendingPathComponent(path).path
        }
        let root = URL(fileURLWithPath: path)
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return }
        while let relative = enumerator.nextObject() as? String {
            guard Gherkin.isSpecFile(relative) else { continue }
            indexFile(root.appendingPathComponent(relative).absoluteString)
        }
    }

    private func indexFile(_ uri: String) {
        guard let url = URL(string: uri), url.isFileURL, let data = FileManager.default.contents(atPath: url.path)
        else { return }
        guard case .success(let bytes) = SourceEncoding.utf8Bytes(of: data, uri: uri) else { return }
        usage.update(
            SpecDocument(uri: uri, text: String(decoding: bytes, as: UTF8.self), catalog: catalog, languages: languages)
        )
    }

    // MARK: Features

    private func completion(uri: String, line: Int, character: Int) -> [String: Any] {
        guard let document = documents[uri], line >= 0, line < document.lines.count else {
            return ["isIncomplete": false, "items": []]
        }
        let lineText = document.lines[line]
        let prefix = String(decoding: Array(lineText.utf16.prefix(max(character, 0))), as: UTF16.self)
        let dialect = languages.dialect(for: document.result.document?.feature?.language ?? Self.language(document))
        var indentation = String(prefix.prefix { $0 == " " || $0 == "\t" })
        var keywords = (dialect ?? .english).stepKeywords.sorted { $0.count > $1.count }
        if Gherkin.isMarkdown(uri: uri), let bullet = prefix.dropFirst(indentation.count).first,
            "*-+".contains(bullet)
        {
            // A Markdown step is a bullet, then a keyword: `* Given `.
            let afterBullet = prefix.dropFirst(indentation.count + 1)
            indentation += String(bullet) + String(afterBullet.prefix { $0 == " " || $0 == "\t" })
            keywords.removeAll { $0 == "* " }
        }
        let afterIndentation = prefix.dropFirst(indentation.count)
        guard let keyword = keywords.first(where: { afterIndentation.hasPrefix($0) }) else {
            return ["isIncomplete": false, "items": []]
        }
        let start = (indentation + keyword).utf16.count
        let replace = Self.range(line: line, start: start, end: max(character, start))
        var items: [[String: Any]] = []
        var offered: Set<String> = []
        for (rank, (text, _)) in usage.usedTexts().enumerated() where offered.insert(text).inserted {
            items.append([
                "label": text, "kind": 1, "sortText": String(format: "0%06d", rank), "filterText": text,
                "textEdit": ["range": replace, "newText": text] as [String: Any],
                "detail": "used in the specs",
            ])
        }
        let examples = usage.examples()
        for (position, definition) in catalog.definitions.enumerated() {
            let snippet: String
            if let example = examples[position] {
                snippet =
                    clientTakesSnippets ? Self.snippet(text: example.text, arguments: example.arguments) : example.text
            } else if definition.isRegularExpression {
                continue  // no text to offer for a pattern no spec uses
            } else if clientTakesSnippets {
                snippet = Self.snippet(pattern: definition.pattern)
            } else {
                snippet = Self.plainText(pattern: definition.pattern)
            }
            items.append([
                "label": definition.isRegularExpression ? "/\(definition.pattern)/" : definition.pattern,
                "kind": 15, "sortText": String(format: "1%06d", position),
                "filterText": definition.pattern, "insertTextFormat": clientTakesSnippets ? 2 : 1,
                "textEdit": ["range": replace, "newText": snippet] as [String: Any],
                "detail": definition.location.description,
            ])
        }
        return ["isIncomplete": false, "items": items]
    }

    private func hover(uri: String, line: Int, character: Int) -> [String: Any]? {
        guard let document = documents[uri], let step = document.step(onLine: line),
            character >= step.textStart, character <= step.textEnd
        else { return nil }
        var text: String
        switch step.match {
        case .undefined:
            text = "**Undefined step**: no step definition matches “\(step.matchedText)”."
        case .failed(let reason):
            text = "The step could not be matched: \(reason)"
        case .ambiguous(let positions):
            text =
                "**Ambiguous step**: \(positions.count) step definitions match:\n\n"
                + positions.map { "- `\(catalog.definitions[$0].pattern)` at `\(catalog.definitions[$0].location)`" }
                .joined(separator: "\n")
        case .matched(let position, let arguments):
            let definition = catalog.definitions[position]
            text = ""
            if step.texts.count <= 1, step.text == step.matchedText,
                let argument = arguments.first(where: {
                    character >= step.textStart + $0.start && character <= step.textStart + $0.end
                })
            {
                let type = argument.parameterType.map { "{\($0)}" } ?? "a regular expression group"
                text += "Parameter \(type)" + (argument.swiftType.map { ", passed to the step as `\($0)`" } ?? "")
                text += "\n\n---\n\n"
            }
            let pattern = definition.isRegularExpression ? "/\(definition.pattern)/" : definition.pattern
            text += "`\(pattern)`\n\nDefined at `\(definition.location)`"
            if let comment = docComment(at: definition.location) { text += "\n\n" + comment }
            let uses = usage.uses()[position] ?? 0
            text += "\n\nUsed by \(uses) step\(uses == 1 ? "" : "s") in the specs."
        }
        return [
            "contents": ["kind": "markdown", "value": text],
            "range": Self.range(line: line, start: step.textStart, end: step.textEnd),
        ]
    }

    private func definition(uri: String, line: Int, character: Int) -> [String: Any]? {
        guard let document = documents[uri], let step = document.step(onLine: line),
            character >= 0, character <= document.lineLength(line)
        else { return nil }
        guard case .matched(let position, _) = step.match else { return nil }
        let location = catalog.definitions[position].location
        return [
            "uri": URL(fileURLWithPath: location.filePath).absoluteString,
            "range": Self.range(
                line: max(location.line - 1, 0), start: max(location.column - 1, 0), end: max(location.column - 1, 0)),
        ]
    }

    private func symbols(uri: String) -> [[String: Any]] {
        guard let document = documents[uri], let feature = document.result.document?.feature else { return [] }
        return [DocumentSymbols(document: document).symbol(for: feature)]
    }

    private func formatting(uri: String) -> [[String: Any]] {
        // Cucumber's layout is plain Gherkin's: a Markdown spec keeps the layout its author gave it.
        guard let document = documents[uri], document.result.errors.isEmpty, let parsed = document.result.document,
            !Gherkin.isMarkdown(uri: uri)
        else { return [] }
        let formatted = GherkinFormatter.format(parsed)
        guard formatted != document.text else { return [] }
        let lastLine = max(document.lines.count - 1, 0)
        return [
            [
                "range": [
                    "start": ["line": 0, "character": 0],
                    "end": ["line": lastLine, "character": document.lineLength(lastLine)],
                ] as [String: Any],
                "newText": formatted,
            ]
        ]
    }

    static let snippetCommand = "speckit.showSnippet"

    private func codeActions(uri: String, _ params: [String: Any]) -> [[String: Any]] {
        guard let document = documents[uri] else { return [] }
        let range = params["range"] as? [String: Any] ?? [:]
        let line = (range["start"] as? [String: Any])?["line"] as? Int ?? -1
        guard let step = document.step(onLine: line), case .undefined = step.match else { return [] }
        var actions: [[String: Any]] = []
        let edits = Self.range(line: step.line, start: step.textStart, end: step.textEnd)
        if step.texts.count <= 1 {
            for (replacement, _) in suggestions(for: step.matchedText) {
                actions.append([
                    "title": "Replace with “\(replacement)”", "kind": "quickfix",
                    "edit": ["changes": [uri: [["range": edits, "newText": replacement]]]],
                ])
            }
        }
        let snippet = catalog.snippet(
            forStep: step.matchedText, type: step.type, hasDataTable: step.hasDataTable,
            hasDocString: step.hasDocString)
        actions.append([
            "title": "Show the Swift step definition to add", "kind": "quickfix",
            "command": [
                "title": "Show the Swift step definition", "command": Self.snippetCommand, "arguments": [snippet],
            ]
                as [String: Any],
        ])
        return actions
    }

    private func executeCommand(_ params: [String: Any]) -> Any? {
        guard params["command"] as? String == Self.snippetCommand,
            let snippet = (params["arguments"] as? [Any])?.first as? String
        else { return nil }
        connection.send([
            "jsonrpc": "2.0", "method": "window/showMessage",
            "params": ["type": 3, "message": "Add this step definition to your step library:\n\n" + snippet]
                as [String: Any],
        ])
        return snippet
    }

    // MARK: Helpers

    /// The steps closest to `text` that would run, at most 3, closest first (the one did-you-mean, comparing the
    /// texts the specs use too): for each close definition, the text rewritten to it with the typed values kept
    /// when that matches it, else the closest text the specs use, else the definition's example text.
    private func suggestions(for text: String) -> [(text: String, definition: Int)] {
        let used = usage.usedTexts()
        if suggester == nil || suggesterTexts.count != used.count
            || !suggesterTexts.elementsEqual(used, by: { $0.text == $1.text && $0.definition == $1.definition })
        {
            suggester = catalog.suggester(usedTexts: used)
            suggesterTexts = used
        }
        var found: [(text: String, definition: Int)] = []
        var seen: Set<String> = []
        let examples = usage.examples()
        for suggestion in suggester?.suggestions(for: text, rewriting: true) ?? [] {
            let position = suggestion.definition
            let definition = catalog.definitions[position]
            var replacement = suggestion.usedText
            if !suggestion.prefersUsedText, let rewrite = suggestion.rewrite, rewrite != text,
                case .matched(position, _) = catalog.match(rewrite)
            {
                replacement = rewrite
            }
            replacement =
                replacement ?? examples[position]?.text
                ?? (definition.isRegularExpression ? nil : Self.plainText(pattern: definition.pattern))
            guard let replacement, seen.insert(replacement).inserted else { continue }
            found.append((replacement, position))
        }
        return found
    }

    /// The comment right above a Swift line (`///` or `//` lines, not `// MARK:`), without the slashes, or nil.
    private func docComment(at location: CodeLocation) -> String? {
        let lines: [String]
        if let cached = sourceLines[location.filePath] {
            lines = cached
        } else {
            let data = FileManager.default.contents(atPath: location.filePath) ?? Data()
            lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
            sourceLines[location.filePath] = lines
        }
        var comment: [String] = []
        var index = location.line - 2
        while index >= 0, index < lines.count {
            let trimmed = lines[index].drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("//"), !trimmed.hasPrefix("// MARK:") else { break }
            comment.insert(String(trimmed.drop { $0 == "/" }.drop { $0 == " " }), at: 0)
            index -= 1
        }
        return comment.isEmpty ? nil : comment.joined(separator: "\n")
    }

    private func log(_ text: String) {
        FileHandle.standardError.write(Data("\(name) lsp: \(text)\n".utf8))
    }

    private static func language(_ document: SpecDocument) -> String {
        for line in document.lines.prefix(5) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("#") else { continue }
            let body = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
            if body.lowercased().hasPrefix("language:") {
                return body.dropFirst("language:".count).trimmingCharacters(in: .whitespaces)
            }
        }
        return "en"
    }

    /// A completion snippet of a real step: its arguments become placeholders holding their values.
    static func snippet(text: String, arguments: [StepCatalog.Argument]) -> String {
        let units = Array(text.utf16)
        var result = ""
        var cursor = 0
        for (index, argument) in arguments.sorted(by: { $0.start < $1.start }).enumerated()
        where argument.start >= cursor && argument.end <= units.count {
            result += escapeSnippet(String(decoding: units[cursor..<argument.start], as: UTF16.self))
            let value = String(decoding: units[argument.start..<argument.end], as: UTF16.self)
            result += "${\(index + 1):\(escapeSnippet(value))}"
            cursor = argument.end
        }
        return result + escapeSnippet(String(decoding: units[cursor...], as: UTF16.self))
    }

    /// A completion snippet of a Cucumber Expression no spec uses yet: each parameter a placeholder with an
    /// example value.
    static func snippet(pattern: String) -> String {
        var result = ""
        var index = 0
        var rest = Substring(plainText(pattern: pattern, keepingParameters: true))
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += escapeSnippet(String(rest[..<open]))
            index += 1
            let name = String(rest[rest.index(after: open)..<close])
            result += "${\(index):\(escapeSnippet(exampleValue(forParameter: name)))}"
            rest = rest[rest.index(after: close)...]
        }
        return result + escapeSnippet(String(rest))
    }

    /// A Cucumber Expression as plain text: optional parts kept, the first of alternatives, escapes removed;
    /// parameters replaced by example values unless kept.
    static func plainText(pattern: String, keepingParameters: Bool = false) -> String {
        var text = ""
        var escaped = false
        var inParameter = false
        var parameter = ""
        var skippingAlternative = false
        for character in pattern {
            if escaped {
                text.append(character)
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "(", ")": skippingAlternative = false
            case "{":
                inParameter = true
                parameter = ""
            case "}":
                inParameter = false
                text += keepingParameters ? "{\(parameter)}" : exampleValue(forParameter: parameter)
            case "/" where !inParameter:
                skippingAlternative = true
            case " ":
                skippingAlternative = false
                if inParameter { parameter.append(character) } else { text.append(character) }
            default:
                if inParameter {
                    parameter.append(character)
                } else if !skippingAlternative {
                    text.append(character)
                }
            }
        }
        return text
    }

    static func exampleValue(forParameter name: String) -> String {
        switch name {
        case "int", "byte", "short", "long", "biginteger": "1"
        case "float", "double", "bigdecimal": "1.5"
        case "word": "word"
        case "string": "\"text\""
        case "": "value"
        default: name
        }
    }

    private static func escapeSnippet(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "$" || character == "}" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    static func range(line: Int, start: Int, end: Int) -> [String: Any] {
        SpecDocument.range(line: line, start: start, end: end)
    }

    private static func requestId(_ value: Any) -> Any? {
        if value is NSNull { return nil }
        if let number = value as? NSNumber { return number }
        if let string = value as? String { return string }
        return nil
    }

    static func result(id: Any, _ value: Any) -> [String: Any] {
        ["jsonrpc": "2.0", "id": id, "result": value]
    }

    static func error(id: Any?, code: Int, message: String) -> [String: Any] {
        ["jsonrpc": "2.0", "id": id ?? NSNull(), "error": ["code": code, "message": message] as [String: Any]]
    }
}
