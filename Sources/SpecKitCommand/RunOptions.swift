import Foundation
import Messages
import SpecKit

/// The options of `run`, parsed and checked (each declared once in `RunOption.all`): what they set in the
/// runner's configuration, and the command's own (paths, reports, watch mode, profiles...).
struct RunOptions {
    /// A feature file or folder to run, optionally narrowed to some lines (`path:12:30`).
    struct Target: Equatable {
        var path: String
        var lines: [Int]
    }

    /// What the runner is configured with: selection, strictness, retries, order, parallelism, shard, timeout.
    /// The command adds the line filters, the uris' base, the languages and the implementation when it runs.
    var configuration = RunConfiguration()
    var targets: [Target] = []
    /// The configuration-file profiles to use (`--profile`), in order.
    var profiles: [String] = []
    /// The configuration file given with `--config`.
    var configFile: String?
    /// Whether to rerun the scenarios of each `.feature` file that changes, until interrupted.
    var watch = false
    /// Whether the steps run in this process (`--in-process`, for a debugger) rather than in a runner process of
    /// their own, which a crashing step cannot take the run down with.
    var inProcess = false
    /// `PATTERN=URL` rules making tags links in the HTML and Markdown reports.
    var linkTags: [String] = []
    /// `NAME=VALUE` facts shown at the top of the HTML and Markdown reports.
    var environment: [String] = []
    /// The failure categories' rules (`--categories FILE`, the profile key `categories`), in order.
    var categories: [FailureCategory] = []
    /// The run history file (default: `history.json` in the report folder, when the run writes reports there).
    var historyFile: String?
    /// Whether no run history is kept.
    var noHistory = false
    /// The value of the command's variant option (`--store sqlite`), if given.
    var variant: String?
    var formats: [FormatRequest] = []
    var outDirectory = "reports"
    /// Whether `--out` was given.
    var outDirectoryGiven = false
    var languagesFile: String?
    /// Whether to list the Gherkin languages (`--i18n-languages`) instead of running.
    var listLanguages = false
    /// The language whose keywords to list (`--i18n-keywords LANG`) instead of running.
    var keywordsLanguage: String?
    var title: String?
    /// Where Bazel wants to learn that sharding is supported (`TEST_SHARD_STATUS_FILE`).
    var shardStatusFile: String?

    /// The parser of `run`'s options; `variantOption` names the command's variant option (`store`), if any.
    static func parser(variantOption: String?) -> OptionParser {
        OptionParser(
            options: RunOption.all.map(\.parserOption)
                + (variantOption.map { [.init(name: "--\($0)", short: nil, takesValue: true)] } ?? []))
    }

    /// Parses the arguments of `run` over `base` (the options of a configuration file's profiles): an option given
    /// replaces the base's value, except `--tags`, `--name`, `--format`, `--exclusive` and `--link-tags`, which add
    /// to the base's (as cucumber-js merges them), and paths, which replace the base's when any is given.
    /// `environment` supplies Bazel's sharding variables; `variantOption` names the command's variant option
    /// (`store` for `--store`).
    static func parse(
        _ arguments: [String], environment: [String: String], variantOption: String? = nil,
        base: RunOptions = RunOptions(),
        readFile: (String) throws -> String = {
            try String(contentsOfFile: $0, encoding: .utf8)
        }
    ) throws(OptionParser.Failure) -> RunOptions {
        let parsed = try parser(variantOption: variantOption).parse(arguments)
        var options = base
        for (name, value) in parsed.options {
            if let option = RunOption.byName[name] {
                try option.set(&options, value)
            } else if name == variantOption.map({ "--\($0)" }) {
                options.variant = value
            }
        }
        if !parsed.positionals.isEmpty {
            // Paths given on the command line replace a profile's.
            options.targets = []
            options.rerunFileWasEmpty = false
        }
        for positional in parsed.positionals {
            try options.addPath(positional, readFile: readFile)
        }
        if options.configuration.shard == nil, let total = environment["TEST_TOTAL_SHARDS"],
            let index = environment["TEST_SHARD_INDEX"]
        {
            // Bazel numbers shards from 0.
            guard let count = Int(total), let zeroBased = Int(index), count >= 1, zeroBased >= 0, zeroBased < count
            else {
                throw .usage("TEST_TOTAL_SHARDS=\(total), TEST_SHARD_INDEX=\(index): expected 0 <= index < total")
            }
            options.configuration.shard = try shard("\(zeroBased + 1)/\(count)", option: "TEST_SHARD_INDEX")
            options.shardStatusFile = environment["TEST_SHARD_STATUS_FILE"]
        }
        return options
    }

