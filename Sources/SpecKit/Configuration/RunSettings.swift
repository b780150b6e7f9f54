import Gherkin
import Messages
import OptionParsing

/// The settings of a run, the one value every source fills: a configuration file's profiles, the environment, the
/// command line (and the editor's settings, as options of its runs). What a source does not set is nil or empty.
///
/// Each setting is declared once in `Setting.all`, which says how it is written in each source and how a later
/// source merges with an earlier one: `tags`, `name`, `format`, `exclusive`, `linkTags`, `environment` and
/// `categories` add up, two retry tag filters must both hold, paths and profiles given replace earlier ones, every
/// other setting takes the last value given. A run takes them in this order: the defaults, the profiles, the
/// environment, the command line (`merging(_:)`).
public struct RunSettings: Sendable, Equatable {
    /// Feature files or folders to run (`path`, `path:12`), or `@rerun.txt` files.
    public var paths: [String] = []
    /// Tag expressions a scenario must all satisfy.
    public var tags: [String] = []
    /// Regular expressions; a scenario runs when its name matches any of them.
    public var names: [String] = []
    /// Reports to write, `NAME[:PATH]`.
    public var formats: [String] = []
    /// Tag expressions whose scenarios never run at the same time as one another.
    public var exclusive: [String] = []
    /// How many scenarios run at once (from 0, one at a time as 1, to 256).
    public var parallel: Int?
    /// How many times a failing scenario is retried (from 0 to 100).
    public var retry: Int?
    /// The tag expression of the scenarios that may be retried.
    public var retryTagFilter: String?
    /// Rules turning tags into links in the reports, `PATTERN=URL`.
    public var linkTags: [String] = []
    /// Facts of the team's own shown at the top of the HTML and Markdown reports, `NAME=VALUE`.
    public var environment: [String] = []
    /// The failure categories' rules, in order (Allure's `categories.json`).
    public var categories: [FailureCategory] = []
    /// Whether undefined, pending and ambiguous steps fail the run.
    public var strict: Bool?
    /// Whether steps are matched without running them.
    public var dryRun: Bool?
    /// Whether to stop after the first failing scenario.
    public var failFast: Bool?
    /// The order scenarios run in.
    public var order: RunOrder?
    /// How long a step may run, in seconds (from 0.001 to 86400, a day).
    public var timeout: Double?
    /// The shard to run.
    public var shard: Shard?
    /// The report folder.
    public var out: String?
    /// The title of the HTML and Markdown reports.
    public var title: String?
    /// A `gherkin-languages.json` file of more languages.
    public var languages: String?
    /// The configuration-file profiles to use, in order.
    public var profiles: [String] = []
    /// The configuration file.
    public var config: String?
    /// Whether the steps run in the command's own process (for a debugger) rather than in a runner process.
    public var inProcess: Bool?
    /// Whether the command reruns the scenarios of each `.feature` file saved, until interrupted.
    public var watch: Bool?
    /// The run history file.
    public var history: String?
    /// Whether no run history is kept.
    public var noHistory: Bool?
    /// Whether to list the Gherkin languages instead of running.
    public var listLanguages: Bool?
    /// The language whose keywords to list instead of running.
    public var keywordsLanguage: String?
    /// Values of the options a command adds (`store` for `--store`), by key.
    public var extra: [String: String] = [:]
    /// Where the values were read (the command line, the environment, a profile), for the errors found once they
    /// are used (a languages file that cannot be read names `GHERKIN_LANGUAGES`).
    package var sources = Sources()

    /// Where settings were read: the option, the environment variable or the profile's key, by the setting's
    /// option. Not part of the value: two settings holding the same values are equal wherever they were read.
    package struct Sources: Sendable, Equatable {
        /// The option, the variable or the place of the profile's key, by the setting's option (`--languages`:
        /// `GHERKIN_LANGUAGES`, or `cucumber.json:3:5: profile "ci": languages`).
        package var byOption: [String: String] = [:]

        package static func == (_: Sources, _: Sources) -> Bool { true }
    }

    /// Settings with nothing set.
    public init() {}

    /// Whether nothing is set.
    public var isEmpty: Bool { self == RunSettings() }

    /// These settings, then `later`'s, each merged as its `Setting.merge` says.
    public func merging(_ later: RunSettings) -> RunSettings {
        var merged = self
        for setting in Setting.all {
            setting.merge(later, into: &merged)
            if let option = setting.option, setting.isGiven(in: later) {
                merged.sources.byOption[option] = later.sources.byOption[option]
            }
        }
        merged.extra.merge(later.extra) { _, new in new }
        return merged
    }

