import Foundation
import Gherkin
import Messages
import OptionParsing

/// One setting of a run, declared once: its command-line option, its key in a configuration file's profile, the
/// environment variable that sets it, the value it takes and its range, how a later source merges with an earlier
/// one, and its line in the usage.
///
/// Each is declared with the property of `RunSettings` that holds its value (`@Declared`), and `Setting.all` reads
/// them from there: the one table of a run's settings. The command line, the profiles of `cucumber.json` (objects
/// or command lines), the environment, the usage, did-you-mean and the editor's settings all read it, and each fills
/// the same value, `RunSettings`, and `RunSettings.apply(to:)` hands the runner's settings on as each entry's `runs`
/// says; a new option is one property of `RunSettings`, declared with its setting, and its use.
public struct Setting: Sendable {
    /// The kind of value a setting takes, with its range.
    public enum Kind: Sendable, Hashable {
        /// A string.
        case text
        /// A string, repeatable (each one added); in a file, a string or an array of strings.
        case texts
        /// A whole number in the given range.
        case wholeNumber(ClosedRange<Int>)
        /// On or off: `--flag` (and its negation), `true` or `false` in a file.
        case flag
        /// `defined`, `reverse`, `random` or `random:SEED`.
        case order
        /// A number of seconds in `RunLimits.stepTimeoutSeconds`.
        case seconds
        /// `I/N`.
        case shard
        /// `NAME[:PATH]`, repeatable; in a file, an array of such strings or of `[NAME, PATH]` pairs.
        case formats
        /// Failure categories: the path of a file of Allure's rules (`FailureCategoryRules`); in a file, the rules
        /// themselves too.
        case categories

        /// What a value of this kind is, for error messages.
        public var expected: String {
            switch self {
            case .text: "a string"
            case .texts: "a string or an array of strings"
            case .wholeNumber(let range): RunLimits.expected(range)
            case .flag: "true or false"
            case .order: "\"defined\", \"reverse\", \"random\" or \"random:SEED\""
            case .seconds: RunLimits.stepTimeoutExpected
            case .shard: "\"I/N\" with 1 <= I <= N, e.g. \"1/4\""
            case .formats: "an array of \"NAME[:PATH]\" strings or [NAME, PATH] pairs"
            case .categories: FailureCategoryRules.expected
            }
        }

        /// What a value of this kind is, as written on a command line.
        public var expectedOnTheCommandLine: String {
            switch self {
            case .order: "defined, reverse, random or random:SEED (e.g. random:42)"
            case .shard: "I/N with 1 <= I <= N, e.g. 1/4"
            default: expected
            }
        }
    }

    /// How a later source's value (a later profile, the environment, the command line) merges with an earlier one.
    public enum Merge: Sendable, Hashable {
        /// The later value replaces the earlier one.
        case replaces
        /// The later values are added to the earlier ones.
        case adds
        /// Both tag expressions must hold: `(earlier) and (later)`.
        case conjoins
    }

    /// Where a setting is listed in the usage.
    public enum Section: String, CaseIterable, Sendable {
        case selecting = "Selecting scenarios"
        case running = "Running"
        case configuration = "Configuration file"
        case reports = "Reports"
    }

    /// Where a setting's value is kept in `RunSettings`.
    enum Field: Sendable {
        case text(WritableKeyPath<RunSettings, String?> & Sendable)
        case texts(WritableKeyPath<RunSettings, [String]> & Sendable)
        case number(WritableKeyPath<RunSettings, Int?> & Sendable)
        case flag(WritableKeyPath<RunSettings, Bool?> & Sendable)
        case order(WritableKeyPath<RunSettings, RunOrder?> & Sendable)
        case seconds(WritableKeyPath<RunSettings, Double?> & Sendable)
        case shard(WritableKeyPath<RunSettings, Shard?> & Sendable)
        case categories(WritableKeyPath<RunSettings, [FailureCategory]> & Sendable)
        /// A command's own option (`store`), kept in `RunSettings.extra` under this key.
        case extra(String)
    }

