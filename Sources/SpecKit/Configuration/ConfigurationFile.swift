import Foundation
import Gherkin
import Messages
import OptionParsing
import StepSuggestions

/// A configuration file in cucumber-js's `cucumber.json` format: each top-level key is a profile, `default` the one
/// used when none is named, each profile an object of settings (the keys of `Setting.all`), or a command line (a string or
/// an array of arguments, as cucumber-js allows).
///
/// ```json
/// {
///   "default": { "format": ["progress", "html:reports/report.html"], "strict": true },
///   "ci": { "tags": "not @wip", "parallel": 4, "retry": 1, "format": ["junit:reports/junit.xml"] },
///   "smoke": "--tags @smoke --fail-fast"
/// }
/// ```
///
/// An unknown key or a value of the wrong type in a profile used, or a profile that does not exist, is a
/// `ConfigurationFileError` naming the file, the line and column where found, the profile, the key and what it
/// expects.
public struct ConfigurationFile: Sendable {
    /// The file name looked for in a package's root.
    public static let defaultName = "cucumber.json"
    /// The environment variable naming the profiles `swift test` uses (`SPECKIT_PROFILE=ci`, or `ci,slow`).
    public static let profileVariable = "SPECKIT_PROFILE"
    /// The environment variable naming another configuration file for `swift test`.
    public static let fileVariable = "SPECKIT_CONFIG"

    /// The file's path, as given.
    public let path: String
    /// The profile names, sorted.
    public var profileNames: [String] { profiles.keys.sorted() }

    private let profiles: [String: JSONValue]
    private let reader: ProfileReader

    /// Reads the file at `path`; `extraKeys` are the command's own options a profile may set (`store`). The
    /// profiles are checked when used (`settings(profiles:)`), as cucumber-js does.
    ///
    /// - Throws: `ConfigurationFileError` when the file cannot be read, is not a regular file (a device, a FIFO, a
    ///   folder: said, not read), holds more than `fileSizeLimit` bytes, or is not a JSON object.
    public init(path: String, extraKeys: [String] = []) throws(ConfigurationFileError) {
        try self.init(data: try Self.read(path), path: path, extraKeys: extraKeys)
    }

    /// The bytes of the file at `path`: a regular file of at most `fileSizeLimit` bytes.
    static func read(_ path: String) throws(ConfigurationFileError) -> Data {
        do {
            return try RegularFile.read(path, limit: fileSizeLimit)
        } catch {
            throw ConfigurationFileError(path: path, message: error.reason)
        }
    }

    /// The JSON value of a configuration file's bytes and its text (after a UTF-8 byte-order mark, which some
    /// Windows editors write, and from which lines and columns are counted); `path` names the file in errors.
    static func parse(_ data: Data, path: String) throws(ConfigurationFileError) -> (JSONValue, JSONText) {
        let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
        do {
            return (try JSONValue(parsing: data), JSONText([UInt8](data)))
        } catch {
            throw ConfigurationFileError(
                path: path, line: error.line, column: error.column, message: "not valid JSON: \(error.reason)")
        }
    }

    /// The most bytes a configuration file may hold.
    public static let fileSizeLimit = 16 << 20

    /// Reads a configuration file's bytes; `path` names it in errors. A UTF-8 byte-order mark at the start (as some
    /// Windows editors write) is skipped; lines and columns in errors are counted after it.
    ///
    /// - Throws: `ConfigurationFileError`, as `init(path:extraKeys:)`.
    public init(data: Data, path: String, extraKeys: [String] = []) throws(ConfigurationFileError) {
        self.path = path
        let (root, text) = try Self.parse(data, path: path)
        guard case .object(let members) = root else {
            throw ConfigurationFileError(
                path: path, line: 1, column: 1, message: "expected a JSON object of profiles, e.g. {\"default\": {}}")
        }
        reader = ProfileReader(path: path, text: text, extraKeys: extraKeys)
        profiles = members
    }

