import Messages

/// Cucumber's `usage` formatter: a table of every step definition with how many steps used it, the mean and
/// longest duration, and below it each step it matched with that step's duration and location. Unused
/// definitions say `UNUSED`. A cell wider than `TableCell.maximumWidth` (a very long step) is cut with an
/// ellipsis, so one long step cannot pad every row of the table to its width.
///
/// ```
/// ┌────────────────┬──────┬─────────────────┬───────────────────┐
/// │ Pattern / Text │ Uses │ Duration        │ Location          │
/// ├────────────────┼──────┼─────────────────┼───────────────────┤
/// │ I have {int}   │ 2    │ 1.50ms / 2.00ms │ Steps.swift:16    │
/// │   I have 3     │      │ 2.00ms          │ a.feature:3       │
/// ```
public final class UsageFormatter: ReportFormatter {
    /// The index of the stream.
    public let query: RunQuery
    private let buffer: OutputBuffer
    private let maxMatchesShown: Int?

    /// Creates a usage formatter writing to `output`; `maxMatchesShown` limits the steps listed under each
    /// definition (`nil`: all of them; Cucumber shows 5), the rest summed up as `N more`.
    public init(output: any ReportOutput, maxMatchesShown: Int? = nil, query: RunQuery = RunQuery()) {
        self.query = query
        buffer = OutputBuffer(output)
        self.maxMatchesShown = maxMatchesShown
    }

    /// Writes nothing until the end.
    public func receive(_ envelope: Envelope) throws(ReportError) {}

    /// Writes the table and closes the output.
    public func finish() throws(ReportError) {
        let usages = query.stepUsage()
        if usages.isEmpty {
            buffer.append("No step definitions\n")
            try buffer.close()
            return
        }
        var groups: [[[String]]] = []
        for usage in usages {
            var rows: [[String]] = []
            let duration: String
            if usage.isUnused {
                duration = "UNUSED"
            } else if let mean = usage.meanDuration, let max = usage.maxDuration {
                duration = "\(ReportText.milliseconds(mean)) / \(ReportText.milliseconds(max))"
            } else {
                duration = "-"
            }
            rows.append([
                ReportText.pattern(usage.definition), "\(usage.matches.count)", duration,
                ReportText.location(usage.definition.sourceReference),
            ])
            let shown = maxMatchesShown.map { min($0, usage.matches.count) } ?? usage.matches.count
            for match in usage.matches.prefix(shown) {
                rows.append([
                    "  \(match.text)", "", match.duration.map(ReportText.milliseconds) ?? "-", match.location,
                ])
            }
            if shown < usage.matches.count {
                rows.append(["  \(usage.matches.count - shown) more", "", "", ""])
            }
            groups.append(rows)
        }
        writeTable(header: ["Pattern / Text", "Uses", "Duration (mean / max)", "Location"], groups: groups)
        if query.isInterrupted {
            buffer.append("Interrupted: the run did not finish (no testRunFinished message)\n")
        }
        try buffer.close()
    }

    /// The display width of a cell: its Unicode scalars (exact for the ASCII of patterns, paths and durations).
    private static func width(_ text: String) -> Int {
        text.unicodeScalars.count
    }

    /// Writes the table, each cell cut to `TableCell.maximumWidth`.
    private func writeTable(header: [String], groups: [[[String]]]) {
        let groups = groups.map { rows in rows.map { row in row.map { TableCell.cut($0, width: Self.width) } } }
        var widths = header.map(Self.width)
        for rows in groups {
            for row in rows {
                for (index, cell) in row.enumerated() { widths[index] = max(widths[index], Self.width(cell)) }
            }
        }
        func border(_ left: String, _ middle: String, _ right: String) {
            buffer.append(left)
            buffer.append(widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle))
            buffer.append(right + "\n")
        }
        func line(_ cells: [String]) {
            buffer.append("│")
            for (index, cell) in cells.enumerated() {
                buffer.append(" ")
                buffer.append(cell)
                buffer.append(repeating: UInt8(ascii: " "), count: widths[index] - Self.width(cell))
                buffer.append(" │")
            }
            buffer.append("\n")
        }
        border("┌", "┬", "┐")
        line(header)
        for rows in groups {
            border("├", "┼", "┤")
            for row in rows { line(row) }
        }
        border("└", "┴", "┘")
    }
}
