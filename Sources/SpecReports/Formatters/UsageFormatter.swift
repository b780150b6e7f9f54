import Messages

/// Cucumber's `usage` formatter: a table of every step definition with how many steps used it, the mean and
/// longest duration, and below it each step it matched with that step's duration and location. Unused
/// definitions say `UNUSED`. A cell wider than 120 characters (a very long step) is cut with an
/// ellipsis, so one long step cannot pad every row of the table to its width.
///
/// ```
/// ┌────────────────┬──────┬─────────────────┬───────────────────┐
/// │ Pattern / Text │ Uses │ Duration        │ Location          │
/// ├────────────────┼──────┼─────────────────┼───────────────────┤
/// │ I have {int}   │ 2    │ 1.50ms / 2.00ms │ Steps.swift:16    │
/// │   I have 3     │      │ 2.00ms          │ a.feature:3       │
/// ```
///
/// A run matching more than 100,000 steps in all lists, under each definition, only its 10 slowest steps (the
/// totals still count every step), and says so under the table: the report of a run of a million steps stays
/// readable, and costs no more memory than one of 100,000.
public final class UsageFormatter: ReportFormatter {
    /// The index of the stream.
    public let query: RunQuery
    private let buffer: OutputBuffer
    private let maxMatchesShown: Int?
    /// The most matched steps kept in all before each definition keeps only its slowest.
    package static let matchLimit = 100_000
    /// The slowest steps listed under each definition once the run matched more than `matchLimit`.
    package static let matchesShownPastLimit = 10

    /// One definition's use: its totals, and the steps kept (with the test case and step that had them).
    private struct Use {
        var count = 0
        var ranCount = 0
        var totalNanoseconds = 0
        var longest: MessageDuration?
        var matches: [(key: StepKey, match: StepUsage.Match)] = []
    }

    /// A step of the run: its test case's ordinal and its position in it.
    private struct StepKey: Comparable {
        var ordinal: Int
        var step: Int

        static func < (left: Self, right: Self) -> Bool {
            (left.ordinal, left.step) < (right.ordinal, right.step)
        }
    }

    private var uses: [String: Use] = [:]
    private var keptCount = 0
    private var isPastLimit = false

    private let matchLimit: Int

    /// Creates a usage formatter writing to `output`; `maxMatchesShown` limits the steps listed under each
    /// definition (`nil`: all of them; Cucumber shows 5), the rest summed up as `N more`.
    public convenience init(output: any ReportOutput, maxMatchesShown: Int? = nil, query: RunQuery = RunQuery()) {
        self.init(output: output, maxMatchesShown: maxMatchesShown, matchLimit: Self.matchLimit, query: query)
    }

    /// Creates a usage formatter that keeps at most `matchLimit` matched steps in all.
    init(output: any ReportOutput, maxMatchesShown: Int?, matchLimit: Int, query: RunQuery) {
        self.query = query
        buffer = OutputBuffer(output)
        self.maxMatchesShown = maxMatchesShown
        self.matchLimit = matchLimit
    }

    /// Notes the steps of each test case as it ends.
    public func receive(_ envelope: Envelope) throws(ReportError) {
        if case .testCaseFinished = envelope, let run = query.justSettled { note(run) }
    }

    private func note(_ run: TestCaseRun) {
        guard let attempt = run.counted else { return }
        for (index, testStep) in attempt.testCase.testSteps.enumerated() {
            guard let ids = testStep.stepDefinitionIds, ids.count == 1,
                let pickleStepId = testStep.pickleStepId, let pickleStep = query.pickleStep(id: pickleStepId)
            else { continue }
            let result = attempt.stepResults[index]
            // Taken out of the dictionary, so that appending to its matches does not copy them (a copy per step
            // made a run whose steps share one definition quadratic: 60 s for 59,000 steps).
            var use = uses.removeValue(forKey: ids[0]) ?? Use()
            use.count += 1
            if let duration = result?.duration {
                use.ranCount += 1
                use.totalNanoseconds += duration.nanoseconds
                use.longest = max(use.longest ?? duration, duration)
            }
            let key = StepKey(ordinal: run.ordinal, step: index)
            let line = query.gherkinStep(of: pickleStep)?.location.line
            let match = {
                StepUsage.Match(
                    text: pickleStep.text, location: ReportText.location(attempt.pickle?.uri ?? "", line),
                    duration: result?.duration, status: result?.status)
            }
            if !isPastLimit {
                use.matches.append((key, match()))
                keptCount += 1
            } else if use.matches.count < Self.matchesShownPastLimit
                || use.matches.last.map({ Self.precedes((key, result?.duration), ($0.key, $0.match.duration)) })
                    == true
            {
                let position =
                    use.matches.firstIndex { !Self.precedes(($0.key, $0.match.duration), (key, result?.duration)) }
                    ?? use.matches.endIndex
                use.matches.insert((key, match()), at: position)
                if use.matches.count > Self.matchesShownPastLimit { use.matches.removeLast() }
            }
            uses[ids[0]] = use
        }
        if !isPastLimit && keptCount > matchLimit {
            isPastLimit = true
            for id in uses.keys {
                let slowest = (uses[id]?.matches ?? []).sorted(by: Self.precedes).prefix(Self.matchesShownPastLimit)
                uses[id]?.matches = Array(slowest)
            }
        }
    }

