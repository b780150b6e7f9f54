import Foundation
import Gherkin
import SpecKit
import Testing

@testable import SpecKitCommand

actor CartWorld {
    var items = 0
}

/// A library with the cases the feed's steps do not have: two definitions matching one text, a regular
/// expression, a multi-unit character before an argument.
func cartLibrary() -> StepLibrary<CartWorld> {
    var steps = StepLibrary<CartWorld>()
    /// Puts that many items in the cart.
    steps.given("the cart has {int} item(s)") { (world, count: Int) in world.items = count }
    steps.given("the cart has {int} items") { (world, count: Int) in world.items = count }
    steps.when("the customer pays {float} €") { (_, _: Double) in }
    steps.then(regex: "^the receipt says \"([^\"]*)\"$") { (_, _: String) in }
    steps.then("the café serves {int} guest(s)") { (_, _: Int) in }
    steps.then("the 😀 count is {int}") { (_, _: Int) in }
    return steps
}

/// Runs a language server over files: the requests are written first, the server reads them to their end, and
/// its answers are read back.
struct ServerSession {
    var messages: [[String: Any]] = []
    var snippetSupport = true
    /// The client's `hover.contentFormat`, when it gives one.
    var hoverFormats: [String]?

    mutating func send(_ method: String, id: Int? = nil, _ params: [String: Any] = [:]) {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method, "params": params]
        if let id { message["id"] = id }
        messages.append(message)
    }

    mutating func initialize() {
        var textDocument: [String: Any] = ["completion": ["completionItem": ["snippetSupport": snippetSupport]]]
        if let hoverFormats { textDocument["hover"] = ["contentFormat": hoverFormats] }
        send("initialize", id: 0, ["capabilities": ["textDocument": textDocument]])
        send("initialized")
    }

    mutating func open(_ uri: String, _ text: String) {
        send(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "gherkin", "version": 1, "text": text] as [String: Any]])
    }

    /// Runs the server on the messages; returns its exit status and everything it wrote.
    func run(raw: Data? = nil, catalog: StepCatalog = StepCatalog(cartLibrary())) throws
        -> (status: Int32, output: [[String: Any]])
    {
        var input = Data()
        for message in messages {
            let body = try JSONSerialization.data(withJSONObject: message)
            input.append(Data("Content-Length: \(body.count)\r\n\r\n".utf8))
            input.append(body)
        }
        if let raw { input.append(raw) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputURL = folder.appendingPathComponent("in")
        let outputURL = folder.appendingPathComponent("out")
        try input.write(to: inputURL)
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let reading = try FileHandle(forReadingFrom: inputURL)
        let writing = try FileHandle(forWritingTo: outputURL)
        let server = LanguageServer(
            connection: JSONRPCConnection(input: reading.fileDescriptor, output: writing.fileDescriptor),
            catalog: catalog, languages: .builtIn, specsPath: folder.path, name: "cart-specs")
        let status = server.run()
        try reading.close()
        try writing.close()
        return (status, try Self.frames(try Data(contentsOf: outputURL)))
    }

    static func frames(_ data: Data) throws -> [[String: Any]] {
        var messages: [[String: Any]] = []
        var rest = data[...]
        while let separator = rest.range(of: Data("\r\n\r\n".utf8)) {
            let header = String(decoding: rest[..<separator.lowerBound], as: UTF8.self)
            let length = try #require(Int(header.replacingOccurrences(of: "Content-Length: ", with: "")))
            let body = rest[separator.upperBound..<(separator.upperBound + length)]
            messages.append(try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any]))
            rest = rest[(separator.upperBound + length)...]
        }
        #expect(rest.isEmpty, "standard output holds only framed messages")
        return messages
    }
}

func response(_ output: [[String: Any]], id: Int) -> [String: Any]? {
    output.first { ($0["id"] as? Int) == id && $0["method"] == nil }
}

