import Foundation
import Messages
import SpecKit
import SpecReports
import Synchronization

/// The reports of one run: the console formatters and the report files, fed from the message stream.
///
/// The run's envelopes may arrive from several threads (parallel workers); they are fed to the formatters one
/// at a time under a lock. A report that fails (a full disk, a closed pipe) costs only itself: the others get the
/// whole stream. A console closed early (`| head`, quitting `less`) stops the console formats only.
final class ReportSink: MessageSink {
    /// One report of the run.
    private struct Report {
        /// The format's name (`junit`).
        var format: String
        /// The path written, as given (nil for the console).
        var path: String?
        var formatter: any ReportFormatter
        /// Where the formatter writes.
        var output: any ReportOutput
        /// Whether a failure leaves the previous file as it was (a file written atomically).
        var isAtomic: Bool { output is AtomicFileOutput }
    }

    /// A report that could not be written.
    struct Failure: CustomStringConvertible {
        /// The format's name (`junit`).
        var format: String
        /// The error, naming the path and the reason.
        var error: ReportError
        /// Whether the previous file, if any, was left as it was.
        var previousKept: Bool

        /// `the junit report was not written: cannot write the report to R/junit.xml: No space left on device...`
        var description: String {
            "the \(format) report was not written: \(error)"
                + (previousKept ? " (the previous file, if any, is left as it was)" : "")
        }
    }

    private struct State {
        var reporter: Reporter
        var reports: [Report]
        var isFinished = false
    }

    private let state: Mutex<State>
    private let console: ConsoleOutput
    /// The run history this run is added to, and the runs before it.
    private let history: (url: URL, previous: RunHistory)?
    /// Why the history file could not be used (a fresh history was started), if it could not.
    let historyWarning: String?
    /// Whether the history file is of a later version (this run is not added to it).
    private let historyIsNewer: Bool
    /// The team's facts, kept with the run in the history.
    let runEnvironment: ReportEnvironment

    /// Creates the formatters for `requests` (when empty: `progress` on the console and every report file in
    /// `directory`). Fails naming the path when a report file cannot be created.
    init(
        requests: [FormatRequest], directory: URL, verdict: RunVerdict, title: String, variant: String? = nil,
        tagLinks: TagLinks = TagLinks(), history historyURL: URL? = nil,
        runEnvironment: ReportEnvironment = ReportEnvironment(), categories: FailureCategories = FailureCategories(),
        isTerminal: Bool, environment: [String: String]
    ) throws(ReportError) {
        let style = ConsoleStyle.automatic(isTerminal: isTerminal, environment: environment)
        // The reports hold what has not ended yet and totals, not the run: a run of any size fits in memory.
        let query = RunQuery(retention: .streaming)
        query.verdict = verdict
        let console = ConsoleOutput()
        let loaded = historyURL.map { RunHistory.load(from: $0) }
        query.notesScenarioOutcomes = loaded != nil
        history = historyURL.flatMap { url in loaded.map { (url, $0.history) } }
        historyWarning = loaded?.warning
        // A history of a later version: said now, left untouched, and this run not added.
        historyIsNewer = historyURL.map { RunHistory.isNewer($0) } ?? false
        var reports: [Report] = []
        let effective =
            requests.isEmpty
            ? [FormatRequest(name: "progress", path: nil)] + FormatRequest.fileFormats.map { FormatRequest(name: $0) }
            : requests
        let directoryNames = ReportDirectory.FileNames()
        for request in effective {
            let format = request.format
            let output: any ReportOutput
            let path: String?
            if let given = request.path, given != "-" {
                output = try reportFileOutput(at: URL(fileURLWithPath: given))
                path = given
            } else if request.path == nil, let fileName = directoryNames.name(of: format) {
                let url = directory.appendingPathComponent(fileName)
                output = try reportFileOutput(at: url)
                path = url.relativePath
            } else {
                output = console
                path = nil
            }
            let settings = ReportSettings(
                title: title, style: path == nil ? style : .plain, flushesEachStep: isTerminal,
                variant: variant, tagLinks: tagLinks, history: history?.previous, environment: runEnvironment,
                categories: categories)
            reports.append(
                Report(
                    format: request.name, path: path,
                    formatter: format.makeFormatter(output: output, settings: settings, query: query),
                    output: output))
        }
        // In GitHub Actions, the Markdown summary is also appended to the job's summary page.
        if let summary = try MarkdownFormatter.gitHubStepSummaryOutput(environment: environment) {
            let formatter = MarkdownFormatter(
                output: summary, title: title, tagLinks: tagLinks, query: query)
            formatter.environment = runEnvironment
            formatter.categories = categories
            reports.append(Report(format: "GitHub step summary", path: nil, formatter: formatter, output: summary))
        }
        state = Mutex(
            State(reporter: Reporter(query: query, formatters: reports.map(\.formatter)), reports: reports))
        self.console = console
        self.runEnvironment = runEnvironment
    }

    /// Feeds one envelope to every formatter that has not failed.
    func emit(_ envelope: Envelope) {
        state.withLock { state in
            guard !state.isFinished else { return }
            try? state.reporter.consume(envelope)
        }
    }

    /// Finishes every report; returns those that could not be written (the console closed early is not one: see
    /// `consoleWasClosed`).
    @discardableResult
    func finish() -> [Failure] {
        state.withLock { state in
            if !state.isFinished {
                state.isFinished = true
                try? state.reporter.finish()
            }
            return state.reports.compactMap { report in
                guard let error = state.reporter.error(of: report.formatter) else { return nil }
                // A report that failed before its end (its own write, or the run's index of the stream) leaves
                // no temporary file behind, whenever its formatter is released.
                (report.output as? AtomicFileOutput)?.discard()
                if report.path == nil && report.format != "GitHub step summary" && console.wasClosed { return nil }
                return Failure(format: report.format, error: error, previousKept: report.isAtomic)
            }
        }
    }

    /// The report files written (all of them once the run has finished, except those that failed), for the
    /// closing lines of the console output.
    var writtenFiles: [String] {
        state.withLock { state in
            state.reports.compactMap { report in
                guard let path = report.path, state.reporter.error(of: report.formatter) == nil else { return nil }
                return path
            }
        }
    }

    /// Whether standard output was closed by its reader before the run ended (`| head`, quitting `less`).
    var consoleWasClosed: Bool { console.wasClosed }

    /// Adds this run to the history file (an interrupted run adds nothing); returns why it could not, if it could
    /// not: a history that cannot be written is a warning, never a failed run.
    ///
    /// The run is added to the history as it is on disk now, under its lock (`RunHistory.add`): runs ending at once
    /// each add theirs. Blocks while another run holds the lock (at most a minute): the run has ended.
    func recordHistory() -> String? {
        guard let history, !historyIsNewer else { return nil }
        let run = state.withLock { state -> RunHistory.Run? in
            let query = state.reporter.query
            guard !query.isInterrupted, query.error == nil else { return nil }  // a whole run, fully read
            return RunHistory.run(of: query, environment: runEnvironment)
        }
        guard let run else { return nil }
        return RunHistory.add(run, to: history.url, read: history.previous)
    }

    /// Whether the run the formatters saw succeeded (false for an interrupted stream).
    var success: Bool {
        state.withLock { $0.reporter.query.passes }
    }
}
