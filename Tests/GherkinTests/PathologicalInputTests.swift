import Gherkin
import Messages
import TestSupport
import Testing

/// Inputs that would take more than linear time in a careless parser. These only have to finish; their speed
/// is measured with the benchmark command, never asserted here.
@Suite("Pathological inputs finish", .hangLimit)
struct PathologicalInputTests {
    private func parse(_ text: String) -> Gherkin.Result {
        var ids = IncrementingIdGenerator()
        return Gherkin.parse(uri: "big.feature", text: text, idGenerator: &ids)
    }

    @Test("a table row of 100,000 cells")
    func manyCells() {
        let row = "      |" + String(repeating: " x |", count: 100_000)
        let result = parse("Feature: f\n  Scenario: s\n    Given t\n\(row)\n\(row)\n")
        #expect(result.errors.isEmpty)
        #expect(result.pickles.first?.steps.first?.argument?.dataTable?.rows.first?.cells.count == 100_000)
    }

    @Test("a line of 100,000 tags")
    func manyTags() {
        let tags = (0..<100_000).map { "@t\($0)" }.joined(separator: " ")
        let result = parse("\(tags)\nFeature: f\n  Scenario: s\n    Given t\n")
        #expect(result.pickles.first?.tags.count == 100_000)
    }

    @Test("a 1 MB line of doc string delimiters and a 1 MB line of backslashes")
    func longLines() {
        let quotes = String(repeating: "\"", count: 1_000_000)
        let backslashes = "| " + String(repeating: "\\", count: 1_000_000) + " |"
        let result = parse(
            "Feature: f\n  Scenario: s\n    Given t\n      \(quotes)\n\(quotes)\n    Given u\n\(backslashes)\n")
        #expect(result.errors.isEmpty)
    }

    @Test("100,000 tag lines before a scenario (lookahead over all of them)")
    func longLookahead() {
        let tagLines = String(repeating: "  @t\n", count: 100_000)
        let result = parse("Feature: f\n  Scenario: a\n    Given t\n\(tagLines)  Scenario: b\n    Given u\n")
        #expect(result.pickles.count == 2)
    }

    @Test("an outline whose values contain placeholders and 10,000 examples rows")
    func bigOutline() {
        let rows = (0..<10_000).map { "      | <a><b> | \($0) |\n" }.joined()
        let result = parse(
            "Feature: f\n  Scenario Outline: <a> <b>\n    Given <a><a><a> <b>\n    Examples:\n      | a | b |\n\(rows)")
        #expect(result.pickles.count == 10_000)
    }

    @Test("an outline of 1,000 columns × 1,000 rows whose step names every column (was cubic: 400 × 400 took 18 s)")
    func wideOutline() throws {
        let columns = 0..<1_000
        let header = "      |" + columns.map { " c\($0) |" }.joined() + "\n"
        let rows = (0..<1_000).map { row in "      |" + columns.map { " v\(row)x\($0) |" }.joined() + "\n" }.joined()
        let step = "    Given " + columns.map { "<c\($0)>" }.joined(separator: " ") + "\n"
        let result = parse("Feature: f\n  Scenario Outline: o\n" + step + "    Examples:\n" + header + rows)
        #expect(result.pickles.count == 1_000)
        let last = try #require(result.pickles.last?.steps.first?.text)
        #expect(last == columns.map { "v999x\($0)" }.joined(separator: " "))
    }

    @Test("100,000 lines of errors stop after eleven")
    func manyErrors() {
        let result = parse("Feature: f\n" + String(repeating: "  @x\n  what\n", count: 50_000))
        #expect(result.errors.count == 11)
    }
}
