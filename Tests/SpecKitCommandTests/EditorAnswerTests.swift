import Foundation
import SpecKit
import Testing

@testable import SpecKitCommand

/// What reaches the person in real clients: hover in the format the client asks for, the preferred quick fix,
/// rename at a word for clients that ask no `prepareRename`.
@Suite struct EditorAnswerTests {
    let uri = "file:///tmp/cart.feature"

    @Test(arguments: [(["plaintext"], false), (["markdown", "plaintext"], true), (nil, true)] as [([String]?, Bool)])
    func `hover is Markdown only for a client that prefers it`(formats: [String]?, markdown: Bool) throws {
        var session = ServerSession()
        session.hoverFormats = formats
        session.initialize()
        session.open(uri, "Feature: Cart\n  Scenario: s\n    Given the cart has 1 item\n    Given the cart flies\n")
        session.send(
            "textDocument/hover", id: 1,
            ["textDocument": ["uri": uri], "position": ["line": 3, "character": 12]] as [String: Any])
        let (_, output) = try session.run()
        let contents = try #require(
            (response(output, id: 1)?["result"] as? [String: Any])?["contents"] as? [String: Any])
        #expect(contents["kind"] as? String == (markdown ? "markdown" : "plaintext"))
        let value = try #require(contents["value"] as? String)
        #expect(value.hasPrefix(markdown ? "**Undefined step**" : "Undefined step: no step definition matches"))
    }

    @Test func `plain hover text keeps the words and drops the marks`() {
        #expect(
            Hover.plainText("`the cart has {int} item(s)`\n\n---\n\n**Ambiguous step**: x")
                == "“the cart has {int} item(s)”\n\nAmbiguous step: x")
    }

    @Test func `the closest replacement is preferred and no action says isPreferred false`() throws {
        var session = ServerSession()
        session.initialize()
        session.open(uri, "Feature: Cart\n  Scenario: s\n    Given the cart hass 1 item\n")
        session.send(
            "textDocument/codeAction", id: 1,
            [
                "textDocument": ["uri": uri],
                "range": ["start": ["line": 2, "character": 0], "end": ["line": 2, "character": 0]],
                "context": ["diagnostics": []],
            ] as [String: Any])
        let (_, output) = try session.run()
        let actions = try #require(response(output, id: 1)?["result"] as? [[String: Any]])
        let first = try #require(actions.first)
        #expect((first["title"] as? String)?.hasPrefix("Replace with “the cart has 1 item") == true)
        #expect(first["isPreferred"] as? Bool == true)
        // eglot 1.9 takes the first action with the key at all as the default, whatever its value.
        #expect(actions.dropFirst().allSatisfy { $0["isPreferred"] == nil })
    }

    @Test(
        arguments: [
            (15, "launches", "the customer launches the feed"),  // on `opens`
            (18, "launches", "the customer launches the feed"),  // right after `opens`
            (0, "A", "A customer opens the feed"),
            (7, "two words", nil),  // more than a word: the whole text
            (-2, "x", nil),  // on the keyword, not the text
            (28, "x", nil),  // past the text
        ] as [(Int, String, String?)])
    func `one word renames the word at the cursor`(offset: Int, newName: String, expected: String?) {
        let step = SpecDocument.StepOccurrence(
            line: 0, keyword: "When ", keywordStart: 4, text: "the customer opens the feed", textStart: 9,
            textEnd: 36, texts: ["the customer opens the feed"], match: .undefined,
            matchedText: "the customer opens the feed", isWorkInProgress: false, type: nil, hasDataTable: false,
            hasDocString: false, argumentLines: nil)
        #expect(Rename.renamedWord(in: step, at: 9 + offset, to: newName) == expected)
    }
}
