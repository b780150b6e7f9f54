import Foundation
import Messages

/// The report files written into one directory (`reports/` by default), under standard names that can be
/// changed or switched off one by one. Every file is written atomically (a temporary file renamed into place
/// when the report is finished), so an interrupted run or a full disk never leaves a truncated report; a name that
/// is a device, a FIFO or a symbolic link is written through instead (see `reportFileOutput(at:)`).
///
/// ```swift
/// let reporter = try ReportDirectory().makeReporter()
/// for envelope in stream { try reporter.consume(envelope) }
/// try reporter.finish()   // reports/cucumber-messages.ndjson, cucumber.json, junit.xml, report.html, ...
/// ```
public struct ReportDirectory: Sendable, Hashable {
    /// The file name of each report; `nil` switches a report off.
    public struct FileNames: Sendable, Hashable {
        /// The message stream as NDJSON.
        public var messages: String? = "cucumber-messages.ndjson"
        /// The legacy Cucumber JSON report.
        public var cucumberJSON: String? = "cucumber.json"
        /// The JUnit XML report.
        public var junit: String? = "junit.xml"
        /// The self-contained HTML report.
        public var html: String? = "report.html"
        /// The Markdown summary.
        public var markdown: String? = "report.md"
        /// The scenarios to rerun.
        public var rerun: String? = "rerun.txt"
        /// The step definition usage table.
        public var usage: String? = "usage.txt"

        /// The standard names.
        public init() {}

        /// Every name, paired with its report kind, in a stable order.
        package var all: [(kind: String, name: String?)] {
            [
                ("messages", messages), ("cucumber-json", cucumberJSON), ("junit", junit), ("html", html),
                ("markdown", markdown), ("rerun", rerun), ("usage", usage),
            ]
        }

        /// The file name of a file format's report (nil when it is switched off, or for a console format).
        public func name(of format: ReportFormat) -> String? {
            switch format {
            case .message: messages
            case .json: cucumberJSON
            case .junit: junit
            case .html: html
            case .markdown: markdown
            case .rerun: rerun
            case .usage: usage
            case .pretty, .progress, .summary: nil
            }
        }
    }

    /// The directory the reports are written to.
    public var directory: URL
    /// The file names.
    public var fileNames: FileNames
    /// The title of the HTML and Markdown reports.
    public var title: String
    /// The variant of the run these reports are for, when a run has several (see `ReportSettings.variant`).
    public var variant: String?
    /// Tags that link to a tracker in the HTML and Markdown reports.
    public var tagLinks: TagLinks
    /// The run history file each `write(_:)` adds its run to (nil: none); the HTML report shows it.
    public var historyFile: URL?
    /// The team's facts shown at the top of the HTML and Markdown reports, and kept with the run in the history.
    public var environment = ReportEnvironment()
    /// The failure categories the reports name for what did not pass (the built-in ones unless given).
    public var categories = FailureCategories()
    /// What fails the run (`RunQuery.verdict`): its strictness and its tag of work in progress, as the run's
    /// configuration says (`RunConfiguration.verdict`).
    public var verdict = RunVerdict()

    /// Creates a report directory configuration; `directory` defaults to `reports` in the current directory.
    public init(
        directory: URL = URL(fileURLWithPath: "reports", isDirectory: true), fileNames: FileNames = FileNames(),
        title: String = "Acceptance specs", variant: String? = nil,
        tagLinks: TagLinks = TagLinks(), historyFile: URL? = nil
    ) {
        self.historyFile = historyFile
        self.directory = directory
        self.fileNames = fileNames
        self.title = title
        self.variant = variant
        self.tagLinks = tagLinks
    }

    /// Removes the report files of this configuration's names from `directory`, if there: a run that writes one
    /// folder per variant below it clears what an earlier single-variant run left at its top. Only regular files
    /// are removed: a device, a FIFO or a symbolic link of that name is left alone.
    package func removeReportFiles() {
        for format in ReportFormat.fileFormats {
            guard let name = fileNames.name(of: format) else { continue }
            let url = url(of: name)
            if (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType)
                == .typeRegular
            {
                try? FileManager.default.removeItem(at: url)
            }
        }
    }

    /// The URL of a report file named `name`.
    public func url(of name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// Creates one formatter per enabled report, each writing to its own file (`reportFileOutput(at:)`) and
    /// sharing `query`, whose `verdict` becomes this directory's. Fails (naming the path) when the directory or a
    /// temporary file cannot be created.
    public func makeFormatters(query: RunQuery, history: RunHistory? = nil) throws(ReportError)
        -> [any ReportFormatter]
    {
        query.verdict = verdict
        let settings = ReportSettings(
            title: title, variant: variant, tagLinks: tagLinks, history: history,
            environment: environment, categories: categories)
        var formatters: [any ReportFormatter] = []
        for format in ReportFormat.fileFormats {
            guard let name = fileNames.name(of: format) else { continue }
            // A failure leaves the temporary files already opened to be removed when their outputs are released.
            formatters.append(
                format.makeFormatter(output: try reportFileOutput(at: url(of: name)), settings: settings, query: query))
        }
        return formatters
    }

    /// A reporter feeding every enabled report (and any `extra` formatters sharing its query, such as the
    /// console output).
    public func makeReporter(
        query: RunQuery = RunQuery(retention: .streaming), extra: [any ReportFormatter] = []
    ) throws(ReportError) -> Reporter {
        Reporter(query: query, formatters: extra + (try makeFormatters(query: query)))
    }

    /// Writes every enabled report for a complete (or interrupted) stream, and adds a complete run to the history
    /// file; returns the warnings of the history (a file that could not be used or written), which never fail it.
    @discardableResult
    public func write(_ envelopes: some Sequence<Envelope>) throws(ReportError) -> [String] {
        var warnings: [String] = []
        let loaded = historyFile.map { RunHistory.load(from: $0) }
        if let warning = loaded?.warning { warnings.append(warning) }
        let query = RunQuery(retention: .streaming)
        query.notesScenarioOutcomes = loaded != nil
        let reporter = Reporter(query: query, formatters: try makeFormatters(query: query, history: loaded?.history))
        for envelope in envelopes { try reporter.consume(envelope) }
        try reporter.finish()
        if let historyFile, loaded != nil, !query.isInterrupted, query.error == nil {
            // Added to the history as it is now, under its lock: another run may have added one meanwhile.
            let run = RunHistory.run(of: query, environment: environment)
            if let warning = RunHistory.add(run, to: historyFile, read: loaded?.history),
                !warnings.contains(warning)
            {
                warnings.append(warning)
            }
        }
        return warnings
    }
}
