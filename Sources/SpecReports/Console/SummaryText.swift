import Messages

/// The end-of-run text of the console formatters, in Cucumber's layout: undefined parameter types, then
/// `Failures:` and `Warnings:` (each numbered, with its steps, messages and snippets), then the totals:
///
/// ```
/// 3 scenarios (1 failed, 2 passed)
/// 12 steps (1 failed, 2 skipped, 9 passed)
/// 0m01.234s (executing steps: 0m00.890s)
/// ```
package struct SummaryText {
    let query: RunQuery
    let style: ConsoleStyle
    /// The runs before this one, when a history is kept.
    let history: RunHistory?
    /// How many failures, and how many warnings, are listed in full; the others are counted in one line that says
    /// so (a run with thousands of failing scenarios would otherwise print, and hold, all their steps, snippets
    /// and did-you-means; every report file still has each of them).
    package var listLimit = SummaryText.defaultListLimit

    /// The number of failures (and of warnings) listed in full by default.
    package static let defaultListLimit = 100

    /// The failures and warnings of the test cases, as far as they are listed (nil: made from `query` when asked).
    private let listing: IssueListing?

    /// Creates the summary of `query`'s run; with `history` (the runs before it), the summary ends with the
    /// scenarios whose status changed since the last run.
    ///
    /// The failures are those of the test cases `query` holds: with a `.streaming` query, only the console formatters
    /// (which note each failure as its test case ends) list them all.
    package init(query: RunQuery, style: ConsoleStyle = .plain, history: RunHistory? = nil) {
        self.query = query
        self.style = style
        self.history = history
        listing = nil
    }

    /// Creates the summary of a run whose failures `listing` noted as its test cases ended.
    init(query: RunQuery, style: ConsoleStyle, history: RunHistory?, listing: IssueListing) {
        self.query = query
        self.style = style
        self.history = history
        self.listing = listing
    }

    /// The whole text: issues, then the totals.
    package var text: String {
        var text = ""
        if !query.undefinedParameterTypes.isEmpty { text += undefinedParameterTypes }
        if !query.parseErrors.isEmpty {
            text += section(
                "Parse errors", query.parseErrors.map { style.error(ReportText.explainedParseError($0)) + "\n\n" },
                more: 0)
        }
        let (failures, warnings) = issues
        if !failures.isEmpty { text += section("Failures", failures.listed, more: failures.more) }
        if !warnings.isEmpty { text += section("Warnings", warnings.listed, more: warnings.more) }
        text += totals
        text += changesSinceLastRun
        return text
    }

    /// `Changed since the last run:` and one line per scenario whose status changed, `old → new`; empty without a
    /// history or an earlier run.
    package var changesSinceLastRun: String {
        guard var history, !history.runs.isEmpty else { return "" }
        history.record(query)
        let changes = history.changes
        guard !changes.isEmpty else { return "" }
        var text = "\nChanged since the last run:\n"
        for change in changes.prefix(50) {
            text += "  \(change.key): \(change.old) → \(change.new)\n"
        }
        if changes.count > 50 { text += "  …and \(changes.count - 50) more (see the HTML report)\n" }
        return text
    }

    /// The three totals lines (scenarios, steps, durations), preceded by a note when the run was interrupted.
    package var totals: String {
        let statistics = query.statistics()
        var text = ""
        if query.isInterrupted {
            text += style.warning("Interrupted: the run did not finish (no testRunFinished message)") + "\n"
        }
        if !query.parseErrors.isEmpty {
            let files = Set(query.parseErrors.map { $0.source.uri ?? "" }).count
            let count = query.parseErrors.count
            text +=
                style.error(
                    "\(count) parse error\(count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s") (not run)")
                + "\n"
        }
        text += countLine(statistics.scenarios, noun: "scenario", flaky: statistics.flakyScenarios) + "\n"
        text += countLine(statistics.steps, noun: "step") + "\n"
        text +=
            ReportText.cucumberDuration(statistics.runDuration)
            + " (executing steps: \(ReportText.cucumberDuration(statistics.stepsDuration)))\n"
        return text
    }

    /// `N scenarios (1 failed, 2 passed)`: the total, then each non-zero status in Cucumber's order; `flaky` of the
    /// passed ones are counted apart, before them, as cucumber-ruby does (`12 scenarios (1 flaky, 11 passed)`).
    package func countLine(_ counts: StatusCounts, noun: String, flaky: Int = 0) -> String {
        let total = counts.total
        var text = "\(total) \(noun)\(total == 1 ? "" : "s")"
        guard total > 0 else { return text }
        var details: [String] = []
        for status in StatusCounts.reportOrder {
            var count = counts[status]
            if status == .passed && flaky > 0 {
                details.append(style.warning("\(flaky) flaky"))
                count -= flaky
            }
            if count > 0 { details.append(style.status(status, "\(count) \(status.rawValue.lowercased())")) }
        }
        text += " (\(details.joined(separator: ", ")))"
        return text
    }

    private var undefinedParameterTypes: String {
        var latest: [String: UndefinedParameterType] = [:]
        var order: [String] = []
        for parameterType in query.undefinedParameterTypes {
            if latest.updateValue(parameterType, forKey: parameterType.name) == nil { order.append(parameterType.name) }
        }
        let lines = order.compactMap { latest[$0] }.map { "- \"\($0.name)\" e.g. `\($0.expression)`" }
        return "Undefined parameter types:\n\n" + lines.joined(separator: "\n") + "\n\n"
    }

    /// A numbered list of `items`, then, when `more` were left out, the line saying how many.
    private func section(_ title: String, _ items: [String], more: Int) -> String {
        var text = "\(title):\n\n"
        for (index, item) in items.enumerated() {
            let prefix = "\(index + 1)) "
            let lines = item.split(separator: "\n", omittingEmptySubsequences: false)
            text += lines.enumerated().map { lineIndex, line in
                lineIndex == 0
                    ? prefix + line : (line.isEmpty ? "" : String(repeating: " ", count: prefix.count) + line)
            }.joined(separator: "\n")
        }
        if more > 0 {
            text +=
                "…and \(more) more \(title.lowercased()) not listed here (every one is in the html, junit, json and"
                + " message reports)\n\n"
        }
        return text
    }

    /// The failures (which fail the run) and warnings (reported only), each formatted as Cucumber does, the first
    /// `listLimit` of each, and how many more there are.
    private var issues: (failures: Listed, warnings: Listed) {
        var failures = Listed(limit: listLimit)
        var warnings = Listed(limit: listLimit)
        for execution in query.testRunHookExecutions {
            guard let result = execution.result, result.status != .passed, result.status != .skipped else { continue }
            let keyword = ReportText.hookKeyword(execution.hook, isBefore: true)
            let location = execution.hook.map { ReportText.location($0.sourceReference) }
            var text = "\(style.status(result.status, "✖ \(keyword)"))"
            if let location { text += " # \(style.location(location))" }
            text +=
                "\n" + ReportText.indent(style.status(result.status, ReportText.failureText(result)), by: 4) + "\n\n"
            failures.append { text }
        }
        var listing = self.listing ?? IssueListing(query: query, style: style, limit: listLimit)
        listing.finish(query: query)
        for (index, text) in listing.failures.enumerated() {
            if index < listLimit { failures.append { text } }
        }
        failures.count(more: listing.failureCount - min(listing.failures.count, listLimit))
        for text in listing.warnings.prefix(listLimit) { warnings.append { text } }
        warnings.count(more: listing.warningCount - min(listing.warnings.count, listLimit))
        if let finished = query.testRunFinished, let message = ReportText.runFailureText(finished) {
            // Said whatever the limit: it is why the run failed when no scenario did.
            failures.append(always: true) {
                "The test run failed\n" + ReportText.indent(style.error(message), by: 4) + "\n\n"
            }
        }
        return (failures, warnings)
    }

    /// Items listed up to a limit (each made only when it is listed), and the count of those left out.
    struct Listed {
        let limit: Int
        private(set) var listed: [String] = []
        private(set) var more = 0

        init(limit: Int) {
            self.limit = max(limit, 0)
        }

        var isEmpty: Bool { listed.isEmpty && more == 0 }

        mutating func append(always: Bool = false, _ item: () -> String) {
            if always || listed.count < limit {
                listed.append(item())
            } else {
                more += 1
            }
        }

        /// Counts `count` items left out without making them.
        mutating func count(more count: Int) {
            more += max(count, 0)
        }
    }
}

