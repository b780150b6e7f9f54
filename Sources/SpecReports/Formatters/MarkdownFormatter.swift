import Foundation
import Messages

/// A compact Markdown summary for CI pages (a GitHub Actions job summary, a merge request comment): the outcome,
/// a totals table, each failing scenario with its `file:line` and error, and each undefined step with its
/// snippet. An interrupted run is flagged at the top.
public final class MarkdownFormatter: ReportFormatter {
    /// The index of the stream.
    public let query: RunQuery
    private let buffer: OutputBuffer
    private let title: String
    /// Where the run happened, under the totals (the CI's facts from the stream, the team's own).
    public var environment = ReportEnvironment()
    /// The failure categories each failing scenario names (the built-in ones unless given).
    public var categories = FailureCategories()
    private let maxItems: Int
    private let tagLinks: TagLinks
    private var notes: Notes

    /// Creates a Markdown formatter writing to `output`. At most `maxItems` failures and undefined steps are
    /// listed (CI pages limit their size); `title` names the run; tags matching `tagLinks` link to their tracker.
    public init(
        output: any ReportOutput, title: String = "Acceptance specs", maxItems: Int = 50,
        tagLinks: TagLinks = TagLinks(), query: RunQuery = RunQuery()
    ) {
        self.query = query
        buffer = OutputBuffer(output)
        self.title = title
        self.maxItems = maxItems
        self.tagLinks = tagLinks
        notes = Notes(limit: maxItems)
    }

