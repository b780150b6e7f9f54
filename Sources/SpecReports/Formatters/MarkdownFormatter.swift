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
    private let strict: Bool
    private let maxItems: Int
    private let tagLinks: TagLinks

    /// Creates a Markdown formatter writing to `output`. At most `maxItems` failures and undefined steps are
    /// listed (CI pages limit their size); `title` names the run; tags matching `tagLinks` link to their tracker.
    public init(
        output: any ReportOutput, title: String = "Acceptance specs", strict: Bool = true, maxItems: Int = 50,
        tagLinks: TagLinks = TagLinks(), query: RunQuery = RunQuery()
    ) {
        self.query = query
        buffer = OutputBuffer(output)
        self.title = title
        self.strict = strict
        self.maxItems = maxItems
        self.tagLinks = tagLinks
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
    public static func gitHubStepSummaryOutput(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ReportError) -> AppendingFileOutput? {
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return nil }
        return try AppendingFileOutput(URL(fileURLWithPath: path))
    }

    /// Writes nothing until the end.
    public func receive(_ envelope: Envelope) throws(ReportError) {}

    /// Writes the summary and closes the output.
    public func finish() throws(ReportError) {
        buffer.append(markdown)
        try buffer.close()
    }

    /// The whole summary.
    public var markdown: String {
        let statistics = query.statistics(strict: strict)
        var text = ""
        let outcome: String
        if query.isInterrupted {
            outcome = "⚠️ \(title): interrupted"
        } else if query.success {
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
        if let finished = query.testRunFinished, let message = finished.exception?.message ?? finished.message {
            text += "\n**The test run failed:**\n\n" + Self.codeBlock(message)
        }
        text += hookFailures
        text += failures
        text += flakyScenarios
        text += undefinedSteps
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

    private var failures: String {
        let failing = query.countedAttempts.filter { $0.isFailing(strict: strict) }
        guard !failing.isEmpty else { return "" }
        var text = "\n### Failing scenarios (\(failing.count))\n\n"
        for attempt in failing.prefix(maxItems) {
            guard let pickle = attempt.pickle else { continue }
            let feature = query.lineage(of: pickle)?.feature.name
            let name = [feature, pickle.name].compactMap { $0 }.joined(separator: " › ")
            text += "- **\(Self.escape(name))** — `\(Self.escapeCode(query.location(of: pickle)))`"
            text += " (\(attempt.status.rawValue.lowercased()))\(tags(of: pickle))\n"
            if let problem = query.problems(in: attempt).first(where: { $0.status == attempt.status }) {
                if problem.pickleStep != nil {
                    text += "  - Step: `\(Self.escapeCode(problem.title))`"
                    text += " — `\(Self.escapeCode(problem.featurePlace.description))`\n"
                }
                text += Self.codeBlock(problem.explanation, indent: 2)
            }
        }
        if failing.count > maxItems { text += "\n…and \(failing.count - maxItems) more (see the full report).\n" }
        return text
    }

    /// The scenarios that failed, were retried and passed: they pass the run, but someone should look.
    private var flakyScenarios: String {
        let flaky = query.countedAttempts.filter { query.isFlaky($0) }
        guard !flaky.isEmpty else { return "" }
        var text = "\n### Flaky scenarios (\(flaky.count))\n\nFailed, then passed on a retry:\n\n"
        for attempt in flaky.prefix(maxItems) {
            guard let pickle = attempt.pickle else { continue }
            let feature = query.lineage(of: pickle)?.feature.name
            let name = [feature, pickle.name].compactMap { $0 }.joined(separator: " › ")
            text += "- **\(Self.escape(name))** — `\(Self.escapeCode(query.location(of: pickle)))`"
            text += " (passed on attempt \(attempt.attempt + 1))\(tags(of: pickle))\n"
            if let problem = query.earlierAttempts(of: attempt).last.flatMap({ query.problems(in: $0).first }) {
                text += Self.codeBlock(problem.explanation, indent: 2)
            }
        }
        if flaky.count > maxItems { text += "\n…and \(flaky.count - maxItems) more (see the full report).\n" }
        return text
    }

    private var undefinedSteps: String {
        var items: [(step: String, location: String, snippet: String?, closest: [String])] = []
        var seen: Set<String> = []
        for attempt in query.countedAttempts {
            guard let pickle = attempt.pickle else { continue }
            for (index, testStep) in attempt.testCase.testSteps.enumerated()
            where attempt.stepResults[index]?.status == .undefined {
                guard let pickleStepId = testStep.pickleStepId, let pickleStep = query.pickleStep(id: pickleStepId)
                else { continue }
                let location = ReportText.location(pickle.uri, query.gherkinStep(of: pickleStep)?.location.line)
                guard seen.insert(location).inserted else { continue }
                items.append(
                    (
                        query.keyword(of: pickleStep) + pickleStep.text, location,
                        query.snippetText(forPickleStep: pickleStepId),
                        query.closestStepDefinitions(toPickleStep: pickleStepId)
                    ))
            }
        }
        guard !items.isEmpty else { return "" }
        var text = "\n### Undefined steps (\(items.count))\n\n"
        for item in items.prefix(maxItems) {
            text += "- `\(Self.escapeCode(item.step))` — `\(Self.escapeCode(item.location))`\n"
            if !item.closest.isEmpty {
                text +=
                    "  Did you mean " + item.closest.map { "`\(Self.escapeCode($0))`" }.joined(separator: ", ") + "?\n"
            }
            if let snippet = item.snippet { text += Self.codeBlock(snippet, language: "swift", indent: 2) }
        }
        if items.count > maxItems { text += "\n…and \(items.count - maxItems) more.\n" }
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
public final class AppendingFileOutput: ReportOutput {
    private let handle: FileHandle
    /// The file's path.
    public let name: String

    /// Opens `url` for appending, creating it if needed.
    public init(_ url: URL) throws(ReportError) {
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
    public func write(_ bytes: UnsafeRawBufferPointer) throws(ReportError) {
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw ReportError.cannotWrite(destination: name, reason: (error as NSError).localizedDescription)
        }
    }

    /// Closes the file.
    public func close() throws(ReportError) {
        do {
            try handle.close()
        } catch {
            throw ReportError.cannotWrite(destination: name, reason: (error as NSError).localizedDescription)
        }
    }
}