/// What the console formatters share: the failures and warnings noted as test cases end, and the summary written
/// after them at the end of the run.
struct ConsoleSummary {
    let style: ConsoleStyle
    /// The runs before this one, when a history is kept: the summary ends with what changed since the last run.
    let history: RunHistory?
    var listing: IssueListing

    init(style: ConsoleStyle, history: RunHistory?) {
        self.style = style
        self.history = history
        listing = IssueListing(style: style, limit: SummaryText.defaultListLimit)
    }

    /// Notes the failures and warnings of the test case that has just settled in `query`, if one has.
    mutating func noteSettled(in query: RunQuery) {
        if let run = query.justSettled { listing.add(run, query: query) }
    }

    /// Writes `separator`, then the summary of `query`'s run, to `buffer`, and closes it.
    func finish(_ query: RunQuery, into buffer: OutputBuffer, after separator: String) throws(ReportError) {
        buffer.append(separator)
        buffer.append(SummaryText(query: query, style: style, history: history, listing: listing).text)
        try buffer.close()
    }
}

/// The failures and warnings of a run's test cases as they end, each attempt worded as the summary lists it: only
/// the first `limit` of each (in the order the attempts started) are worded and kept, the others counted, so a run
/// with a million failing scenarios costs the console no more than one with a hundred.
struct IssueListing {
    private let style: ConsoleStyle
    let limit: Int
    /// The failure categories each listed attempt names.
    var categories = FailureCategories()
    /// The first failures (attempts that count and fail the run) and warnings, by the order their attempts started.
    private var kept: (failures: [(index: Int, text: String)], warnings: [(index: Int, text: String)]) = ([], [])
    private(set) var failureCount = 0
    private(set) var warningCount = 0
    private var finished = false

