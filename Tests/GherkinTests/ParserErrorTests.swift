import Gherkin
import Messages
import Testing

@Suite("Parse errors and recovery")
struct ParserErrorTests {
    private func errors(_ text: String, uri: String = "spec.feature") -> [GherkinError] {
        var ids = IncrementingIdGenerator()
        return Gherkin.parse(uri: uri, text: text, idGenerator: &ids).errors
    }

    @Test("an unexpected line names what was expected, where and what was found")
    func unexpectedLine() {
        let found = errors("Feature: x\n  Scenario: y\n    Given z\n  oops\n")
        #expect(found.count == 1)
        #expect(found.first?.line == 4)
        #expect(found.first?.column == 3)
        #expect(
            found.first?.message
                == "expected: #EOF, #TableRow, #DocStringSeparator, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty, got 'oops'"
        )
        #expect(found.first?.description.hasPrefix("spec.feature:4:3: expected: #EOF") == true)
    }

    @Test("the parser recovers and reports every error, in order")
    func recovers() {
        let found = errors("nonsense\nFeature: x\n  Scenario: y\n    Given z\n  junk\n    | a |\n    | b | c |\n")
        #expect(found.map(\.line) == [1, 5, 7])
    }

    @Test("a file ending inside a doc string is an unexpected end of file without a column")
    func unexpectedEndOfFile() {
        let found = errors("Feature: x\n  Scenario: y\n    Given z\n      \"\"\"\n      text\n")
        #expect(found.count == 1)
        #expect(found.first?.column == nil)
        #expect(found.first?.officialMessage == "(6:0): unexpected end of file, expected: #DocStringSeparator, #Other")
        #expect(
            found.first?.description == "spec.feature:6: unexpected end of file, expected: #DocStringSeparator, #Other")
    }

    @Test("an unknown language is reported at the header, and the header then reads as a comment")
    func unknownLanguage() {
        let found = errors("  # language: xx-unknown\nFeature: x\n")
        #expect(found.map(\.officialMessage) == ["(1:3): Language not supported: xx-unknown"])
        #expect(found.first?.parseError.source.location == Location(line: 1, column: 1))
    }

    @Test("a tag with whitespace is an error at the tag")
    func tagWithWhitespace() {
        let found = errors("@ok @not ok\nFeature: x\n")
        #expect(found.first?.officialMessage == "(1:5): A tag may not contain whitespace")
    }

    @Test("rows of a table must have the same number of cells")
    func inconsistentCells() {
        let found = errors("Feature: x\n  Scenario: y\n    Given z\n      | a | b |\n      | c |\n")
        #expect(found.map(\.officialMessage) == ["(5:7): inconsistent cell count within the table"])
    }

    @Test("the parser stops after eleven errors, as the official parsers do")
    func stopsAfterElevenErrors() {
        let text = "Feature: x\n" + (1...30).map { "@t\nbad line \($0)\n" }.joined()
        #expect(errors(text).count == 11)
    }

    @Test("the same error found twice is reported once")
    func duplicateErrorsCollapse() {
        // The bad tag line is matched as a tag line by three alternatives, then rejected.
        let found = errors("Feature: x\n  Scenario: y\n    Given z\n  @a b\n  Scenario: w\n")
        #expect(
            found.map(\.officialMessage) == [
                "(4:3): A tag may not contain whitespace",
                "(4:3): expected: #EOF, #TableRow, #DocStringSeparator, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty, got '@a b'",
            ])
    }

    @Test("a document with errors has no AST and no pickles, but keeps its source")
    func errorsMeanNoDocument() {
        var ids = IncrementingIdGenerator()
        let text = "Feature: x\n  Scenario: y\n    Given a\n  bad\n"
        let result = Gherkin.parse(uri: "a.feature", text: text, idGenerator: &ids)
        #expect(!result.errors.isEmpty)
        #expect(result.document == nil)
        #expect(result.pickles.isEmpty)
        #expect(result.source?.data == text)
        guard case .source = result.envelopes.first, case .parseError = result.envelopes.last else {
            Issue.record("envelopes: \(result.envelopes)")
            return
        }
    }
}
