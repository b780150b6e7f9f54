import Foundation
import Messages
import OptionParsing
import SpecKit

/// What `run` does, resolved from its settings (`RunSettings`, filled from the profiles, the environment and the
/// command line, each setting declared once there, with its property): the runner's configuration, the paths and
/// line filters, the reports, and the command's own choices (watch mode, runner processes, history).
struct RunOptions {
    /// A feature file or folder to run, optionally narrowed to some lines (`path:12:30`).
    struct Target: Equatable {
        var path: String
        var lines: [Int]
    }

    /// The settings, merged.
    var settings = RunSettings()
    /// What the runner is configured with: selection, strictness, retries, order, parallelism, shard, timeout.
    /// The command adds the line filters, the uris' base, the languages and the implementation when it runs.
    var configuration = RunConfiguration()
    var targets: [Target] = []
    var formats: [FormatRequest] = []
    /// Where Bazel wants to learn that sharding is supported (`TEST_SHARD_STATUS_FILE`).
    var shardStatusFile: String?

    /// The configuration-file profiles to use (`--profile`), in order.
    var profiles: [String] { settings.profiles }
    /// The configuration file given with `--config`.
    var configFile: String? { settings.config }
    /// Whether to rerun the scenarios of each `.feature` file that changes, until interrupted.
    var watch: Bool { settings.watch ?? false }
    /// Whether the steps run in this process (`--in-process`, for a debugger) rather than in a runner process of
    /// their own, which a crashing step cannot take the run down with.
    var inProcess: Bool { settings.inProcess ?? false }
    /// `PATTERN=URL` rules making tags links in the HTML and Markdown reports.
    var linkTags: [String] { settings.linkTags }
    /// `NAME=VALUE` facts shown at the top of the HTML and Markdown reports.
    var environment: [String] { settings.environment }
    /// The failure categories' rules, in order.
    var categories: [FailureCategory] { settings.categories }
    /// The run history file (default: `history.json` in the report folder, when the run writes reports there).
    var historyFile: String? { settings.history }
    /// Whether no run history is kept.
    var noHistory: Bool { settings.noHistory ?? false }
    /// The value of the command's variant option (`--store sqlite`), if given.
    var variant: String?
    var outDirectory: String { settings.out ?? "reports" }
    /// Whether `--out` (or a profile's `out`) was given.
    var outDirectoryGiven: Bool { settings.out != nil }
    var languagesFile: String? { settings.languages }
    /// Whether to list the Gherkin languages (`--i18n-languages`) instead of running.
    var listLanguages: Bool { settings.listLanguages ?? false }
    /// The language whose keywords to list (`--i18n-keywords LANG`) instead of running.
    var keywordsLanguage: String? { settings.keywordsLanguage }
    var title: String? { settings.title }

    /// `run`'s settings beside `Setting.all`: the command's variant option (`--store`), when it has one.
    static func extraSettings(variantOption: String?, help: String = "") -> [Setting] {
        variantOption.map { [Setting.extra($0, help: help)] } ?? []
    }

    /// The options of `settings`: `variantOption` names the command's variant option (`store`), `environment`
    /// holds Bazel's `TEST_SHARD_STATUS_FILE`, `readFile` reads a rerun file (`@FILE`).
    ///
    /// - Throws: a usage error for a bad path or format.
    init(
        _ settings: RunSettings, variantOption: String? = nil, environment: [String: String] = [:],
        readFile: (String) throws -> String = { try String(contentsOfFile: $0, encoding: .utf8) }
    ) throws(OptionParser.Failure) {
        self.settings = settings
        settings.apply(to: &configuration)
        for path in settings.paths { try addPath(path, readFile: readFile) }
        formats = try Self.formats(settings.formats)
        if let variantOption { variant = settings.extra[variantOption] }
        if settings.shard != nil && environment["TEST_TOTAL_SHARDS"] != nil {
            shardStatusFile = environment["TEST_SHARD_STATUS_FILE"]
        }
    }

    /// `profiles`, the settings of a configuration file's profiles, once their paths and formats are checked: a
    /// wrong one is a usage error naming `file`.
    static func checked(profiles: RunSettings, file: String) throws(OptionParser.Failure) -> RunSettings {
        var pathsAndFormats = RunSettings()
        pathsAndFormats.paths = profiles.paths
        pathsAndFormats.formats = profiles.formats
        do throws(OptionParser.Failure) {
            _ = try RunOptions(pathsAndFormats)
        } catch {
            guard case .usage(let message) = error else { throw error }
            throw .usage("\(file): \(message)")
        }
        return profiles
    }

    /// The reports `texts` (`NAME[:PATH]`) ask for.
    static func formats(_ texts: [String]) throws(OptionParser.Failure) -> [FormatRequest] {
        try texts.map { text throws(OptionParser.Failure) in try FormatRequest.parse(text) }
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