    /// A value read for a setting.
    enum Value {
        case text(String)
        case texts([String])
        case number(Int)
        case flag(Bool)
        case order(RunOrder)
        case seconds(Double)
        case shard(Shard)
        case categories([FailureCategory])
    }

    /// The key in a configuration file's profile (`retryTagFilter`), nil when a profile cannot hold it.
    public let key: String?
    /// The long option, with its dashes (`--retry-tag-filter`); nil for the paths, which are positional.
    public let option: String?
    /// Its short option (`-t`), if any.
    public let short: String?
    /// For a flag, the option that turns it off (`--no-strict`).
    public let negation: String?
    /// The environment variables that set it (`GHERKIN_LANGUAGES`), if any.
    public let variables: [String]
    /// Whether only `swift test` reads `variables` (`SPECKIT_TAGS`): a command run from a test inherits them.
    public let onlySwiftTestReadsVariables: Bool
    /// The value's name in the usage (`N`, `EXPR`); nil for a flag.
    public let valueName: String?
    /// The value it takes.
    public let kind: Kind
    /// How a later source merges with an earlier one.
    public let merge: Merge
    /// Where the usage lists it.
    public let section: Section
    /// What it does, for the usage.
    public let help: String
    /// What its negation does, for the usage.
    public let negationHelp: String?
    let field: Field
    /// Reads the value from the environment, when the variables hold one (nil: they do not); throws the error to
    /// show.
    let fromEnvironment: (@Sendable ([String: String]) throws(OptionParser.Failure) -> Value?)?
    /// How the setting changes the runner's configuration (`RunSettings.apply(to:)`), when the runner reads it; nil
    /// when only a command reads it (the report folder, the title).
    let runs: (@Sendable (RunSettings, inout RunConfiguration) -> Void)?

    init(
        key: String?, option: String?, short: String? = nil, negation: String? = nil, variables: [String] = [],
        swiftTest: Bool = false, value valueName: String? = nil, _ kind: Kind, _ field: Field, merge: Merge? = nil,
        _ section: Section,
        _ help: String, negationHelp: String? = nil,
        fromEnvironment: (@Sendable ([String: String]) throws(OptionParser.Failure) -> Value?)? = nil,
        runs: (@Sendable (RunSettings, inout RunConfiguration) -> Void)? = nil
    ) {
        self.key = key
        self.option = option
        self.short = short
        self.negation = negation
        self.variables = variables
        self.onlySwiftTestReadsVariables = swiftTest
        self.valueName = valueName
        self.kind = kind
        self.field = field
        switch field {
        case .texts, .categories: self.merge = merge ?? .adds
        default: self.merge = merge ?? .replaces
        }
        self.section = section
        self.help = help
        self.negationHelp = negationHelp
        self.fromEnvironment = fromEnvironment
        self.runs = runs
    }

    /// A command's own option (`--store VALUE`, the profile key `store`), kept in `RunSettings.extra`.
    public static func extra(_ key: String, help: String = "") -> Setting {
        Setting(key: key, option: "--\(key)", value: "VALUE", .text, .extra(key), .running, help)
    }
}

extension Setting {
    /// Every setting of a run, in the order `RunSettings` declares them (a command adds its variant option, such as
    /// `--store`, with `extra(_:help:)`).
    ///
    /// Read once per process with `Mirror`, as swift-argument-parser reads a command's options: it needs the
    /// reflection metadata Swift emits by default (a build with `-disable-reflection-metadata` would find none).
    public static let all: [Setting] = Mirror(reflecting: RunSettings()).children.compactMap { child in
        (child.value as? any DeclaredSetting)?.setting
    }

    /// The setting of a file key, for the editor's settings and the tests.
    public static func named(_ key: String) -> Setting? { all.first { $0.key == key } }

    /// The file keys whose values add up across sources, for the usage: `tags`, `name`, `format`...
    package static var additiveKeys: [String] {
        all.filter { $0.merge == .adds && $0.section != .configuration }.compactMap(\.key)
    }

