import Messages
import SpecReports
import Testing

/// One very long step or cell must not pad every other row of a text report to its width.
@Suite("Text reports bounded on very long steps")
struct LongCellTests {
    @Test("usage: a matched 1 MB step is cut with an ellipsis, so the table stays small (was 1 GB for 5 MB)")
    func usageCutsLongCells() throws {
        let long = String(repeating: "x", count: 1 << 20)
        var builder = StreamBuilder()
        builder.scenario("One", [.passed("a short step"), .passed(long)])
        let text = try render(builder.build()) { UsageFormatter(output: $0) }
        #expect(text.utf8.count < 10_000, "\(text.utf8.count) bytes")
        let cut = String(repeating: "x", count: ReportCell.maximumWidth - 1) + "…"
        #expect(text.contains("│ \(cut) │"))
        #expect(text.contains("│   a short step"))
        let lines = text.split(separator: "\n")
        #expect(Set(lines.map(\.unicodeScalars.count)).count == 1, "every line of the table is as wide")
    }

    @Test("pretty: one 1 MB step among 200 is written once, the others are not padded to it (was 215 MB)")
    func prettyBoundsTheCommentColumn() throws {
        let long = String(repeating: "y", count: 1 << 20)
        var builder = StreamBuilder()
        builder.scenario("Many", (0..<199).map { .passed("step \($0)") } + [.passed(long)])
        let text = try render(builder.build()) { PrettyFormatter(output: $0, flushesEachStep: false) }
        #expect(text.utf8.count < (1 << 20) + 100_000, "\(text.utf8.count) bytes")
        #expect(text.contains(long), "the long step is shown whole")
        let shortLines = text.split(separator: "\n").filter { $0.contains("step 7 ") }
        #expect(shortLines.count == 1)
        #expect(shortLines.allSatisfy { $0.count <= 6 + 4 + ReportCell.maximumWidth + 40 }, "\(shortLines)")
        #expect(shortLines.first?.contains("# Sources/Steps.swift") == true)
    }

    @Test("pretty: a data table cell wider than the limit is cut, and the other rows are padded only that far")
    func prettyCutsTableCells() throws {
        let long = String(repeating: "z", count: 100_000)
        var builder = StreamBuilder()
        var step = StreamBuilder.StepSpec.passed("a table")
        step.table = [["name", "value"], ["short", long]] + (0..<100).map { ["row \($0)", "v"] }
        builder.scenario("Table", [step])
        let text = try render(builder.build()) { PrettyFormatter(output: $0, flushesEachStep: false) }
        #expect(text.utf8.count < 40_000, "\(text.utf8.count) bytes")
        #expect(text.contains("| short  | " + String(repeating: "z", count: ReportCell.maximumWidth - 1) + "… |"))
    }
}