func diagnostics(_ output: [[String: Any]]) -> [[String: Any]] {
    let published = output.last { $0["method"] as? String == "textDocument/publishDiagnostics" }
    return (published?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
}

@Suite struct LanguageServerTests {
    let uri = "file:///tmp/cart.feature"

    @Test func `an ambiguous step names every matching definition with its Swift file and line`() throws {
        var session = ServerSession()
        session.initialize()
        session.open(uri, "Feature: Cart\n  Scenario: s\n    Given the cart has 2 items\n")
        let (_, output) = try session.run()
        let found = diagnostics(output)
        try #require(found.count == 1)
        let message = try #require(found[0]["message"] as? String)
        #expect(found[0]["code"] as? String == "ambiguous-step")
        #expect(message.contains("matches 2 step definitions"))
        #expect(message.contains("\"the cart has {int} item(s)\" (SpecKitCommandTests/LanguageServerTests.swift:17)"))
        #expect(message.contains("\"the cart has {int} items\" (SpecKitCommandTests/LanguageServerTests.swift:18)"))
        let range = try #require(found[0]["range"] as? [String: Any])
        #expect((range["start"] as? [String: Any])?["character"] as? Int == 10)
    }

    @Test func `an undefined step of a work-in-progress scenario is a warning, elsewhere an error`() throws {
        var session = ServerSession()
        session.initialize()
        session.open(
            uri,
            "Feature: Cart\n  @wip\n  Scenario: later\n    Given the cart flies\n\n  Scenario: now\n    Given the cart sinks\n"
        )
        let (_, output) = try session.run()
        let severities = diagnostics(output).map { $0["severity"] as? Int }
        #expect(severities == [2, 1])
    }

    @Test(arguments: [(25, true), (26, true), (24, false), (13, false)])
    func `positions are UTF-16 offsets: a parameter after a character of two units`(character: Int, onParameter: Bool)
        throws
    {
        var session = ServerSession()
        session.initialize()
        session.open(uri, "Feature: Café 😀\n  Scenario: 😀\n    Then the 😀 count is 4\n")
        session.send(
            "textDocument/hover", id: 1,
            ["textDocument": ["uri": uri], "position": ["line": 2, "character": character]] as [String: Any])
        let (_, output) = try session.run()
        let hover = try #require(response(output, id: 1)?["result"] as? [String: Any])
        let value = try #require((hover["contents"] as? [String: Any])?["value"] as? String)
        #expect(value.contains("Parameter {int}, passed to the step as `Int`") == onParameter)
        #expect(value.contains("`the 😀 count is {int}`"))
    }

    @Test func `hover shows the definition's comment and where it is`() throws {
        var session = ServerSession()
        session.initialize()
        session.open(uri, "Feature: Cart\n  Scenario: s\n    Given the cart has 1 item\n")
        session.send(
            "textDocument/hover", id: 1,
            ["textDocument": ["uri": uri], "position": ["line": 2, "character": 12]] as [String: Any])
        let (_, output) = try session.run()
        let hover = try #require(response(output, id: 1)?["result"] as? [String: Any])
        let value = try #require((hover["contents"] as? [String: Any])?["value"] as? String)
        #expect(value.contains("`the cart has {int} item(s)`"))
        #expect(value.contains("Defined at `SpecKitCommandTests/LanguageServerTests.swift:17`"))
        #expect(value.contains("Puts that many items in the cart."))
        #expect(value.contains("Used by 1 step in the specs."))
    }

    @Test(arguments: [true, false])
    func `completion gives snippets only to clients that take them`(snippets: Bool) throws {
        var session = ServerSession()
        session.snippetSupport = snippets
        session.initialize()
        session.open(uri, "Feature: Cart\n  Scenario: s\n    When the customer pays 2.5 €\n    Then \n")
        session.send(
            "textDocument/completion", id: 1,
            ["textDocument": ["uri": uri], "position": ["line": 3, "character": 9]] as [String: Any])
        let (_, output) = try session.run()
        let result = try #require(response(output, id: 1)?["result"] as? [String: Any])
        let items = try #require(result["items"] as? [[String: Any]])
        func item(_ pattern: String) throws -> [String: Any] {
            try #require(items.first { ($0["detail"] as? String)?.hasPrefix(pattern + " · ") ?? false })
        }
        let pays = try item("the customer pays {float} €")
        let serves = try item("the café serves {int} guest(s)")
        let paysText = (pays["textEdit"] as? [String: Any])?["newText"] as? String
        let servesText = (serves["textEdit"] as? [String: Any])?["newText"] as? String
        if snippets {
            #expect(paysText == "the customer pays ${1|2.5|} €")  // the values the specs use, as choices
            #expect(servesText == "the café serves ${1:int} guests")  // the type's name to type over
        } else {
            #expect(paysText == "the customer pays 2.5 €")
            #expect(servesText == "the café serves 1 guests")
        }
        // The label is the text written, placeholders at their first value, whatever the client takes.
        #expect(pays["label"] as? String == "the customer pays 2.5 €")
        #expect(serves["label"] as? String == "the café serves 1 guests")
        #expect(pays["filterText"] == nil && pays["insertText"] == nil)
        // A regular expression no spec uses is offered from its pattern.
        let receipt = try #require(items.first { ($0["detail"] as? String)?.hasPrefix("/^the receipt") ?? false })
        let receiptText = (receipt["textEdit"] as? [String: Any])?["newText"] as? String
        #expect(receiptText == (snippets ? "the receipt says \"${1:value}\"" : "the receipt says \"value\""))
        // One item per text written; `Then` puts the outcome steps first.
        #expect(items.count == 5)
        let sorted = items.sorted { ($0["sortText"] as? String ?? "") < ($1["sortText"] as? String ?? "") }
        #expect(sorted.prefix(3).compactMap { $0["label"] as? String }.allSatisfy { !$0.hasPrefix("the cart") })
        // `the cart has {int} item(s)` and `the cart has {int} items` write one text: offered once.
        #expect(items.filter { ($0["label"] as? String)?.hasPrefix("the cart has") ?? false }.count == 1)
    }

    @Test func `requests before initialize are refused and exit without shutdown is status 1`() throws {
        var session = ServerSession()
        session.send("textDocument/hover", id: 1, [:])
        session.initialize()
        session.send("exit")
        let (status, output) = try session.run()
        #expect((response(output, id: 1)?["error"] as? [String: Any])?["code"] as? Int == -32002)
        #expect(status == 1)
    }

    @Test func `shutdown then exit is status 0; an unknown method is MethodNotFound`() throws {
        var session = ServerSession()
        session.initialize()
        session.send("cart/nothing", id: 1)
        session.send("shutdown", id: 2)
        session.send("exit")
        let (status, output) = try session.run()
        #expect((response(output, id: 1)?["error"] as? [String: Any])?["code"] as? Int == -32601)
        #expect(response(output, id: 2)?["result"] is NSNull)
        #expect(status == 0)
    }

    @Test func `a response from the client needs no answer; a message with neither method nor result is refused`()
        throws
    {
        var session = ServerSession()
        session.initialize()
        session.messages.append(["jsonrpc": "2.0", "id": "speckit-register-watchers", "result": NSNull()])
        session.messages.append(["jsonrpc": "2.0", "id": 7])
        let (_, output) = try session.run()
        #expect(!output.contains { $0["id"] as? String == "speckit-register-watchers" })
        #expect((response(output, id: 7)?["error"] as? [String: Any])?["code"] as? Int == -32600)
    }

    @Test func `a client that leaves in the middle of a message ends the session`() throws {
        var session = ServerSession()
        session.initialize()
        let (status, output) = try session.run(raw: Data("Content-Length: 90\r\n\r\n{\"jsonrpc\":".utf8))
        #expect(status == 1)
        #expect(response(output, id: 0) != nil)
    }

    @Test func `formatting a document with a parse error changes nothing`() throws {
        var session = ServerSession()
        session.initialize()
        session.open(uri, "Feature: Cart\n Scenario: s\n  Given the cart has 1 item\n Oops\n")
        session.send("textDocument/formatting", id: 1, ["textDocument": ["uri": uri], "options": [:]] as [String: Any])
        let (_, output) = try session.run()
        #expect((response(output, id: 1)?["result"] as? [Any])?.isEmpty == true)
    }
}

@Suite struct SnippetTextTests {
    @Test(arguments: [
        ("the cart has {int} item(s)", "the cart has 1 items"),
        ("{int} image(s) is/are delivered", "1 images is delivered"),
        ("the price is \\{net\\} {float}", "the price is {net} 1.5"),
        ("the customer is {word}", "the customer is word"),
    ])
    func `a Cucumber Expression as the text a step would use`(pattern: String, text: String) {
        #expect(SnippetText.plainText(pattern: pattern) == text)
    }

    @Test func `placeholders escape what snippets reserve; choices escape their commas and bars`() {
        #expect(SnippetText.escape("the price is $5 {net}") == "the price is \\$5 {net\\}")
        #expect(SnippetText.placeholder(1, values: [], placeholder: "int") == "${1:int}")
        #expect(SnippetText.placeholder(2, values: ["3", "a,b", "x|y"], placeholder: "int") == "${2|3,a\\,b,x\\|y|}")
    }
}

@Suite struct StepCatalogTests {
    let catalog = StepCatalog(cartLibrary())

    @Test func `a match gives its definition and its arguments' UTF-16 ranges and Swift types`() throws {
        guard case .matched(let position, let arguments) = catalog.match("the café serves 12 guests") else {
            Issue.record("no single match")
            return
        }
        #expect(catalog.definitions[position].pattern == "the café serves {int} guest(s)")
        let argument = try #require(arguments.first)
        #expect(argument.start == 16 && argument.end == 18)
        #expect(argument.parameterType == "int")
        #expect(argument.swiftType == "Int")
    }

    @Test func `two matching definitions are ambiguous; none is undefined`() {
        guard case .ambiguous(let positions) = catalog.match("the cart has 3 items") else {
            Issue.record("not ambiguous")
            return
        }
        #expect(positions == [0, 1])
        guard case .undefined = catalog.match("the cart is gone") else {
            Issue.record("not undefined")
            return
        }
    }

    @Test func `the closest definitions to a typo, closest first, with the typed values in place`() {
        let closest = catalog.closest(to: "the cafe serves 12 guests")
        #expect(closest.first.map { catalog.definitions[$0].pattern } == "the café serves {int} guest(s)")
        let cart = catalog.closest(to: "the cart hass 3 items").map { catalog.definitions[$0].pattern }
        #expect(cart == ["the cart has {int} items", "the cart has {int} item(s)"])
    }

    @Test func `a snippet for a new step names its keyword and arguments`() {
        let snippet = catalog.snippet(forStep: "the cart holds 3 hats", type: .context, hasDataTable: true)
        #expect(
            snippet.hasPrefix("steps.given(\"the cart holds {int} hats\") { (world, int: Int, table: DataTable) in"))
    }
}