    /// Bazel's sharding variables (`TEST_TOTAL_SHARDS`, `TEST_SHARD_INDEX`, numbered from 0) as a shard.
    static let bazelShard: @Sendable ([String: String]) throws(OptionParser.Failure) -> Value? = {
        environment throws(OptionParser.Failure) in
        guard let total = environment["TEST_TOTAL_SHARDS"], let index = environment["TEST_SHARD_INDEX"] else {
            return nil
        }
        guard let count = Int(total), let zeroBased = Int(index), count >= 1, zeroBased >= 0, zeroBased < count,
            let shard = try? Shard(index: zeroBased + 1, count: count)
        else {
            throw .usage("TEST_TOTAL_SHARDS=\(total), TEST_SHARD_INDEX=\(index): expected 0 <= index < total")
        }
        return .shard(shard)
    }

    /// cucumber-js options a profile may name that this runner does not have, with what to do instead.
    static let unsupported: [String: String] = [
        "language": "the default language of feature files is English: start a file with `# language: xx` instead",
        "require": "step definitions are Swift code compiled into the command: remove it",
        "requireModule": "step definitions are Swift code compiled into the command: remove it",
        "import": "step definitions are Swift code compiled into the command: remove it",
        "loader": "step definitions are Swift code compiled into the command: remove it",
        "worldParameters": "the world is made by Swift code: remove it",
        "formatOptions": "reports take no options: remove it",
        "publish": "reports are not published: remove it",
        "backtrace": "failures always show where they happened: remove it",
        "plugin": "there are no plugins: remove it",
        "pluginOptions": "there are no plugins: remove it",
        "exit": "the command always exits after the run: remove it",
        "forceExit": "the command always exits after the run: remove it",
    ]
}

// MARK: - Reading and keeping values

extension Setting {
    /// Keeps `value` in `settings`, merged with what an earlier value of the same source left there (a repeated
    /// option adds, or replaces, as `merge` says).
    func store(_ value: Value, in settings: inout RunSettings) {
        var given = RunSettings()
        switch (field, value) {
        case (.text(let path), .text(let text)): given[keyPath: path] = text
        case (.texts(let path), .texts(let texts)): given[keyPath: path] = texts
        case (.texts(let path), .text(let text)): given[keyPath: path] = [text]
        case (.number(let path), .number(let number)): given[keyPath: path] = number
        case (.flag(let path), .flag(let flag)): given[keyPath: path] = flag
        case (.order(let path), .order(let order)): given[keyPath: path] = order
        case (.seconds(let path), .seconds(let seconds)): given[keyPath: path] = seconds
        case (.shard(let path), .shard(let shard)): given[keyPath: path] = shard
        case (.categories(let path), .categories(let rules)): given[keyPath: path] = rules
        case (.extra(let key), .text(let text)): given.extra[key] = text
        default: return
        }
        // Within one source, a repeated list option adds up even where sources replace (paths, profiles).
        if merge == .replaces, case .texts(let path) = field {
            settings[keyPath: path] += given[keyPath: path]
        } else {
            merge(given, into: &settings)
        }
    }

    /// Whether `settings` gives this setting a value.
    func isGiven(in settings: RunSettings) -> Bool {
        switch field {
        case .text(let path): settings[keyPath: path] != nil
        case .texts(let path): !settings[keyPath: path].isEmpty
        case .number(let path): settings[keyPath: path] != nil
        case .flag(let path): settings[keyPath: path] != nil
        case .order(let path): settings[keyPath: path] != nil
        case .seconds(let path): settings[keyPath: path] != nil
        case .shard(let path): settings[keyPath: path] != nil
        case .categories(let path): !settings[keyPath: path].isEmpty
        case .extra(let key): settings.extra[key] != nil
        }
    }

