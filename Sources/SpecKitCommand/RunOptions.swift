import Foundation
import SpecKit

/// The options of `run`, parsed and checked, before they are turned into a runner configuration.
struct RunOptions: Equatable {
    /// The order scenarios run in.
    enum Order: Equatable {
        case defined
        case reverse
        case random(seed: UInt64)
    }

    /// A feature file or folder to run, optionally narrowed to some lines (`path:12:30`).
    struct Target: Equatable {
        var path: String
        var lines: [Int]
    }

    var targets: [Target] = []
    var tagExpressions: [String] = []
    var nameRegexes: [String] = []
    /// Tag expressions whose scenarios never run at the same time as one another (`--exclusive`).
    var exclusiveTagExpressions: [String] = []
    /// The configuration-file profiles to use (`--profile`), in order.
    var profiles: [String] = []
    /// The configuration file given with `--config`.
    var configFile: String?
    var dryRun = false
    var strict = true
    var failFast = false
    /// Whether to rerun the scenarios of each `.feature` file that changes, until interrupted.
    var watch = false
    var retry = 0
    /// Only scenarios matching this tag expression are retried.
    var retryTagFilter: String?
    /// `PATTERN=URL` rules making tags links in the HTML and Markdown reports.
    var linkTags: [String] = []
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
    var order = Order.defined
    var parallel = 1
    var shard: (index: Int, count: Int)?
    var languagesFile: String?
    /// Whether to list the Gherkin languages (`--i18n-languages`) instead of running.
    var listLanguages = false
    /// The language whose keywords to list (`--i18n-keywords LANG`) instead of running.
    var keywordsLanguage: String?
    var timeoutSeconds: Double = 10
    var title: String?
    /// Where Bazel wants to learn that sharding is supported (`TEST_SHARD_STATUS_FILE`).
    var shardStatusFile: String?

    static func == (lhs: RunOptions, rhs: RunOptions) -> Bool {
        lhs.targets == rhs.targets && lhs.tagExpressions == rhs.tagExpressions && lhs.nameRegexes == rhs.nameRegexes
            && lhs.exclusiveTagExpressions == rhs.exclusiveTagExpressions && lhs.profiles == rhs.profiles
            && lhs.configFile == rhs.configFile
            && lhs.dryRun == rhs.dryRun && lhs.strict == rhs.strict && lhs.failFast == rhs.failFast
            && lhs.watch == rhs.watch
            && lhs.retry == rhs.retry && lhs.retryTagFilter == rhs.retryTagFilter && lhs.linkTags == rhs.linkTags
            && lhs.historyFile == rhs.historyFile && lhs.noHistory == rhs.noHistory
            && lhs.variant == rhs.variant
            && lhs.formats == rhs.formats
            && lhs.outDirectory == rhs.outDirectory && lhs.outDirectoryGiven == rhs.outDirectoryGiven
            && lhs.order == rhs.order && lhs.parallel == rhs.parallel
            && lhs.shard?.index == rhs.shard?.index && lhs.shard?.count == rhs.shard?.count
            && lhs.languagesFile == rhs.languagesFile && lhs.timeoutSeconds == rhs.timeoutSeconds
            && lhs.listLanguages == rhs.listLanguages && lhs.keywordsLanguage == rhs.keywordsLanguage
    }

    /// The parser of `run`'s options; `variantOption` names the command's variant option (`store`), if any.
    static func parser(variantOption: String?) -> OptionParser {
        OptionParser(
            options: options + (variantOption.map { [.init(name: "--\($0)", short: nil, takesValue: true)] } ?? []))
    }

    private static let options: [OptionParser.Option] = [
        .init(name: "--tags", short: "-t", takesValue: true),
        .init(name: "--name", short: "-n", takesValue: true),
        .init(name: "--dry-run", short: "-d", takesValue: false),
        .init(name: "--strict", short: nil, takesValue: false),
        .init(name: "--no-strict", short: nil, takesValue: false),
        .init(name: "--fail-fast", short: nil, takesValue: false),
        .init(name: "--watch", short: "-w", takesValue: false),
        .init(name: "--retry", short: nil, takesValue: true),
        .init(name: "--retry-tag-filter", short: nil, takesValue: true),
        .init(name: "--link-tags", short: nil, takesValue: true),
        .init(name: "--history", short: nil, takesValue: true),
        .init(name: "--no-history", short: nil, takesValue: false),
        .init(name: "--format", short: "-f", takesValue: true),
        .init(name: "--out", short: "-o", takesValue: true),
        .init(name: "--order", short: nil, takesValue: true),
        .init(name: "--parallel", short: "-j", takesValue: true),
        .init(name: "--shard", short: nil, takesValue: true),
        .init(name: "--languages", short: nil, takesValue: true),
        .init(name: "--i18n-languages", short: nil, takesValue: false),
        .init(name: "--exclusive", short: nil, takesValue: true),
        .init(name: "--profile", short: "-p", takesValue: true),
        .init(name: "--config", short: "-c", takesValue: true),
        .init(name: "--i18n-keywords", short: nil, takesValue: true),
        .init(name: "--timeout", short: nil, takesValue: true),
        .init(name: "--title", short: nil, takesValue: true),
    ]

