import Foundation
import Messages
import OptionParsing
import SpecKit
import SpecReports

/// `NAME merge A.ndjson B.ndjson ... [--out DIR] [--format NAME[:PATH]]...`: one report from the message
/// streams of several shards (a CI matrix, Bazel shards). Exit status 0 when the merged run succeeded, 1 when it
/// failed or a shard was interrupted, 2 for a usage error or an unreadable or conflicting stream.
struct MergeCommand {
    static let summary = "merge the message streams of shards into one report"

    let context: CommandContext
    let title: String

    private var name: String { context.name }

    var usage: String {
        """
        usage: \(name) merge SHARD.ndjson... [--out DIR] [--format NAME[:PATH]]... [--no-strict]

        Reads the Cucumber Messages streams written by shards of one run (`\(name) --shard I/N
        --format message:shard-I.ndjson`, or the reports of CI jobs), merges them into the stream of one
        run, and writes the reports from it, as `\(name) run` does.

          --out DIR             report directory (default: reports)
          --format NAME[:PATH]  a report to write (repeatable; default: summary on the console and every
                                report file in --out). Formats: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))
          --no-strict           undefined, pending and ambiguous steps do not fail the merged run
          --title TEXT          the title of the HTML and Markdown reports
          --history FILE        add the merged run to this run history (default: history.json in --out when
                                reports are written there)
          --no-history          keep no run history
          --link-tags PATTERN=URL
                                tags matching PATTERN link to URL in the HTML and Markdown reports (repeatable)
          --environment NAME=VALUE
                                a fact shown at the top of the HTML and Markdown reports (repeatable)
          --categories FILE     failure categories in Allure's categories.json format (repeatable)

        Example:
          \(name) --shard 1/2 --format message:shard-1.ndjson
          \(name) --shard 2/2 --format message:shard-2.ndjson
          \(name) merge shard-1.ndjson shard-2.ndjson --out reports

        Exit status: 0 the merged run passed, 1 it failed (or a shard was interrupted), 2 usage or input error.

        """
    }

    private static var parser: OptionParser {
        OptionParser(options: [
            .init(name: "--out", short: "-o", takesValue: true),
            .init(name: "--format", short: "-f", takesValue: true),
            .init(name: "--no-strict", short: nil, takesValue: false),
            .init(name: "--strict", short: nil, takesValue: false),
            .init(name: "--title", short: nil, takesValue: true),
            .init(name: "--history", short: nil, takesValue: true),
            .init(name: "--no-history", short: nil, takesValue: false),
            .init(name: "--link-tags", short: nil, takesValue: true),
            .init(name: "--environment", short: nil, takesValue: true),
            .init(name: "--categories", short: nil, takesValue: true),
        ])
    }

    func run(_ arguments: [String]) async -> Int32 {
        let parsed: OptionParser.Parsed
        var formats: [FormatRequest] = []
        do throws(OptionParser.Failure) {
            parsed = try Self.parser.parse(arguments)
            for text in parsed.values("--format") { formats.append(try FormatRequest.parse(text)) }
            if parsed.positionals.isEmpty { throw .usage("no message stream given") }
        } catch {
            return usageFailure(error, usage: usage, command: "merge", name: name)
        }
        let tagLinks: TagLinks
        let runEnvironment: ReportEnvironment
        var rules: [FailureCategory] = []
        do {
            tagLinks = try TagLinks(parsed.values("--link-tags"))
            runEnvironment = try ReportEnvironment(parsing: parsed.values("--environment"))
            for file in parsed.values("--categories") { rules += try FailureCategoryRules.read(file: file) }
        } catch {
            let message = error is ConfigurationFileError ? "--categories: \(error)" : "\(error)"
            return usageFailure(.usage(message), usage: usage, command: "merge", name: name)
        }
        if formats.isEmpty {
            formats = [FormatRequest(name: "summary")] + FormatRequest.fileFormats.map { FormatRequest(name: $0) }
        }
        let directory = URL(fileURLWithPath: parsed.value("--out") ?? "reports", isDirectory: true)
        let strict = parsed.options.last { $0.name == "--strict" || $0.name == "--no-strict" }?.name != "--no-strict"
        let envelopes: [Envelope]
        do {
            let merged = try await ShardMerger().merge(filesAt: parsed.positionals.map { URL(fileURLWithPath: $0) })
            for warning in merged.warnings { StandardStreams.writeError("\(name) merge: warning: \(warning)\n") }
            envelopes = merged.envelopes
        } catch {
            StandardStreams.writeError("\(name) merge: \(error)\n")
            return 2
        }
        // The merged shards are one run of the history.
        var history: URL?
        if !parsed.options.contains(where: { $0.name == "--no-history" }) {
            if let file = parsed.value("--history") {
                history = URL(fileURLWithPath: file)
            } else if formats.contains(where: { !$0.writesToConsole && $0.path == nil }) {
                history = directory.appendingPathComponent("history.json")
            }
        }
        let sink: ReportSink
        do {
            sink = try ReportSink(
                requests: formats, directory: directory, verdict: RunVerdict(strict: strict),
                title: parsed.value("--title") ?? title,
                tagLinks: tagLinks, history: history, runEnvironment: runEnvironment,
                categories: (try? FailureCategories(rules)) ?? FailureCategories(),
                isTerminal: standardOutputIsTerminal(),
                environment: context.environment)
        } catch {
            StandardStreams.writeError("\(name) merge: \(error)\n")
            return 2
        }
        ignoreBrokenPipes()
        if let warning = sink.historyWarning { StandardStreams.writeError("\(name) merge: warning: \(warning)\n") }
        for envelope in envelopes { sink.emit(envelope) }
        let failures = sink.finish()
        for failure in failures { StandardStreams.writeError("\(name) merge: \(failure)\n") }
        if let warning = sink.recordHistory() { StandardStreams.writeError("\(name) merge: warning: \(warning)\n") }
        announce(files: sink.writtenFiles)
        if sink.consoleWasClosed { return consoleClosedExitStatus }
        if !failures.isEmpty { return 2 }
        return sink.success ? 0 : 1
    }
}