@Suite struct JSONRPCConnectionTests {
    /// A connection reading `input`.
    func connection(_ input: String) throws -> (JSONRPCConnection, FileHandle) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rpc-\(UUID().uuidString)")
        try Data(input.utf8).write(to: url)
        let handle = try FileHandle(forReadingFrom: url)
        try FileManager.default.removeItem(at: url)
        return (JSONRPCConnection(input: handle.fileDescriptor, output: -1), handle)
    }

    @Test func `frames are read whatever their header's case and extra fields`() throws {
        let (connection, handle) = try connection(
            "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}Content-Length:4\r\n\r\nnull"
        )
        defer { try? handle.close() }
        guard case .message(let first) = connection.read(), first is [String: Any] else {
            Issue.record("the first frame")
            return
        }
        guard case .message(let second) = connection.read(), second is NSNull else {
            Issue.record("the second frame")
            return
        }
        guard case .end = connection.read() else {
            Issue.record("the end")
            return
        }
    }

    @Test func `after a length too short the next frame is found again`() throws {
        let (connection, handle) = try connection("Content-Length: 3\r\n\r\n{\"a\":1}Content-Length: 2\r\n\r\n[]")
        defer { try? handle.close() }
        guard case .malformed = connection.read() else {
            Issue.record("the short frame is malformed")
            return
        }
        guard case .message(let value) = connection.read(), value is [Any] else {
            Issue.record("the next frame")
            return
        }
    }

    @Test(arguments: [
        "Content-Type: x\r\n\r\n", "Content-Length: -4\r\n\r\n", "Content-Length: many\r\n\r\n",
        "Content-Length: 999999999999\r\n\r\n",
    ])
    func `a header without a usable length is malformed, never a crash`(header: String) throws {
        let (connection, handle) = try connection(header)
        defer { try? handle.close() }
        switch connection.read() {
        case .malformed, .end: break
        case .message, .local: Issue.record("a message from \(header.debugDescription)")
        }
    }
}