    /// Parses the arguments of `run` over `base` (the options of a configuration file's profiles): an option given
    /// replaces the base's value, except `--tags`, `--name`, `--format`, `--exclusive` and `--link-tags`, which add
    /// to the base's
    /// (as cucumber-js merges them), and paths, which replace the base's when any is given. `environment` supplies
    /// Bazel's sharding variables; `variantOption` names the command's variant option (`store` for `--store`).
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
            switch name {
            case "--exclusive": options.exclusiveTagExpressions.append(value)
            case "--profile": options.profiles.append(value)
            case "--config": options.configFile = value
            case "--tags": options.tagExpressions.append(value)
            case "--name": options.nameRegexes.append(value)
            case "--dry-run": options.dryRun = true
            case "--strict": options.strict = true
            case "--no-strict": options.strict = false
            case "--fail-fast": options.failFast = true
            case "--watch": options.watch = true
            case "--retry": options.retry = try integer(value, option: name, minimum: 0)
            case "--retry-tag-filter": options.retryTagFilter = value
            case "--link-tags": options.linkTags.append(value)
            case "--history": options.historyFile = value
            case "--no-history": options.noHistory = true
            case "--format": options.formats.append(try FormatRequest.parse(value))
            case "--out":
                options.outDirectory = value
                options.outDirectoryGiven = true
            case "--order": options.order = try order(value)
            case "--parallel": options.parallel = try integer(value, option: name, minimum: 1)
            case "--shard": options.shard = try shard(value, option: "--shard")
            case "--languages": options.languagesFile = value
            case "--i18n-languages": options.listLanguages = true
            case "--i18n-keywords": options.keywordsLanguage = value
            case "--timeout":
                guard let seconds = Double(value), seconds > 0, seconds.isFinite else {
                    throw .usage("--timeout \(value): expected a positive number of seconds")
                }
                options.timeoutSeconds = seconds
            case "--title": options.title = value
            default: if name == variantOption.map({ "--\($0)" }) { options.variant = value }
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
        if options.shard == nil, let total = environment["TEST_TOTAL_SHARDS"],
            let index = environment["TEST_SHARD_INDEX"]
        {
            // Bazel numbers shards from 0.
            guard let count = Int(total), let zeroBased = Int(index), count >= 1, zeroBased >= 0, zeroBased < count
            else {
                throw .usage("TEST_TOTAL_SHARDS=\(total), TEST_SHARD_INDEX=\(index): expected 0 <= index < total")
            }
            options.shard = (zeroBased + 1, count)
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

    /// The options of a configuration file's profiles (see `ProfileSettings`), as a base for the command line's;
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
        options.tagExpressions = settings.tags
        options.nameRegexes = settings.names
        options.exclusiveTagExpressions = settings.exclusive
        if let parallel = settings.parallel { options.parallel = max(parallel, 1) }
        if let retry = settings.retry { options.retry = retry }
        options.retryTagFilter = settings.retryTagFilter
        options.linkTags = settings.linkTags
        if let strict = settings.strict { options.strict = strict }
        if let dryRun = settings.dryRun { options.dryRun = dryRun }
        if let failFast = settings.failFast { options.failFast = failFast }
        switch settings.order {
        case .defined: options.order = .defined
        case .reverse: options.order = .reverse
        case .random(let seed): options.order = .random(seed: seed)
        case nil: break
        }
        if let timeout = settings.timeout { options.timeoutSeconds = timeout }
        if let shard = settings.shard { options.shard = (shard.index, shard.count) }
        if let out = settings.out {
            options.outDirectory = out
            options.outDirectoryGiven = true
        }
        options.title = settings.title
        options.languagesFile = settings.languages
        if let variantOption { options.variant = settings.extra[variantOption] }
        return options
    }

    static func integer(_ text: String, option: String, minimum: Int) throws(OptionParser.Failure) -> Int {
        guard let value = Int(text), value >= minimum else {
            throw .usage("\(option) \(text): expected a whole number of at least \(minimum)")
        }
        return value
    }

    static func order(_ text: String) throws(OptionParser.Failure) -> Order {
        if text == "defined" { return .defined }
        if text == "reverse" { return .reverse }
        if text == "random" { return .random(seed: UInt64.random(in: 0...999_999)) }
        if text.hasPrefix("random:"), let seed = UInt64(text.dropFirst("random:".count)) {
            return .random(seed: seed)
        }
        throw .usage("--order \(text): expected defined, reverse, random or random:SEED")
    }

    static func shard(_ text: String, option: String) throws(OptionParser.Failure) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 1,
            index <= count
        else {
            throw .usage("\(option) \(text): expected I/N with 1 <= I <= N, e.g. 1/4")
        }
        return (index, count)
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