    /// The settings of `names` merged in order (see `RunSettings.merging(_:)`); of `default` (or nothing, when
    /// the file has none) when `names` is empty.
    ///
    /// - Throws: `ConfigurationFileError` when a profile named is not in the file, or holds an unknown key or a
    ///   value of the wrong type.
    public func settings(profiles names: [String]) throws(ConfigurationFileError) -> RunSettings {
        guard !names.isEmpty else {
            guard let profile = profiles["default"] else { return RunSettings() }
            return try reader.read(profile: "default", profile)
        }
        var merged = RunSettings()
        for name in names {
            guard let profile = profiles[name] else {
                let known = profileNames.isEmpty ? "it has none" : "it has " + profileNames.joined(separator: ", ")
                throw ConfigurationFileError(path: path, message: "no profile \"\(name)\" (\(known))")
            }
            merged = merged.merging(try reader.read(profile: name, profile))
        }
        return merged
    }

    /// The settings a run in the package at `packageRoot` takes from its configuration file: the file is
    /// `$SPECKIT_CONFIG` when set, else `cucumber.json` in the package root; the profiles are `profiles` followed
    /// by those of `$SPECKIT_PROFILE` (names separated by commas or spaces), else `default`.
    ///
    /// No file and no profile asked for is no setting. This is what `swift test` applies (see
    /// `RunSettings.apply(to:)`), as the command applies `--config` and `--profile`. `extraKeys` are the keys
    /// of the package's command's own options that a profile may hold (`store`), kept in `RunSettings.extra`.
    ///
    /// - Throws: `ConfigurationFileError` when the file is wrong, when `$SPECKIT_CONFIG` names no file, or when a
    ///   profile is asked for and there is no file or no such profile in it.
    public static func settings(
        packageRoot: URL, profiles: [String] = [], environment: [String: String], extraKeys: [String] = []
    ) throws(ConfigurationFileError) -> RunSettings {
        // The variables as the settings' table reads them (another variable's error is the environment's own).
        let fromEnvironment = (try? RunSettings(environment: environment, swiftTest: true)) ?? RunSettings()
        let named = profiles + fromEnvironment.profiles
        let path: String
        if let file = fromEnvironment.config {
            path = file.hasPrefix("/") ? file : packageRoot.appendingPathComponent(file).path
            guard FileManager.default.fileExists(atPath: path) else {
                throw ConfigurationFileError(path: path, message: "no such configuration file (\(fileVariable))")
            }
        } else {
            path = packageRoot.appendingPathComponent(defaultName).path
            guard FileManager.default.fileExists(atPath: path) else {
                guard named.isEmpty else {
                    throw ConfigurationFileError(
                        path: path,
                        message: "no configuration file, so no profile \"\(named[0])\" (\(profileVariable))")
                }
                return RunSettings()
            }
        }
        let file = try ConfigurationFile(path: path, extraKeys: extraKeys)
        do {
            return try file.settings(profiles: named)
        } catch {
            // A profile named by the environment: say so, for the variable is where to look.
            guard let fromEnvironment = environment[profileVariable], !fromEnvironment.isEmpty else { throw error }
            var named = error
            named.message += " (\(profileVariable)=\(fromEnvironment))"
            throw named
        }
    }
}

/// Reads the profiles of one configuration file, with the file's text at hand to say where a problem is.
struct ProfileReader: Sendable {
    let path: String
    let text: JSONText
    /// The settings a profile may hold, by key: `Setting.all`'s and the command's own.
    let keys: [String: Setting]
    let extra: [Setting]

    init(path: String, text: JSONText, extraKeys: [String]) {
        self.path = path
        self.text = text
        extra = extraKeys.map { Setting.extra($0) }
        var keys: [String: Setting] = [:]
        for setting in Setting.all + extra {
            if let key = setting.key { keys[key] = setting }
        }
        self.keys = keys
    }

    func read(profile name: String, _ value: JSONValue) throws(ConfigurationFileError) -> RunSettings {
        switch value {
        case .object(let members):
            var settings = RunSettings()
            for key in members.keys.sorted() {
                guard let member = members[key] else { continue }
                guard let setting = keys[key] else {
                    throw error(profile: name, key: key, message: unknownKeyMessage(key))
                }
                if setting.kind == .categories {
                    setting.store(.categories(try categories(member, profile: name)), in: &settings)
                    continue
                }
                guard let parsed = setting.value(of: member) else {
                    throw error(
                        profile: name, key: key,
                        message: "\"\(key)\" must be \(setting.kind.expected), not \(Self.describe(member))")
                }
                setting.store(parsed, in: &settings)
                // Where it was given, for the errors found once it is used (a languages file that cannot be read).
                if let option = setting.option {
                    settings.sources.byOption[option] = error(profile: name, key: key, message: key).description
                }
            }
            return settings
        case .string(let line):
            return try read(profile: name, arguments: try split(line, profile: name))
        case .array(let items):
            var arguments: [String] = []
            for item in items {
                guard case .string(let argument) = item else {
                    throw error(profile: name, message: "a profile written as an array holds only strings (arguments)")
                }
                arguments.append(argument)
            }
            return try read(profile: name, arguments: arguments)
        default:
            throw error(
                profile: name,
                message: "must be an object of options, a command line, or an array of arguments, not "
                    + Self.describe(value))
        }
    }