    /// Set when the `@FILE` given listed nothing to rerun.
    var rerunFileWasEmpty = false

    /// Adds a path to run: `path`, `path:12`, or `@FILE`, a rerun file whose references are added.
    mutating func addPath(_ positional: String, readFile: (String) throws -> String) throws(OptionParser.Failure) {
        guard positional.hasPrefix("@") else {
            targets.append(try Self.target(positional))
            return
        }
        let file = String(positional.dropFirst())
        let text: String
        do {
            text = try readFile(file)
        } catch {
            throw .usage("\(positional): cannot read the rerun file \(file)")
        }
        let references = text.split(whereSeparator: { $0 == "\n" || $0 == " " || $0 == "\r" })
        for reference in references { targets.append(try Self.target(String(reference))) }
        if references.isEmpty {
            // Nothing failed last time: run nothing rather than everything.
            rerunFileWasEmpty = true
        }
    }

    /// The options of a configuration file's profiles (see `ProfileSettings`), as a base for the command line's:
    /// what they set in the runner's configuration is what `swift test` applies too (`ProfileSettings.apply`);
    /// `file` names the file in errors.
    static func base(
        _ settings: ProfileSettings, file: String, variantOption: String?,
        readFile: (String) throws -> String = { try String(contentsOfFile: $0, encoding: .utf8) }
    ) throws(OptionParser.Failure) -> RunOptions {
        var options = RunOptions()
        func inFile(_ body: () throws(OptionParser.Failure) -> Void) throws(OptionParser.Failure) {
            do throws(OptionParser.Failure) {
                try body()
            } catch {
                guard case .usage(let message) = error else { throw error }
                throw .usage("\(file): \(message)")
            }
        }
        try inFile { () throws(OptionParser.Failure) in
            for path in settings.paths { try options.addPath(path, readFile: readFile) }
            options.formats = try settings.formats.map { text throws(OptionParser.Failure) in
                try FormatRequest.parse(text)
            }
        }
        do {
            try settings.apply(to: &options.configuration)
        } catch {
            throw .usage("\(file): \(error)")
        }
        options.linkTags = settings.linkTags
        options.environment = settings.environment
        options.categories = settings.categories
        if let out = settings.out {
            options.outDirectory = out
            options.outDirectoryGiven = true
        }
        options.title = settings.title
        options.languagesFile = settings.languages
        if let variantOption { options.variant = settings.extra[variantOption] }
        return options
    }

    /// A whole number in `range`; anything else is a usage error naming `option` and the range.
    static func integer(_ text: String, option: String, in range: ClosedRange<Int>) throws(OptionParser.Failure) -> Int
    {
        guard let value = Int(text), range.contains(value) else {
            throw .usage("\(option) \(text): expected \(RunLimits.expected(range))")
        }
        return value
    }

    /// A step timeout of `text` seconds, in `RunLimits.stepTimeoutSeconds`; anything else (not a number, not
    /// finite, out of range) is a usage error naming `option` and the range.
    static func stepTimeout(_ text: String, option: String) throws(OptionParser.Failure) -> Duration {
        guard let seconds = Double(text), let timeout = RunLimits.stepTimeout(seconds: seconds) else {
            throw .usage("\(option) \(text): expected \(RunLimits.stepTimeoutExpected)")
        }
        return timeout
    }

    static func order(_ text: String) throws(OptionParser.Failure) -> RunOrder {
        do {
            return try RunOrder(parsing: text)
        } catch {
            throw .usage("--order \(text): \(RunOrder.expectedDescription)")
        }
    }

    static func shard(_ text: String, option: String) throws(OptionParser.Failure) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            let shard = try? Shard(index: index, count: count)
        else {
            throw .usage("\(option) \(text): expected I/N with 1 <= I <= N, e.g. 1/4")
        }
        return shard
    }

    /// `path`, `path:12` or `path:12:30` (the lines of scenarios, examples rows or steps to run).
    static func target(_ text: String) throws(OptionParser.Failure) -> Target {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var lines: [Int] = []
        while parts.count > 1, let last = parts.last, let line = Int(last) {
            guard line >= 1 else { throw .usage("\(text): line numbers start at 1") }
            lines.insert(line, at: 0)
            parts.removeLast()
        }
        let path = parts.joined(separator: ":")
        guard !path.isEmpty else { throw .usage("\(text): no path before the line number") }
        return Target(path: path, lines: lines)
    }
}