    /// ` · ` and the scenario's tags, each a link to its tracker when `tagLinks` gives one; empty without tags.
    private func tags(of pickle: Pickle) -> String {
        guard !pickle.tags.isEmpty else { return "" }
        let tags = pickle.tags.map { tag in
            let code = "`\(Self.escapeCode(tag.name))`"
            guard let url = tagLinks.url(for: tag.name) else { return code }
            return
                "[\(code)](\(url.replacingOccurrences(of: ")", with: "%29").replacingOccurrences(of: " ", with: "%20")))"
        }
        return " · " + tags.joined(separator: " ")
    }

    /// An output appending to the file named by `GITHUB_STEP_SUMMARY` in `environment`, or `nil` when the
    /// variable is unset or empty (not running in GitHub Actions).
    package static func gitHubStepSummaryOutput(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ReportError) -> AppendingFileOutput? {
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return nil }
        return try AppendingFileOutput(URL(fileURLWithPath: path))
    }

    /// Notes each test case's failure, flakiness and undefined steps as it ends (the summary lists the first ones).
    public func receive(_ envelope: Envelope) throws(ReportError) {
        if case .testCaseFinished = envelope, let run = query.justSettled { note(run) }
        for document in query.justCompletedDocuments { notes.forgetSteps(ofDocument: document) }
    }

    /// Writes the summary and closes the output.
    public func finish() throws(ReportError) {
        for run in query.unsettledRuns { note(run) }
        buffer.append(markdown)
        try buffer.close()
    }

    /// The whole summary.
    package var markdown: String {
        let notes = self.notes
        let statistics = query.statistics()
        var text = ""
        let outcome: String
        if query.isInterrupted {
            outcome = "⚠️ \(title): interrupted"
        } else if query.passes {
            outcome = "✅ \(title) passed"
        } else {
            outcome = "❌ \(title) failed"
        }
        text += "## \(Self.escape(outcome))\n\n"
        if query.isInterrupted {
            text += "> **Interrupted:** the run did not finish (no `testRunFinished` message); "
            text += "the figures below cover what ran before it stopped.\n\n"
        }
        text += totalsTable(statistics)
        text += "\nDuration: \(ReportText.cucumberDuration(statistics.runDuration))"
        text += " (executing steps: \(ReportText.cucumberDuration(statistics.stepsDuration)))\n"
        text += environmentTable
        if let finished = query.testRunFinished, let message = finished.exception?.message ?? finished.message {
            text += "\n**The test run failed:**\n\n" + Self.codeBlock(message)
        }
        text += hookFailures
        text += failures(notes)
        text += flakyScenarios(notes)
        text += undefinedSteps(notes)
        return text
    }

    /// Where the run happened, as a table of names and values; nothing when nothing is known.
    private var environmentTable: String {
        let entries = environment.entries(meta: query.meta)
        guard !entries.isEmpty else { return "" }
        var text = "\n| Environment | |\n|---|---|\n"
        for entry in entries {
            let value = Self.escape(entry.value)
            // A link's address cannot close its parentheses or hold a space: those are written percent-encoded.
            let shown =
                entry.link.map {
                    "[\(value)](\($0.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "(", with: "%28").replacingOccurrences(of: ")", with: "%29")))"
                } ?? value
            text += "| \(Self.escape(entry.name)) | \(shown) |\n"
        }
        return text
    }

    private func totalsTable(_ statistics: RunStatistics) -> String {
        let statuses = StatusCounts.reportOrder.filter { status in
            status == .passed || status == .failed || statistics.scenarios[status] > 0 || statistics.steps[status] > 0
        }.reversed()
        var text = "| | Total | " + statuses.map { $0.rawValue.capitalized }.joined(separator: " | ") + " |\n"
        text += "|---|---:|" + statuses.map { _ in "---:|" }.joined() + "\n"
        for (name, counts) in [("Scenarios", statistics.scenarios), ("Steps", statistics.steps)] {
            text +=
                "| \(name) | \(counts.total) | " + statuses.map { "\(counts[$0])" }.joined(separator: " | ") + " |\n"
        }
        return text
    }

    private var hookFailures: String {
        let failed = query.testRunHookExecutions.filter { ($0.result?.status ?? .passed) == .failed }
        guard !failed.isEmpty else { return "" }
        var text = "\n### Failing hooks\n\n"
        for execution in failed {
            let keyword = ReportText.hookKeyword(execution.hook, isBefore: true)
            let location = execution.hook.map { " — `\(ReportText.location($0.sourceReference))`" } ?? ""
            text += "- **\(keyword)**\(location)\n"
            if let result = execution.result { text += Self.codeBlock(ReportText.failureText(result), indent: 2) }
        }
        return text
    }

    /// What the summary lists of a run, noted test case by test case: the first `limit` failing scenarios, flaky
    /// scenarios and undefined steps (in the order the test cases first started), and how many there are.
    private struct Notes {
        let limit: Int
        var failing: [(ordinal: Int, text: String)] = []
        var failingCount = 0
        var flaky: [(ordinal: Int, text: String)] = []
        var flakyCount = 0
        /// The first undefined steps, one per `file:line`, by the test case and step that first had them.
        var undefined: [(key: [Int], location: String, text: String)] = []
        var undefinedCount = 0
        /// The lines of the undefined steps seen, by document (forgotten once the document's scenarios all ended)
        /// or, for a pickle without a document, by URI.
        var undefinedLines: [Int: Set<Int>] = [:]
        var undefinedLinesWithoutDocument: [String: Set<Int>] = [:]

        init(limit: Int) {
            self.limit = max(limit, 0)
        }

        mutating func forgetSteps(ofDocument ordinal: Int) {
            undefinedLines[ordinal] = nil
        }

        /// Keeps the text `make` makes at `ordinal` if it is among the first `limit` (`make` is called only then).
        static func keep(
            _ ordinal: Int, in list: inout [(ordinal: Int, text: String)], limit: Int, _ make: () -> String
        ) {
            if list.count >= limit {
                guard let last = list.last, ordinal < last.ordinal else { return }
                list.removeLast()
            }
            let position = list.firstIndex { $0.ordinal > ordinal } ?? list.endIndex
            list.insert((ordinal, make()), at: position)
        }

        /// Notes an undefined step at `location` (`line` in the document, or the URI's), first had by `key`.
        mutating func noteUndefined(
            key: [Int], location: String, line: Int, document: Int?, uri: String, _ make: () -> String
        ) {
            let isNew =
                if let document {
                    undefinedLines[document, default: []].insert(line).inserted
                } else {
                    undefinedLinesWithoutDocument[uri, default: []].insert(line).inserted
                }
            if isNew { undefinedCount += 1 }
            if let index = undefined.firstIndex(where: { $0.location == location }) {
                guard key.lexicographicallyPrecedes(undefined[index].key) else { return }
                undefined.remove(at: index)
            } else if undefined.count >= limit {
                guard let last = undefined.last, key.lexicographicallyPrecedes(last.key) else { return }
                undefined.removeLast()
            }
            let position = undefined.firstIndex { key.lexicographicallyPrecedes($0.key) } ?? undefined.endIndex
            undefined.insert((key, location, make()), at: position)
        }
    }

    private func note(_ run: TestCaseRun) {
        guard let attempt = run.counted else { return }
        if attempt.isFailing(by: query.verdict) {
            notes.failingCount += 1
            Notes.keep(run.ordinal, in: &notes.failing, limit: notes.limit) {
                attempt.pickle.map { failureText(attempt, $0) } ?? ""
            }
        }
        if query.isFlaky(attempt) {
            notes.flakyCount += 1
            Notes.keep(run.ordinal, in: &notes.flaky, limit: notes.limit) {
                attempt.pickle.map { flakyText(attempt, $0) } ?? ""
            }
        }
        guard let pickle = attempt.pickle else { return }
        for (index, testStep) in attempt.testCase.testSteps.enumerated()
        where attempt.stepResults[index]?.status == .undefined {
            guard let pickleStepId = testStep.pickleStepId, let pickleStep = query.pickleStep(id: pickleStepId)
            else { continue }
            let line = query.gherkinStep(of: pickleStep)?.location.line
            let location = ReportText.location(pickle.uri, line)
            notes.noteUndefined(
                key: [run.ordinal, index], location: location, line: line ?? -1, document: run.documentOrdinal,
                uri: pickle.uri
            ) {
                undefinedText(
                    step: query.keyword(of: pickleStep) + pickleStep.text, location: location,
                    snippet: query.snippetText(forPickleStep: pickleStepId),
                    closest: query.closestStepDefinitions(toPickleStep: pickleStepId))
            }
        }
    }

    private func failureText(_ attempt: TestCaseAttempt, _ pickle: Pickle) -> String {
        let feature = query.lineage(of: pickle)?.feature.name
        let name = [feature, pickle.name].compactMap { $0 }.joined(separator: " › ")
        var text = "- **\(Self.escape(name))** — `\(Self.escapeCode(query.location(of: pickle)))`"
        text += " (\(attempt.status.rawValue.lowercased()))\(tags(of: pickle))\n"
        let names = categories.names(of: attempt, query: query)
        if !names.isEmpty { text += "  - Category: " + names.map(Self.escape).joined(separator: ", ") + "\n" }
        if let problem = query.problems(in: attempt).first(where: { $0.status == attempt.status }) {
            if problem.pickleStep != nil {
                text += "  - Step: `\(Self.escapeCode(problem.title))`"
                text += " — `\(Self.escapeCode(problem.featurePlace.description))`\n"
            }
            text += Self.codeBlock(problem.explanation, indent: 2)
        }
        return text
    }

    private func flakyText(_ attempt: TestCaseAttempt, _ pickle: Pickle) -> String {
        let feature = query.lineage(of: pickle)?.feature.name
        let name = [feature, pickle.name].compactMap { $0 }.joined(separator: " › ")
        var text = "- **\(Self.escape(name))** — `\(Self.escapeCode(query.location(of: pickle)))`"
        text += " (passed on attempt \(attempt.attempt + 1))\(tags(of: pickle))\n"
        if let problem = query.earlierAttempts(of: attempt).last.flatMap({ query.problems(in: $0).first }) {
            text += Self.codeBlock(problem.explanation, indent: 2)
        }
        return text
    }

    private func undefinedText(step: String, location: String, snippet: String?, closest: [String]) -> String {
        var text = "- `\(Self.escapeCode(step))` — `\(Self.escapeCode(location))`\n"
        if !closest.isEmpty {
            text += "  Did you mean " + closest.map { "`\(Self.escapeCode($0))`" }.joined(separator: ", ") + "?\n"
        }
        if let snippet { text += Self.codeBlock(snippet, language: "swift", indent: 2) }
        return text
    }

    private func failures(_ notes: Notes) -> String {
        guard notes.failingCount > 0 else { return "" }
        var text = "\n### Failing scenarios (\(notes.failingCount))\n\n"
        for item in notes.failing { text += item.text }
        if notes.failingCount > maxItems {
            text += "\n…and \(notes.failingCount - maxItems) more (see the full report).\n"
        }
        return text
    }

    /// The scenarios that failed, were retried and passed: they pass the run, but someone should look.
    private func flakyScenarios(_ notes: Notes) -> String {
        guard notes.flakyCount > 0 else { return "" }
        var text = "\n### Flaky scenarios (\(notes.flakyCount))\n\nFailed, then passed on a retry:\n\n"
        for item in notes.flaky { text += item.text }
        if notes.flakyCount > maxItems { text += "\n…and \(notes.flakyCount - maxItems) more (see the full report).\n" }
        return text
    }

    private func undefinedSteps(_ notes: Notes) -> String {
        guard notes.undefinedCount > 0 else { return "" }
        var text = "\n### Undefined steps (\(notes.undefinedCount))\n\n"
        for item in notes.undefined { text += item.text }
        if notes.undefinedCount > maxItems { text += "\n…and \(notes.undefinedCount - maxItems) more.\n" }
        return text
    }

    /// Escapes Markdown and HTML syntax in inline text.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "|", "#", "~", "!": result += "\\\(character)"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }

    /// Makes text safe inside a single-backtick code span.
    static func escapeCode(_ text: String) -> String {
        text.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "\n", with: " ")
    }

    /// A fenced code block, with a fence longer than any backtick run in `text`; at most 40 lines.
    static func codeBlock(_ text: String, language: String = "", indent: Int = 0) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.count > 40 {
            let hidden = lines.count - 40
            lines = Array(lines.prefix(40)) + ["… (\(hidden) more lines)"]
        }
        var longestRun = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: "`", count: max(3, longestRun + 1))
        let prefix = String(repeating: " ", count: indent)
        return ([prefix + fence + language] + lines.map { prefix + $0 } + [prefix + fence]).joined(separator: "\n")
            + "\n"
    }
}

/// Appends to a file (created if needed), as a GitHub Actions job summary file is written.
package final class AppendingFileOutput: ReportOutput {
    private let handle: FileHandle
    /// The file's path.
    package let name: String

    /// Opens `url` for appending, creating it if needed.
    package init(_ url: URL) throws(ReportError) {
        name = url.path
        if !FileManager.default.fileExists(atPath: url.path) {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw ReportError.cannotCreate(path: url.path, reason: "the file cannot be created")
            }
        }
        do {
            handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
        } catch {
            throw ReportError.cannotCreate(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Appends `bytes` to the file.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(ReportError) {
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw ReportError.cannotWrite(destination: name, reason: (error as NSError).localizedDescription)
        }
    }

    /// Closes the file.
    package func close() throws(ReportError) {
        do {
            try handle.close()
        } catch {
            throw ReportError.cannotWrite(destination: name, reason: (error as NSError).localizedDescription)
        }
    }
}