    /// A profile written as a command line: read as the command line is (`RunSettings(arguments:)`), the files
    /// it names relative to this file's folder. Options a profile cannot hold (`--watch`, `--profile`) are refused.
    func read(profile name: String, arguments: [String]) throws(ConfigurationFileError) -> RunSettings {
        var settings: RunSettings
        do throws(OptionParser.Failure) {
            settings = try RunSettings(
                arguments: arguments, extra: extra, folder: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        } catch {
            switch error {
            case .help:
                throw self.error(profile: name, message: "unknown option '--help' in the profile's command line")
            case .usage(let message): throw self.error(profile: name, message: message)
            }
        }
        for option in settings.sources.byOption.keys {
            settings.sources.byOption[option] = error(profile: name, message: option).description
        }
        for setting in Setting.all where setting.key == nil {
            var alone = RunSettings()
            setting.merge(settings, into: &alone)
            if !alone.isEmpty, let option = setting.option {
                throw self.error(profile: name, message: "\(option) is for the command line, not a profile")
            }
        }
        return settings
    }

    /// The failure categories under a profile's `categories` key: rules written there, or the path of a file of
    /// them (relative to this file's folder). A bad rule is an error at its place in this file, or in the other.
    private func categories(_ value: JSONValue, profile: String) throws(ConfigurationFileError) -> [FailureCategory] {
        if case .string(let file) = value { return try FailureCategoryRules.read(file: resolved(file)) }
        do {
            return try FailureCategoryRules.rules(from: value)
        } catch {
            var place: (line: Int, column: Int)?
            if let profileOffset = text.offset(ofKey: profile, from: 0),
                let key = text.offset(ofKey: "categories", from: profileOffset),
                let array = text.valueOffset(ofKeyAt: key)
            {
                place = text.place(of: error, inArrayAt: array)
            }
            throw ConfigurationFileError(
                path: path, line: place?.line, column: place?.column,
                message: "profile \"\(profile)\": categories: \(error)")
        }
    }

    /// `file` as named in this configuration file: relative to its folder unless absolute.
    private func resolved(_ file: String) -> String {
        guard !file.hasPrefix("/") else { return file }
        return URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(file).path
    }

    private func unknownKeyMessage(_ key: String) -> String {
        if let advice = Setting.unsupported[key] { return "\"\(key)\" is not supported: \(advice)" }
        let known = keys.keys.sorted()
        var message = "unknown key \"\(key)\""
        if let closest = closestName(to: key, in: known) {
            message += "; did you mean \"\(closest)\"?"
        }
        return message + " (known keys: " + known.joined(separator: ", ") + ")"
    }

    /// Splits a command line as a shell does: words separated by spaces, quotes (`'...'`, `"..."`) and `\` escapes.
    private func split(_ line: String, profile: String) throws(ConfigurationFileError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else {
            throw error(profile: profile, message: "the profile's command line ends inside a quote")
        }
        if inWord { words.append(word) }
        return words
    }

    private func error(profile: String, key: String? = nil, message: String) -> ConfigurationFileError {
        let place = locate(profile: profile, key: key)
        return ConfigurationFileError(
            path: path, line: place?.line, column: place?.column, message: "profile \"\(profile)\": \(message)")
    }

    /// Where `"key":` is written inside the profile (or where the profile is, without a key): the first such key
    /// after the profile's own key in the text.
    private func locate(profile: String, key: String?) -> (line: Int, column: Int)? {
        guard let profileOffset = text.offset(ofKey: profile, from: 0) else { return nil }
        let offset = key.flatMap { text.offset(ofKey: $0, from: profileOffset) } ?? profileOffset
        return text.place(of: offset)
    }

    /// `"4"` (a string), `4`, `true`, `an array`, `an object`, `null`, for error messages.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let number):
            number.rounded() == number && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
        case .string(let text): "the string \"\(text)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
