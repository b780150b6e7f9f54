import Messages

/// Cucumber's `pretty` formatter: the feature, rule and scenario lines, and each step with a status symbol as it
/// finishes (`✔` passed, `✘` failed or ambiguous, `■` undefined or pending, `↷` skipped), its data table or doc
/// string, its attachments and, indented, its error; the code location of every line is aligned in a `#`
/// column (at most 120 characters of step text wide: a longer step has its comment after
/// one space) and data table cells wider than that are cut with an ellipsis. The summary follows at the end.
public final class PrettyFormatter: ReportFormatter {
    /// The index of the stream.
    public let query: RunQuery
    private let buffer: OutputBuffer
    private let style: ConsoleStyle
    private let flushesEachStep: Bool
    private var currentFeatureURI: String?
    private var currentRuleId: String?
    private var layouts: [String: AttemptLayout] = [:]
    private var summary: ConsoleSummary
    /// The failure categories named under each failing scenario.
    public var categories: FailureCategories {
        get { summary.listing.categories }
        set { summary.listing.categories = newValue }
    }

    /// Creates a pretty formatter writing to `output`. `flushesEachStep` writes every line as soon as it is
    /// known (for a terminal); otherwise output is written after each scenario.
    public init(
        output: any ReportOutput, style: ConsoleStyle = .plain, flushesEachStep: Bool = true,
        history: RunHistory? = nil, query: RunQuery = RunQuery()
    ) {
        self.query = query
        buffer = OutputBuffer(output)
        self.style = style
        self.flushesEachStep = flushesEachStep
        summary = ConsoleSummary(style: style, history: history)
    }

    /// The symbol the pretty formatter shows for a status.
    package static func symbol(for status: TestStepResultStatus) -> String {
        switch status {
        case .passed: "✔"
        case .failed, .ambiguous: "✘"
        case .pending, .undefined: "■"
        case .skipped: "↷"
        case .unknown: "?"
        }
    }

    private struct AttemptLayout {
        var indent: Int
        var commentColumn: Int
        var isBeforeHook: [Bool]
        var identifiers: [String?]
    }

    /// Writes the scenario header when an attempt starts and each step as it finishes.
    public func receive(_ envelope: Envelope) throws(ReportError) {
        switch envelope {
        case .testCaseStarted(let started):
            guard let attempt = query.attempt(id: started.id) else { return }
            writeHeader(of: attempt)
            if flushesEachStep { try buffer.flush() }
        case .testStepFinished(let finished):
            guard let attempt = query.attempt(id: finished.testCaseStartedId),
                let index = attempt.testCase.testSteps.firstIndex(where: { $0.id == finished.testStepId }),
                let layout = layouts[attempt.id]
            else { return }
            writeStep(index, of: attempt, result: finished.testStepResult, layout: layout)
            if flushesEachStep { try buffer.flush() } else { try buffer.flushIfNeeded() }
        case .testCaseFinished(let finished):
            if let attempt = query.attempt(id: finished.testCaseStartedId) {
                for attachment in attempt.caseAttachments { writeAttachment(attachment, indent: 6) }
                layouts[attempt.id] = nil
            }
            summary.noteSettled(in: query)
            try buffer.flush()
        case .testRunHookFinished(let finished):
            guard finished.result.status != .passed,
                let execution = query.testRunHookExecutions.first(where: {
                    $0.started.id == finished.testRunHookStartedId
                })
            else { return }
            let keyword = ReportText.hookKeyword(execution.hook, isBefore: true)
            var line = style.status(finished.result.status, "\(Self.symbol(for: finished.result.status)) \(keyword)")
            if let hook = execution.hook { line += " # " + style.location(ReportText.location(hook.sourceReference)) }
            buffer.append("\n" + line + "\n")
            buffer.append(
                ReportText.indent(style.status(finished.result.status, ReportText.failureText(finished.result)), by: 6)
                    + "\n")
            try buffer.flush()
        default:
            break
        }
    }

    /// Writes a blank line and the summary, and closes the output.
    public func finish() throws(ReportError) {
        try summary.finish(query, into: buffer, after: "\n")
    }

    // MARK: Writing

