import Foundation
import Gherkin
import Messages
import TestSupport
import Testing

@Suite(
    "Conformance with the official Gherkin test data",
    .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"))
struct ConformanceTests {
    private func parse(_ folder: String, _ name: String) throws -> Gherkin.Result {
        let url = Conformance.url(folder, name)
        let data = try Data(contentsOf: url)
        var ids = IncrementingIdGenerator()
        return Gherkin.parse(
            uri: "../testdata/\(folder)/\(name)", data: data, languages: try Conformance.languages(), idGenerator: &ids)
    }

    @Test("good file tokens equal the official .tokens", arguments: Conformance.features(in: "good"))
    func tokensMatch(name: String) throws {
        let data = try Data(contentsOf: Conformance.url("good", name))
        let tokens = Gherkin.tokens(of: data, languages: try Conformance.languages())
        var expected = try String(contentsOf: Conformance.url("good", name + ".tokens"), encoding: .utf8)
        while expected.hasSuffix("\n") { expected.removeLast() }
        // Cells may hold newlines (`\n` escapes), so the files are compared as a whole.
        #expect(tokens.joined(separator: "\n") == expected)
    }

    @Test("good file AST equals the official .ast.ndjson", arguments: Conformance.features(in: "good"))
    func astMatches(name: String) throws {
        let result = try parse("good", name)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let document = try #require(result.document)
        let actual = try Conformance.values([.gherkinDocument(document)])
        let expected = try Conformance.expectedValues(Conformance.url("good", name + ".ast.ndjson"))
        #expect(actual == expected)
    }

    @Test("good file pickles equal the official .pickles.ndjson", arguments: Conformance.features(in: "good"))
    func picklesMatch(name: String) throws {
        let result = try parse("good", name)
        let actual = try Conformance.values(result.pickles.map(Envelope.pickle))
        let expected = try Conformance.expectedValues(Conformance.url("good", name + ".pickles.ndjson"))
        #expect(actual == expected)
    }

    @Test("good file source equals the official .source.ndjson", arguments: Conformance.features(in: "good"))
    func sourceMatches(name: String) throws {
        let result = try parse("good", name)
        let source = try #require(result.source)
        let actual = try Conformance.values([.source(source)])
        let expected = try Conformance.expectedValues(Conformance.url("good", name + ".source.ndjson"))
        #expect(actual == expected)
    }

    @Test("bad file errors equal the official .errors.ndjson", arguments: Conformance.features(in: "bad"))
    func errorsMatch(name: String) throws {
        let result = try parse("bad", name)
        #expect(result.document == nil)
        let actual = try Conformance.values(result.errors.map { .parseError($0.parseError) })
        let expected = try Conformance.expectedValues(Conformance.url("bad", name + ".errors.ndjson"))
        #expect(actual == expected)
    }
}