@Suite struct JSONRPCHeaderLimitTests {
    @Test func `a header with no blank line is dropped after 64 KiB, and the next frame is read`() throws {
        let garbage = String(repeating: "x", count: 200_000)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rpc-\(UUID().uuidString)")
        try Data((garbage + "Content-Length: 2\r\n\r\n{}").utf8).write(to: url)
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        try FileManager.default.removeItem(at: url)
        let connection = JSONRPCConnection(input: handle.fileDescriptor, output: -1)
        var malformed = 0
        while true {
            switch connection.read() {
            case .malformed: malformed += 1
            case .message(let value):
                #expect(value is [String: Any])
                #expect(malformed >= 1 && malformed <= 4, "the garbage is dropped in a few 64 KiB pieces")
                return
            case .end, .local:
                Issue.record("the frame after the garbage was not read")
                return
            }
        }
    }
}

@Suite struct SpecIndexKeyTests {
    @Test(arguments: [
        ("file:///work/My%20Specs/a.feature", "file:///work/My Specs/./a.feature"),
        ("file:///work/specs/a.feature", "file:///work/specs/sub/../a.feature"),
    ])
    func `one file under two spellings of its uri counts once`(first: String, second: String) {
        #expect(SourcePaths.key(first) == SourcePaths.key(second.replacingOccurrences(of: " ", with: "%20")))
    }
}
