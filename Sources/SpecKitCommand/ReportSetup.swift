import Foundation
import Messages
import SpecKit
import SpecReports
import StepSuggestions
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `--format NAME[:PATH]` request.
struct FormatRequest: Equatable {
    /// The names of the formats written as files (into the report directory unless a path is given).
    static let fileFormats = ReportFormat.fileFormats.map(\.rawValue)

    /// The format's name.
    var name: String
    /// Where to write it: a file path, `-` for standard output, or nil for the default place.
    var path: String?

    /// The format.
    var format: ReportFormat { ReportFormat(rawValue: name) ?? .progress }

    /// Whether this request writes to standard output.
    var writesToConsole: Bool {
        path == "-" || (path == nil && ReportFormat.consoleFormats.contains(format))
    }

    /// The reports `run` writes for `requests`. None: progress on the console and every report file in the report
    /// folder. Otherwise the requests, plus progress when none writes to the console (as Cucumber does), plus every
    /// report file when the report folder was named (`--out`) and no request writes a file.
    static func effective(_ requests: [FormatRequest], outDirectoryGiven: Bool) -> [FormatRequest] {
        let everyFile = fileFormats.map { FormatRequest(name: $0) }
        guard !requests.isEmpty else { return [FormatRequest(name: "progress")] + everyFile }
        var effective = requests
        if !requests.contains(where: \.writesToConsole) { effective.insert(FormatRequest(name: "progress"), at: 0) }
        if outDirectoryGiven && requests.allSatisfy(\.writesToConsole) { effective += everyFile }
        return effective
    }

    /// Parses `NAME[:PATH]`; an unknown name is a usage error naming the closest valid one.
    static func parse(_ text: String) throws(OptionParser.Failure) -> FormatRequest {
        let name: String
        var path: String?
        if let colon = text.firstIndex(of: ":") {
            name = String(text[..<colon])
            path = String(text[text.index(after: colon)...])
            if path?.isEmpty == true { throw .usage("--format \(text): the path after ':' is empty") }
        } else {
            name = text
        }
        guard ReportFormat(rawValue: name) != nil else {
            let names = ReportFormat.allCases.map(\.rawValue)
            let closest = names.min { editDistance(name, $0) < editDistance(name, $1) }
            var message = "unknown format '\(name)' (formats: \(names.joined(separator: ", ")))"
            if let closest, editDistance(name, closest) <= 3 { message += "; did you mean '\(closest)'?" }
            throw .usage(message)
        }
        return FormatRequest(name: name, path: path)
    }
}

/// The reports of one run: the console formatters and the report files, fed from the message stream.
///
/// The run's envelopes may arrive from several threads (parallel workers); they are fed to the formatters one
/// at a time under a lock. The first report error is kept and returned by `finish()`.
final class ReportSink: MessageSink {
    private struct State {
        var reporter: Reporter
        var error: ReportError?
        var isFinished = false
    }

    private let state: Mutex<State>
    /// The report files that will exist once the run finishes, for the closing lines of the console output.
    let writtenFiles: [String]
    /// The run history this run is added to, and the runs before it.
    private let history: (url: URL, previous: RunHistory)?
    /// Why the history file could not be used (a fresh history was started), if it could not.
    let historyWarning: String?
    /// Whether undefined, pending and ambiguous scenarios fail the run.
    let strict: Bool

