import Messages

/// Cucumber's `summary` formatter: at the end of the run, the failures and warnings (with messages, snippets
/// for undefined steps and the candidates of ambiguous ones), then the totals in Cucumber's words:
///
/// ```
/// 12 scenarios (1 failed, 11 passed)
/// 54 steps (1 failed, 3 skipped, 50 passed)
/// 0m00.123s (executing steps: 0m00.100s)
/// ```
public final class SummaryFormatter: ReportFormatter {
    /// The index of the stream.
    public let query: RunQuery
    private let buffer: OutputBuffer
    private var summary: ConsoleSummary
    /// The failure categories named under each failing scenario.
    public var categories: FailureCategories {
        get { summary.listing.categories }
        set { summary.listing.categories = newValue }
    }

    /// Creates a summary formatter writing to `output`; `style` decides colours (what fails the run is
    /// `query`'s `verdict`).
    public init(
        output: any ReportOutput, style: ConsoleStyle = .plain, history: RunHistory? = nil,
        query: RunQuery = RunQuery()
    ) {
        self.query = query
        buffer = OutputBuffer(output)
        summary = ConsoleSummary(style: style, history: history)
    }

    /// Notes the failures of each test case as it ends (the summary lists the first ones).
    public func receive(_ envelope: Envelope) throws(ReportError) {
        if case .testCaseFinished = envelope { summary.noteSettled(in: query) }
    }

    /// Writes the summary and closes the output.
    public func finish() throws(ReportError) {
        try summary.finish(query, into: buffer, after: "")
    }
}

/// Cucumber's `progress` formatter: one character per finished step as the run goes (`.` passed, `F` failed,
/// `U` undefined, `P` pending, `A` ambiguous, `-` skipped), then a blank line and the summary.
public final class ProgressFormatter: ReportFormatter {
    /// The index of the stream.
    public let query: RunQuery
    private let buffer: OutputBuffer
    private let style: ConsoleStyle
    private let flushesEachStep: Bool
    private var summary: ConsoleSummary
    /// The failure categories named under each failing scenario.
    public var categories: FailureCategories {
        get { summary.listing.categories }
        set { summary.listing.categories = newValue }
    }

    /// Creates a progress formatter writing to `output`. `flushesEachStep` writes every character at once (for a
    /// terminal); otherwise output is written after each scenario.
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

    /// The character Cucumber prints for a step status.
    package static func character(for status: TestStepResultStatus) -> String {
        switch status {
        case .passed: "."
        case .failed: "F"
        case .undefined: "U"
        case .pending: "P"
        case .ambiguous: "A"
        case .skipped: "-"
        case .unknown: "?"
        }
    }

    /// Writes a character for each finished step (hooks included, as Cucumber does).
    public func receive(_ envelope: Envelope) throws(ReportError) {
        switch envelope {
        case .testStepFinished(let finished):
            let status = finished.testStepResult.status
            buffer.append(style.status(status, Self.character(for: status)))
            if flushesEachStep { try buffer.flush() }
        case .testCaseFinished:
            summary.noteSettled(in: query)
            try buffer.flush()
        default:
            break
        }
    }

    /// Writes a blank line and the summary, and closes the output.
    public func finish() throws(ReportError) {
        try summary.finish(query, into: buffer, after: "\n\n")
    }
}
