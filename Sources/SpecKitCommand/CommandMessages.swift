import OptionParsing
import SpecKit

/// Prints a usage error (or the help) and returns the exit status: 0 for `--help`, 2 otherwise.
func usageFailure(_ failure: OptionParser.Failure, usage: String, command: String, name: String) -> Int32 {
    switch failure {
    case .help:
        StandardStreams.write(usage)
        return 0
    case .usage(let message):
        StandardStreams.writeError("\(name) \(command): \(message)\nRun `\(name) \(command) --help` for usage.\n")
        return 2
    }
}

/// Prints the paths of the report files written.
func announce(files: [String]) {
    guard !files.isEmpty else { return }
    StandardStreams.write("\nReports:\n" + files.map { "  \($0)\n" }.joined())
}