    /// Creates the formatters for `requests` (when empty: `progress` on the console and every report file in
    /// `directory`). Fails naming the path when a report file cannot be created.
    init(
        requests: [FormatRequest], directory: URL, strict: Bool, title: String, variant: String? = nil,
        tagLinks: TagLinks = TagLinks(), history historyURL: URL? = nil, isTerminal: Bool,
        environment: [String: String]
    ) throws(ReportError) {
        let style = ConsoleStyle.automatic(isTerminal: isTerminal, environment: environment)
        // The reports hold what has not ended yet and totals, not the run: a run of any size fits in memory.
        let query = RunQuery(retention: .streaming)
        let loaded = historyURL.map { RunHistory.load(from: $0) }
        query.notesScenarioOutcomes = loaded != nil
        history = historyURL.flatMap { url in loaded.map { (url, $0.history) } }
        historyWarning = loaded?.warning
        var formatters: [any ReportFormatter] = []
        var files: [String] = []
        let effective =
            requests.isEmpty
            ? [FormatRequest(name: "progress", path: nil)] + FormatRequest.fileFormats.map { FormatRequest(name: $0) }
            : requests
        let directoryNames = ReportDirectory.FileNames()
        for request in effective {
            let format = request.format
            let output: any ReportOutput
            let isConsole: Bool
            if let path = request.path, path != "-" {
                output = try AtomicFileOutput(URL(fileURLWithPath: path))
                files.append(path)
                isConsole = false
            } else if request.path == nil, let fileName = directoryNames.name(of: format) {
                let url = directory.appendingPathComponent(fileName)
                output = try AtomicFileOutput(url)
                files.append(url.relativePath)
                isConsole = false
            } else {
                output = FileDescriptorOutput.standardOutput()
                isConsole = true
            }
            let settings = ReportSettings(
                strict: strict, title: title, style: isConsole ? style : .plain, flushesEachStep: isTerminal,
                variant: variant, tagLinks: tagLinks, history: history?.previous)
            formatters.append(format.makeFormatter(output: output, settings: settings, query: query))
        }
        // In GitHub Actions, the Markdown summary is also appended to the job's summary page.
        if let summary = try MarkdownFormatter.gitHubStepSummaryOutput(environment: environment) {
            formatters.append(
                MarkdownFormatter(output: summary, title: title, strict: strict, tagLinks: tagLinks, query: query))
        }
        state = Mutex(State(reporter: Reporter(query: query, formatters: formatters)))
        writtenFiles = files
        self.strict = strict
    }

    /// Feeds one envelope to every formatter.
    func emit(_ envelope: Envelope) {
        state.withLock { state in
            guard state.error == nil, !state.isFinished else { return }
            do throws(ReportError) {
                try state.reporter.consume(envelope)
            } catch {
                state.error = error
            }
        }
    }

    /// Finishes every report; returns the first error met while writing, if any.
    func finish() -> ReportError? {
        state.withLock { state in
            guard !state.isFinished else { return state.error }
            state.isFinished = true
            do throws(ReportError) {
                try state.reporter.finish()
            } catch {
                if state.error == nil { state.error = error }
            }
            return state.error
        }
    }

    /// Adds this run to the history file (an interrupted run adds nothing); returns why it could not, if it could
    /// not: a history that cannot be written is a warning, never a failed run.
    func recordHistory() -> String? {
        guard let history else { return nil }
        return state.withLock { state -> String? in
            let query = state.reporter.query
            guard !query.isInterrupted else { return nil }
            var updated = history.previous
            updated.record(query)
            do throws(ReportError) {
                try updated.write(to: history.url)
                return nil
            } catch {
                return "the run history cannot be written: \(error)"
            }
        }
    }

    /// Whether the run the formatters saw succeeded (false for an interrupted stream).
    var success: Bool {
        state.withLock { $0.reporter.query.success }
    }
}

/// Finishes `sink` when the user presses Ctrl-C (SIGINT) or the process is asked to stop (SIGTERM): the reports
/// hold what has run, marked as interrupted (the stream has no `testRunFinished`), then the process exits with
/// 130. Keep the returned sources alive for as long as the run lasts.
func finishReportsOnInterrupt(_ sink: ReportSink, name: String) -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM].map { signalNumber in
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
        source.setEventHandler {
            StandardStreams.writeError("\nInterrupted: writing the reports of what has run.\n")
            if let error = sink.finish() { StandardStreams.writeError("\(name): \(error)\n") }
            announce(files: sink.writtenFiles)
            exit(130)
        }
        source.resume()
        return source
    }
}

/// Whether standard output is a terminal.
func standardOutputIsTerminal() -> Bool {
    isatty(1) == 1
}
