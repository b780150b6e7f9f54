import Messages

/// Every report this module writes, by the name `--format` knows it by: the one table from a format name to its
/// formatter.
///
/// ```swift
/// let format = ReportFormat(rawValue: "junit")!
/// let formatter = format.makeFormatter(output: try AtomicFileOutput(url), settings: ReportSettings(), query: query)
/// ```
public enum ReportFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Every step and its result, as Cucumber's `pretty` formatter writes them.
    case pretty
    /// One character per step, then the failures and the summary (Cucumber's default console format).
    case progress
    /// The failures and the summary only.
    case summary
    /// The Cucumber Messages stream, as NDJSON.
    case message
    /// The legacy Cucumber JSON report.
    case json
    /// JUnit XML.
    case junit
    /// One self-contained HTML page.
    case html
    /// A Markdown summary.
    case markdown
    /// The `path:line` of each failing scenario, to run them again.
    case rerun
    /// Each step definition's use and durations.
    case usage

    /// The formats meant for a terminal (standard output unless a path is given).
    public static let consoleFormats: [ReportFormat] = [.pretty, .progress, .summary]
    /// The formats written as files (into the report folder unless a path is given).
    public static let fileFormats: [ReportFormat] = [.message, .json, .junit, .html, .markdown, .rerun, .usage]

    /// The format's name.
    public var description: String { rawValue }

    /// Whether the format is read by people in a terminal (its text is escaped there by `TerminalSafeOutput`).
    package var isText: Bool {
        switch self {
        case .pretty, .progress, .summary, .usage: true
        case .message, .json, .junit, .html, .markdown, .rerun: false
        }
    }

    /// A formatter of this format writing to `output`. Text formats are given a `TerminalSafeOutput` over it.
    public func makeFormatter(
        output: any ReportOutput, settings: ReportSettings, query: RunQuery
    ) -> any ReportFormatter {
        let text: any ReportOutput = isText ? TerminalSafeOutput(output) : output
        switch self {
        case .pretty:
            let formatter = PrettyFormatter(
                output: text, style: settings.style, flushesEachStep: settings.flushesEachStep,
                history: settings.history, query: query)
            formatter.categories = settings.categories
            return formatter
        case .progress:
            let formatter = ProgressFormatter(
                output: text, style: settings.style, flushesEachStep: settings.flushesEachStep,
                history: settings.history, query: query)
            formatter.categories = settings.categories
            return formatter
        case .summary:
            let formatter = SummaryFormatter(
                output: text, style: settings.style, history: settings.history, query: query)
            formatter.categories = settings.categories
            return formatter
        case .message: return MessageFormatter(output: output, query: query)
        case .json: return CucumberJSONFormatter(output: output, query: query)
        case .junit:
            let formatter = JUnitFormatter(output: output, variant: settings.variant, query: query)
            formatter.categories = settings.categories
            return formatter
        case .html:
            let formatter = HTMLFormatter(
                output: output, title: settings.title, tagLinks: settings.tagLinks,
                history: settings.history, query: query)
            formatter.environment = settings.environment
            formatter.categories = settings.categories
            return formatter
        case .markdown:
            let formatter = MarkdownFormatter(
                output: output, title: settings.title, tagLinks: settings.tagLinks, query: query)
            formatter.environment = settings.environment
            formatter.categories = settings.categories
            return formatter
        case .rerun: return RerunFormatter(output: output, query: query)
        case .usage: return UsageFormatter(output: text, query: query)
        }
    }
}

/// What formatters share: the title of the HTML and Markdown reports, how the console looks, the history, the
/// environment and the failure categories. What fails the run is their query's `verdict`.
public struct ReportSettings: Sendable, Hashable {
    /// The title of the HTML and Markdown reports.
    public var title: String
    /// Colours for the console formats (`.plain` for a file).
    public var style: ConsoleStyle
    /// Whether console formats write each step as it ends (on a terminal) rather than in large chunks.
    public var flushesEachStep: Bool
    /// The variant the run used (a store, a locale...) when a run has several: JUnit test case names end in
    /// ` [variant]`.
    public var variant: String?
    /// Tags that link to a tracker in the HTML and Markdown reports.
    public var tagLinks: TagLinks
    /// The runs before this one, when a history is kept: the HTML report shows each scenario's last results, the
    /// console what changed since the last run.
    public var history: RunHistory?
    /// Where the run happened: the team's own facts beside the CI's, in the HTML and Markdown reports.
    public var environment: ReportEnvironment
    /// The failure categories every report names for what did not pass (the built-in ones unless given).
    public var categories: FailureCategories

    /// Creates settings.
    public init(
        title: String = "Acceptance specs", style: ConsoleStyle = .plain,
        flushesEachStep: Bool = false, variant: String? = nil, tagLinks: TagLinks = TagLinks(),
        history: RunHistory? = nil, environment: ReportEnvironment = ReportEnvironment(),
        categories: FailureCategories = FailureCategories()
    ) {
        self.categories = categories
        self.history = history
        self.environment = environment
        self.title = title
        self.style = style
        self.flushesEachStep = flushesEachStep
        self.variant = variant
        self.tagLinks = tagLinks
    }
}
