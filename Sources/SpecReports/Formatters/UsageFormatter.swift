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

    /// One definition's use: its totals, and the steps kept.
    private struct Use {
        var count = 0
        var ranCount = 0
        var totalNanoseconds = 0
        var longest: MessageDuration?
        var matches: [Kept] = []
    }

    /// A matched step as the report keeps it, in 32 bytes: its text and file by their number in `texts` and `uris`
    /// (a text matched a thousand times is held once), and where it ran in the run (its test case's ordinal and its
    /// position in it), to list steps of equal duration in the order they ran.
    private struct Kept {
        var ordinal: Int32
        var step: Int32
        var text: Int32
        var uri: Int32
        /// The Gherkin step's line, 0 when unknown.
        var line: Int32
        var ran: Bool
        var nanoseconds: Int

        /// Whether it comes before `other` in a definition's list: longest first, then in the order the steps ran.
        func precedes(_ other: Kept) -> Bool {
            let (duration, otherDuration) = (ran ? nanoseconds : 0, other.ran ? other.nanoseconds : 0)
            if duration != otherDuration { return duration > otherDuration }
            return (ordinal, step) < (other.ordinal, other.step)
        }
    }

    /// Strings numbered in the order they were first seen, each held once.
    private struct Interned {
        private var numbers: [String: Int32] = [:]
        private(set) var strings: [String] = []

        mutating func number(of string: String) -> Int32 {
            if let number = numbers[string] { return number }
            let number = Int32(truncatingIfNeeded: strings.count)
            strings.append(string)
            numbers[string] = number
            return number
        }
    }

    private var uses: [String: Use] = [:]
    private var texts = Interned()
    private var uris = Interned()
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
            var kept = Kept(
                ordinal: Int32(clamping: run.ordinal), step: Int32(clamping: index), text: 0, uri: 0,
                line: Int32(clamping: query.gherkinStep(of: pickleStep)?.location.line ?? 0),
                ran: result != nil, nanoseconds: result?.duration.nanoseconds ?? 0)
            if !isPastLimit {
                keep(&kept, text: pickleStep.text, uri: attempt.pickle?.uri ?? "")
                use.matches.append(kept)
                keptCount += 1
            } else if use.matches.count < Self.matchesShownPastLimit
                || use.matches.last.map({ kept.precedes($0) }) == true
            {
                keep(&kept, text: pickleStep.text, uri: attempt.pickle?.uri ?? "")
                let position = use.matches.firstIndex { !$0.precedes(kept) } ?? use.matches.endIndex
                use.matches.insert(kept, at: position)
                if use.matches.count > Self.matchesShownPastLimit { use.matches.removeLast() }
            }
            uses[ids[0]] = use
        }
        if !isPastLimit && keptCount > matchLimit {
            isPastLimit = true
            for id in uses.keys {
                let slowest = (uses[id]?.matches ?? []).sorted { $0.precedes($1) }.prefix(Self.matchesShownPastLimit)
                uses[id]?.matches = Array(slowest)
            }
            renumber()
        } else if isPastLimit && texts.strings.count > 4 * Self.matchesShownPastLimit * uses.count + 4096 {
            // Texts of steps no longer kept pile up while slower steps replace kept ones: only the kept ones stay.
            renumber()
        }
    }

    /// Numbers the text and file of `kept`.
    private func keep(_ kept: inout Kept, text: String, uri: String) {
        kept.text = texts.number(of: text)
        kept.uri = uris.number(of: uri)
    }

    /// Numbers again only the texts and files of the steps kept.
    private func renumber() {
        let (oldTexts, oldURIs) = (texts.strings, uris.strings)
        texts = Interned()
        uris = Interned()
        for id in uses.keys {
            guard var use = uses.removeValue(forKey: id) else { continue }
            for index in use.matches.indices {
                use.matches[index].text = texts.number(of: oldTexts[Int(use.matches[index].text)])
                use.matches[index].uri = uris.number(of: oldURIs[Int(use.matches[index].uri)])
            }
            uses[id] = use
        }
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
            (index, definition, uses.removeValue(forKey: definition.id) ?? Use())
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
        let groups = ordered.map { _, definition, use in
            var use = use
            use.matches.sort { $0.precedes($1) }
            return Group(
                definition: definition, use: use, shown: min(maxMatchesShown ?? use.matches.count, use.matches.count),
                texts: texts.strings, uris: uris.strings)
        }
        try writeTable(header: ["Pattern / Text", "Uses", "Duration (mean / max)", "Location"], groups: groups)
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

    /// One definition's rows: its own, the steps it matched that are shown (slowest first), and how many more.
    private struct Group {
        let definition: StepDefinition
        let use: Use
        let shown: Int
        let texts: [String]
        let uris: [String]

        /// How many rows the group has.
        var rowCount: Int { 1 + shown + (shown < use.count ? 1 : 0) }

        /// The cells of row `index`, made when asked: a table of 100,000 steps is never held as text.
        func row(_ index: Int) -> [String] {
            if index == 0 {
                let duration: String
                if use.count == 0 {
                    duration = "UNUSED"
                } else if let mean = UsageFormatter.mean(use), let longest = use.longest {
                    duration = "\(ReportText.milliseconds(mean)) / \(ReportText.milliseconds(longest))"
                } else {
                    duration = "-"
                }
                return [
                    ReportText.pattern(definition), "\(use.count)", duration,
                    ReportText.location(definition.sourceReference),
                ]
            }
            guard index <= shown else { return ["  \(use.count - shown) more", "", "", ""] }
            let kept = use.matches[index - 1]
            return [
                "  \(texts[Int(kept.text)])", "",
                kept.ran ? ReportText.milliseconds(MessageDuration(nanoseconds: kept.nanoseconds)) : "-",
                ReportText.location(uris[Int(kept.uri)], kept.line > 0 ? Int(kept.line) : nil),
            ]
        }
    }

    /// The mean duration of the steps of `use` that ran.
    private static func mean(_ use: Use) -> MessageDuration? {
        use.ranCount == 0 ? nil : MessageDuration(nanoseconds: use.totalNanoseconds / use.ranCount)
    }

    /// The display width of a cell: its Unicode scalars (exact for the ASCII of patterns, paths and durations).
    private static func width(_ text: String) -> Int {
        text.unicodeScalars.count
    }

    /// Writes the table, each cell cut to `ReportCell.maximumWidth`: the rows are made twice, once to measure the
    /// columns and once to write them, and the text goes out as it is written.
    private func writeTable(header: [String], groups: [Group]) throws(ReportError) {
        func cut(_ cell: String) -> String { ReportCell.cut(cell, width: Self.width) }
        var widths = header.map(Self.width)
        for group in groups {
            for index in 0..<group.rowCount {
                for (column, cell) in group.row(index).enumerated() {
                    widths[column] = max(widths[column], Self.width(cut(cell)))
                }
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
                let cell = cut(cell)
                buffer.append(" ")
                buffer.append(cell)
                buffer.append(repeating: UInt8(ascii: " "), count: widths[index] - Self.width(cell))
                buffer.append(" │")
            }
            buffer.append("\n")
        }
        border("┌", "┬", "┐")
        line(header)
        for group in groups {
            border("├", "┼", "┤")
            for index in 0..<group.rowCount {
                line(group.row(index))
                try buffer.flushIfNeeded()
            }
        }
        border("└", "┴", "┘")
    }
}
