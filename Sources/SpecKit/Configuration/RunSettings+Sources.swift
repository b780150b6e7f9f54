import Gherkin
import Messages
import OptionParsing

extension RunSettings {
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