    /// Whether a match comes before another in a definition's list: longest first, then in the order the steps ran.
    private static func precedes(
        _ left: (key: StepKey, duration: MessageDuration?), _ right: (key: StepKey, duration: MessageDuration?)
    ) -> Bool {
        let (leftDuration, rightDuration) = (left.duration ?? .zero, right.duration ?? .zero)
        if leftDuration != rightDuration { return leftDuration > rightDuration }
        return left.key < right.key
    }

    private static func precedes(
        _ left: (key: StepKey, match: StepUsage.Match), _ right: (key: StepKey, match: StepUsage.Match)
    ) -> Bool {
        precedes((left.key, left.match.duration), (right.key, right.match.duration))
    }

    /// Writes the table and closes the output.
    public func finish() throws(ReportError) {
        for run in query.unsettledRuns { note(run) }
        let definitions = query.stepDefinitions
        if definitions.isEmpty {
            buffer.append("No step definitions\n")
            try buffer.close()
            return
        }
        // Used definitions first, slowest mean first; then unused ones in stream order.
        let ordered = definitions.enumerated().map { index, definition in
            (index, definition, uses[definition.id] ?? Use())
        }.sorted { left, right in
            switch (left.2.count == 0, right.2.count == 0) {
            case (false, true): return true
            case (true, false): return false
            case (true, true): return left.0 < right.0
            case (false, false):
                let (leftMean, rightMean) = (Self.mean(left.2) ?? .zero, Self.mean(right.2) ?? .zero)
                return leftMean != rightMean ? leftMean > rightMean : left.0 < right.0
            }
        }
        var groups: [[[String]]] = []
        for (_, definition, use) in ordered {
            var rows: [[String]] = []
            let duration: String
            if use.count == 0 {
                duration = "UNUSED"
            } else if let mean = Self.mean(use), let longest = use.longest {
                duration = "\(ReportText.milliseconds(mean)) / \(ReportText.milliseconds(longest))"
            } else {
                duration = "-"
            }
            rows.append([
                ReportText.pattern(definition), "\(use.count)", duration,
                ReportText.location(definition.sourceReference),
            ])
            let matches = use.matches.sorted(by: Self.precedes).map(\.match)
            let shown = min(maxMatchesShown ?? matches.count, matches.count)
            for match in matches.prefix(shown) {
                rows.append([
                    "  \(match.text)", "", match.duration.map(ReportText.milliseconds) ?? "-", match.location,
                ])
            }
            if shown < use.count {
                rows.append(["  \(use.count - shown) more", "", "", ""])
            }
            groups.append(rows)
        }
        writeTable(header: ["Pattern / Text", "Uses", "Duration (mean / max)", "Location"], groups: groups)
        if isPastLimit {
            buffer.append(
                "The run matched more than \(matchLimit) steps: each step definition lists its "
                    + "\(Self.matchesShownPastLimit) slowest.\n")
        }
        if query.isInterrupted {
            buffer.append("Interrupted: the run did not finish (no testRunFinished message)\n")
        }
        try buffer.close()
    }

    /// The mean duration of the steps of `use` that ran.
    private static func mean(_ use: Use) -> MessageDuration? {
        use.ranCount == 0 ? nil : MessageDuration(nanoseconds: use.totalNanoseconds / use.ranCount)
    }

    /// The display width of a cell: its Unicode scalars (exact for the ASCII of patterns, paths and durations).
    private static func width(_ text: String) -> Int {
        text.unicodeScalars.count
    }

    /// Writes the table, each cell cut to `ReportCell.maximumWidth`.
    private func writeTable(header: [String], groups: [[[String]]]) {
        let groups = groups.map { rows in rows.map { row in row.map { ReportCell.cut($0, width: Self.width) } } }
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