    /// Merges `later`'s value of this setting into `settings`, as `merge` says; nothing when `later` has none.
    func merge(_ later: RunSettings, into settings: inout RunSettings) {
        switch field {
        case .text(let path):
            guard let value = later[keyPath: path] else { return }
            if merge == .conjoins, let earlier = settings[keyPath: path] {
                settings[keyPath: path] = "(\(earlier)) and (\(value))"
            } else {
                settings[keyPath: path] = value
            }
        case .texts(let path):
            guard !later[keyPath: path].isEmpty else { return }
            if merge == .adds {
                settings[keyPath: path] += later[keyPath: path]
            } else {
                settings[keyPath: path] = later[keyPath: path]
            }
        case .number(let path): settings[keyPath: path] = later[keyPath: path] ?? settings[keyPath: path]
        case .flag(let path): settings[keyPath: path] = later[keyPath: path] ?? settings[keyPath: path]
        case .order(let path): settings[keyPath: path] = later[keyPath: path] ?? settings[keyPath: path]
        case .seconds(let path): settings[keyPath: path] = later[keyPath: path] ?? settings[keyPath: path]
        case .shard(let path): settings[keyPath: path] = later[keyPath: path] ?? settings[keyPath: path]
        case .categories(let path): settings[keyPath: path] += later[keyPath: path]
        case .extra(let key): settings.extra[key] = later.extra[key] ?? settings.extra[key]
        }
    }

    /// The value of a command-line argument, or nil when it is not of the expected kind (a flag takes none).
    func value(of text: String) -> Value? {
        switch kind {
        case .text: return .text(text)
        case .texts, .formats: return .texts([text])
        case .wholeNumber(let range):
            guard let number = Int(text), range.contains(number) else { return nil }
            return .number(number)
        case .flag, .categories: return nil
        case .order: return (try? RunOrder(parsing: text)).map { .order($0) }
        case .seconds:
            guard let seconds = Double(text), RunLimits.stepTimeout(seconds: seconds) != nil else { return nil }
            return .seconds(seconds)
        case .shard: return (try? Shard(parsing: text)).map { .shard($0) }
        }
    }

    /// The value of `json` in a configuration file, or nil when it is not of the expected kind (categories are
    /// read by the caller, which knows the file).
    func value(of json: JSONValue) -> Value? {
        switch (kind, json) {
        case (.text, .string(let text)): return .text(text)
        case (.texts, .string(let text)), (.formats, .string(let text)): return .texts([text])
        case (.texts, .array(let items)):
            var texts: [String] = []
            for item in items {
                guard case .string(let text) = item else { return nil }
                texts.append(text)
            }
            return .texts(texts)
        case (.formats, .array(let items)):
            var formats: [String] = []
            for item in items {
                switch item {
                case .string(let text): formats.append(text)
                case .array(let pair) where (1...2).contains(pair.count):
                    var parts: [String] = []
                    for part in pair {
                        guard case .string(let text) = part else { return nil }
                        parts.append(text)
                    }
                    formats.append(parts.joined(separator: ":"))
                default: return nil
                }
            }
            return .texts(formats)
        case (.wholeNumber(let range), .number(let number)):
            guard number.isFinite, number.rounded() == number, number >= Double(range.lowerBound),
                number <= Double(range.upperBound)
            else {
                return nil
            }
            return .number(Int(number))
        case (.flag, .bool(let flag)): return .flag(flag)
        case (.seconds, .number(let seconds)):
            return RunLimits.stepTimeout(seconds: seconds) == nil ? nil : .seconds(seconds)
        case (.order, .string(let text)), (.shard, .string(let text)): return value(of: text)
        default: return nil
        }
    }

    /// Whether `json` is a value this setting takes, as a configuration file or the editor's settings write it.
    package func accepts(_ json: JSONValue) -> Bool { value(of: json) != nil }

    /// The value its environment variables hold, or nil when they hold none (an empty variable is none).
    func environmentValue(_ environment: [String: String]) throws(OptionParser.Failure) -> Value? {
        if let fromEnvironment { return try fromEnvironment(environment) }
        guard let variable = variables.first, let text = environment[variable],
            !text.trimmingCharacters(in: .whitespaces).isEmpty
        else {
            return nil
        }
        guard let value = value(of: text) else { throw .usage("\(variable)=\(text): expected \(kind.expected)") }
        return value
    }

    /// The option as the parser knows it (with its negation, for a flag that has one).
    var parserOptions: [OptionParser.Option] {
        guard let option else { return [] }
        let main = OptionParser.Option(name: option, short: short, takesValue: kind != .flag)
        guard let negation else { return [main] }
        return [main, OptionParser.Option(name: negation, short: nil, takesValue: false)]
    }
}