    /// An empty listing.
    init(style: ConsoleStyle, limit: Int) {
        self.style = style
        self.limit = max(limit, 0)
    }

    /// The listing of the test cases `query` holds.
    init(query: RunQuery, style: ConsoleStyle, limit: Int) {
        self.init(style: style, limit: limit)
        for run in query.heldRuns where run.isSettled { add(run, query: query) }
    }

    /// The failures kept, in order.
    var failures: [String] { kept.failures.map(\.text) }
    /// The warnings kept, in order.
    var warnings: [String] { kept.warnings.map(\.text) }

    /// Notes the attempts of `run`, whose last attempt counts.
    mutating func add(_ run: TestCaseRun, query: RunQuery) {
        for attempt in run.attempts {
            let status = attempt.status
            guard status != .passed, status != .skipped, status != .unknown else { continue }
            if attempt === run.counted && attempt.isFailing(by: query.verdict) {
                failureCount += 1
                keep(attempt, in: &kept.failures, query: query)
            } else {
                warningCount += 1
                keep(attempt, in: &kept.warnings, query: query)
            }
        }
    }

    /// Notes the test cases that did not settle (the run was interrupted, or a retry never came).
    mutating func finish(query: RunQuery) {
        guard !finished else { return }
        finished = true
        for run in query.unsettledRuns { add(run, query: query) }
    }