    private func writeHeader(of attempt: TestCaseAttempt) {
        guard let pickle = attempt.pickle else { return }
        let lineage = query.lineage(of: pickle)
        if currentFeatureURI != pickle.uri {
            currentFeatureURI = pickle.uri
            currentRuleId = nil
            buffer.append("\n")
            if let feature = lineage?.feature {
                if !feature.tags.isEmpty {
                    buffer.append(style.tag(feature.tags.map(\.name).joined(separator: " ")) + "\n")
                }
                buffer.append(style.bold("\(feature.keyword): \(feature.name)") + "\n")
            } else {
                buffer.append(style.bold(pickle.uri) + "\n")
            }
        }
        var indent = 2
        if let rule = lineage?.rule {
            if currentRuleId != rule.id {
                currentRuleId = rule.id
                buffer.append("\n  " + style.bold("\(rule.keyword): \(rule.name)") + "\n")
            }
            indent = 4
        } else {
            currentRuleId = nil
        }
        let keyword = lineage?.scenario.keyword ?? "Scenario"
        var title = "\(keyword): \(pickle.name)"
        if attempt.attempt > 0 { title += " (attempt \(attempt.attempt + 1))" }

        // Align the `#` comments of the scenario and its steps, up to a bounded column: a longer line has its
        // comment after one space, so one very long step does not pad every other line to its width.
        var isBeforeHook: [Bool] = []
        var identifiers: [String?] = []
        let widestAligned = indent + 4 + ReportCell.maximumWidth
        var widths = [min(indent + title.count, widestAligned)]
        var before = true
        for testStep in attempt.testCase.testSteps {
            before = before && testStep.pickleStepId == nil
            isBeforeHook.append(before)
            let text = stepIdentifier(testStep, isBeforeHook: before)
            identifiers.append(text)
            if let text { widths.append(min(indent + 4 + text.count, widestAligned)) }
        }
        let layout = AttemptLayout(
            indent: indent, commentColumn: widths.max() ?? 0, isBeforeHook: isBeforeHook, identifiers: identifiers)
        layouts[attempt.id] = layout

        buffer.append("\n")
        let tags = pickle.tags.map(\.name)
        if !tags.isEmpty { buffer.append(spaces(indent) + style.tag(tags.joined(separator: " ")) + "\n") }
        buffer.append(spaces(indent) + style.bold(title))
        buffer.append(
            spaces(layout.commentColumn - indent - title.count + 1) + style.location("# \(query.location(of: pickle))")
                + "\n")
    }

    private func stepIdentifier(_ testStep: TestStep, isBeforeHook: Bool) -> String? {
        if let pickleStepId = testStep.pickleStepId {
            guard let pickleStep = query.pickleStep(id: pickleStepId) else { return pickleStepId }
            return query.keyword(of: pickleStep) + pickleStep.text
        }
        return ReportText.hookKeyword(testStep.hookId.flatMap { query.hook(id: $0) }, isBefore: isBeforeHook)
    }

    private func writeStep(_ index: Int, of attempt: TestCaseAttempt, result: TestStepResult, layout: AttemptLayout) {
        let testStep = attempt.testCase.testSteps[index]
        let status = result.status
        let isHook = testStep.pickleStepId == nil
        // Hooks are shown only when they did not pass; their attachments always.
        if !isHook || status != .passed {
            let identifier = layout.identifiers[index] ?? ""
            buffer.append(repeating: UInt8(ascii: " "), count: layout.indent + 2)
            buffer.append(style.status(status, "\(Self.symbol(for: status)) \(identifier)"))
            if status != .undefined, let location = query.codeLocation(of: testStep) {
                buffer.append(
                    repeating: UInt8(ascii: " "),
                    count: max(1, layout.commentColumn - layout.indent - 4 - identifier.count + 1))
                buffer.append(style.location("# \(location)"))
            }
            buffer.append(byte: UInt8(ascii: "\n"))
            if let argument = testStep.pickleStepId.flatMap({ query.pickleStep(id: $0) })?.argument {
                buffer.append(
                    ReportText.indent(style.status(status, ReportText.argument(argument)), by: layout.indent + 6)
                        + "\n")
            }
        }
        for attachment in attempt.stepAttachments[index] { writeAttachment(attachment, indent: layout.indent + 6) }
        // Undefined steps' snippets come once, in the summary, as in Cucumber's pretty formatter.
        let message = status == .undefined ? "" : query.explanation(of: testStep, result: result)
        if !message.isEmpty {
            buffer.append(ReportText.indent(style.status(status, message), by: layout.indent + 6) + "\n")
        }
    }

    private func writeAttachment(_ attachment: Attachment, indent: Int) {
        let text: String
        if attachment.contentEncoding == .identity && attachment.mediaType.hasPrefix("text/") {
            text = "Attachment (\(attachment.mediaType)): \(attachment.body)"
        } else {
            let size =
                attachment.contentEncoding == .base64
                ? attachment.body.utf8.count / 4 * 3 : attachment.body.utf8.count
            let name = attachment.fileName.map { " \($0)" } ?? ""
            text = "Attachment (\(attachment.mediaType)\(name), about \(size) bytes)"
        }
        buffer.append(ReportText.indent(text, by: indent) + "\n")
    }

    private func spaces(_ count: Int) -> String {
        String(repeating: " ", count: max(count, 1))
    }
}
