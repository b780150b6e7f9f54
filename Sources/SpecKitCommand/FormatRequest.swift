import OptionParsing
import SpecKit
import SpecReports
import StepSuggestions

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
            var message = "unknown format '\(name)' (formats: \(names.joined(separator: ", ")))"
            if let closest = closestName(to: name, in: names) { message += "; did you mean '\(closest)'?" }
            throw .usage(message)
        }
        return FormatRequest(name: name, path: path)
    }
}

extension FormatRequest {
    /// Whether the command should read its runner process's stream as it comes, for a run writing `formats`: only
    /// when they are the console's and the message stream. Then the command has a core to spare while it emits the
    /// test cases, and the runner process running meanwhile makes the run 0.86x as long at 10x (0.92-0.99x at 1x);
    /// with the reports that hold more of the run (JSON, JUnit, HTML, Markdown, usage) the command keeps both cores
    /// busy itself, and a runner process running beside it made the run 1.03x as long (`farm-bench`, real-world
    /// corpus, 1x and 10x).
    static func readsAhead(writing formats: [FormatRequest]) -> Bool {
        formats.allSatisfy { ReportFormat.consoleFormats.contains($0.format) || $0.format == .message }
    }
}