    private func keep(_ attempt: TestCaseAttempt, in list: inout [(index: Int, text: String)], query: RunQuery) {
        if list.count >= limit {
            guard let last = list.last, attempt.index < last.index else { return }
            list.removeLast()
        }
        let text = AttemptText(query: query, style: style, categories: categories).text(of: attempt)
        let position = list.firstIndex { $0.index > attempt.index } ?? list.endIndex
        list.insert((attempt.index, text), at: position)
    }
}

/// One test case attempt as Cucumber's issue lists show it.
struct AttemptText {
    let query: RunQuery
    let style: ConsoleStyle
    /// The failure categories named under the scenario; nil: none named.
    var categories: FailureCategories?

    func text(of attempt: TestCaseAttempt) -> String {
        let name = attempt.pickle?.name ?? attempt.testCase.id
        var text = "Scenario: \(name)"
        if attempt.attempt > 0 || attempt.willBeRetried {
            text += " (attempt \(attempt.attempt + 1)\(attempt.willBeRetried ? ", retried" : ""))"
        }
        if let pickle = attempt.pickle { text += " # \(style.location(query.location(of: pickle)))" }
        text += "\n"
        if let names = categories?.names(of: attempt, query: query), !names.isEmpty {
            text += "  " + style.location("Category: " + names.joined(separator: ", ")) + "\n"
        }
        var isBeforeHook = true
        let problems = Dictionary(query.problems(in: attempt).map { ($0.index, $0) }) { first, _ in first }
        for (index, testStep) in attempt.testCase.testSteps.enumerated() {
            isBeforeHook = isBeforeHook && testStep.pickleStepId == nil
            text += stepText(
                testStep, result: attempt.stepResults[index], isBeforeHook: isBeforeHook,
                attachments: attempt.stepAttachments[index], problem: problems[index])
        }
        return text + "\n"
    }

    /// One step with its result; the explanation of a step that did not pass starts with its `.feature` place
    /// (`file.feature:line:column:`, the step's own or the table cell it rejected), as a compiler's diagnostics do
    /// (and as `swift test` points at it).
    private func stepText(
        _ testStep: TestStep, result: TestStepResult?, isBeforeHook: Bool, attachments: [Attachment],
        problem: StepProblem?
    ) -> String {
        let status = result?.status ?? .unknown
        var identifier: String
        var argument: String?
        var pickleStep: PickleStep?
        if let pickleStepId = testStep.pickleStepId {
            pickleStep = query.pickleStep(id: pickleStepId)
            identifier = pickleStep.map { query.keyword(of: $0) + $0.text } ?? pickleStepId
            argument = pickleStep?.argument.map(ReportText.argument)
        } else {
            identifier = ReportText.hookKeyword(testStep.hookId.flatMap { query.hook(id: $0) }, isBefore: isBeforeHook)
        }
        var text = style.status(status, "\(Self.symbol(status)) \(identifier)")
        if let location = query.codeLocation(of: testStep) { text += " # \(style.location(location))" }
        text += "\n"
        if let argument { text += ReportText.indent(style.status(status, argument), by: 4) + "\n" }
        for attachment in attachments {
            let body = attachment.mediaType == "text/plain" ? ": \(attachment.body)" : ""
            text += ReportText.indent("Attachment (\(attachment.mediaType))\(body)", by: 4) + "\n"
        }
        if let problem, !problem.explanation.isEmpty {
            let message = pickleStep == nil ? problem.explanation : "\(problem.featurePlace): \(problem.explanation)"
            text += ReportText.indent(style.status(status, message), by: 4) + "\n"
        }
        return text
    }

    static func symbol(_ status: TestStepResultStatus) -> String {
        switch status {
        case .passed: "✔"
        case .failed, .ambiguous: "✖"
        case .pending, .undefined: "?"
        case .skipped: "-"
        case .unknown: "?"
        }
    }
}