    /// The settings of a command line: the options of `Setting.all` and `extra` (a command's own), and paths.
    /// `--categories FILE` reads the file, relative to `folder` (default: the current directory).
    ///
    /// - Throws: `OptionParser.Failure`: `.help` for `--help`, else a usage error naming the argument.
    package init(arguments: [String], extra: [Setting] = [], folder: String? = nil) throws(OptionParser.Failure) {
        let settings = Setting.all + extra
        var byOption: [String: Setting] = [:]
        for setting in settings {
            for option in setting.parserOptions { byOption[option.name] = setting }
        }
        let parsed = try OptionParser(options: settings.flatMap(\.parserOptions)).parse(arguments)
        for (name, text) in parsed.options {
            guard let setting = byOption[name] else { continue }
            let value: Setting.Value
            switch setting.kind {
            case .flag: value = .flag(name != setting.negation)
            case .categories:
                do throws(ConfigurationFileError) {
                    let file = text.hasPrefix("/") ? text : folder.map { "\($0)/\(text)" } ?? text
                    value = .categories(try FailureCategoryRules.read(file: file))
                } catch {
                    throw .usage("\(name): \(error)")
                }
            default:
                guard let read = setting.value(of: text) else {
                    throw .usage("\(name) \(text): expected \(setting.kind.expectedOnTheCommandLine)")
                }
                value = read
            }
            setting.store(value, in: &self)
            if let option = setting.option { sources.byOption[option] = option }
        }
        paths = parsed.positionals
    }

    /// The settings the environment holds (`GHERKIN_LANGUAGES`, Bazel's sharding; under `swift test`,
    /// `SPECKIT_TAGS`, `SPECKIT_NAME`...): each setting's `variables`.
    ///
    /// - Throws: `OptionParser.Failure.usage` naming a variable whose value is not of the expected kind.
    package init(environment: [String: String], extra: [Setting] = [], swiftTest: Bool = false)
        throws(OptionParser.Failure)
    {
        for setting in Setting.all + extra where swiftTest || !setting.onlySwiftTestReadsVariables {
            try read(setting, from: environment)
        }
    }

    /// Stores what the variables of `setting` hold in `environment`, if anything, and which variable gave it.
    private mutating func read(_ setting: Setting, from environment: [String: String]) throws(OptionParser.Failure) {
        guard let value = try setting.environmentValue(environment) else { return }
        setting.store(value, in: &self)
        if let option = setting.option, let variable = setting.variables.first(where: { environment[$0] != nil }) {
            sources.byOption[option] = variable
        }
    }

    /// Applies the settings the runner reads to a run configuration, as each entry of `Setting.all` says (`runs`):
    /// tags and names (added to the configuration's), exclusive groups, parallelism, retries and their tag filter,
    /// strictness, dry run, fail-fast, order, step timeout and shard. Paths, formats, tag links, the report folder and
    /// title are for the caller (a command, or the Swift Testing bridge); so are the languages
    /// (`gherkinLanguages()`), whose file is read there.
    public func apply(to configuration: inout RunConfiguration) {
        for setting in Setting.all {
            setting.runs?(self, &configuration)
        }
    }

    /// The Gherkin languages of a command that reads no other setting (`gherkin`, `lsp`): the built-in ones, plus
    /// the file its `--languages` gave (`path`), else the one `GHERKIN_LANGUAGES` names in `environment`, taken and
    /// named in errors by the table's `languages` entry, as a run takes them.
    ///
    /// - Throws: `LanguagesFileError` when the file cannot be read, naming the option or the variable.
    package static func gherkinLanguages(
        option path: String?, environment: [String: String]
    ) throws(LanguagesFileError) -> GherkinLanguages {
        guard let setting = Setting.named("languages") else { return .builtIn }
        var settings = RunSettings()
        // A file name is any text: its variable cannot hold a value of the wrong kind.
        try? settings.read(setting, from: environment)
        if let path, let option = setting.option {
            var given = RunSettings()
            setting.store(.text(path), in: &given)
            given.sources.byOption[option] = option
            settings = settings.merging(given)
        }
        return try settings.gherkinLanguages() ?? .builtIn
    }

    /// The Gherkin languages of a run: the built-in ones plus those of `languages`, or nil when it names no file.
    ///
    /// - Throws: `LanguagesFileError` when the file cannot be read, naming the option or the environment variable
    ///   that gave it.
    public func gherkinLanguages() throws(LanguagesFileError) -> GherkinLanguages? {
        guard let languages, !languages.isEmpty else { return nil }
        let failure: LanguagesFileError
        do {
            return try GherkinLanguages.builtIn(plus: languages)
        } catch let error as LanguagesFileError {
            failure = error
        } catch {
            failure = LanguagesFileError(path: languages, reason: "\(error)")
        }
        guard let source = sources.byOption["--languages"] else { throw failure }
        throw failure.given(by: source)
    }
}
