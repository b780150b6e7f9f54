import Foundation

/// Looks up the keywords of a language by its code (`"en"`, `"fr"`, ...).
public protocol DialectProvider: Sendable {
    /// The dialect for a language code, or `nil` when the language is not supported.
    func dialect(for language: String) -> GherkinDialect?
}

/// A set of dialects: the built-in languages (all those of Cucumber's `gherkin-languages.json`), optionally
/// extended or overridden by a file in that format.
public struct GherkinLanguages: DialectProvider, Sendable {
    /// The dialects by language code.
    public private(set) var dialects: [String: GherkinDialect]
    /// The language codes in the order the dialects were given, each once: for the built-in ones, the order of
    /// `gherkin-languages.json` (the order `--i18n-languages` lists them in).
    public private(set) var orderedLanguageCodes: [String]

    /// Creates a set from dialects; a later dialect with the same language code replaces an earlier one (and keeps
    /// its place).
    public init(_ dialects: [GherkinDialect]) {
        var byCode: [String: GherkinDialect] = [:]
        var order: [String] = []
        for dialect in dialects {
            if byCode.updateValue(dialect, forKey: dialect.language) == nil { order.append(dialect.language) }
        }
        self.dialects = byCode
        self.orderedLanguageCodes = order
    }

    /// Every language of Cucumber's `gherkin-languages.json` (80 of them: English, French, Japanese, Dutch, …),
    /// generated from it by `.ci/generate-languages`.
    public static let builtIn = GherkinLanguages(GherkinDialect.builtIn)

    /// The name of the environment variable that may name a languages file.
    public static let environmentVariable = "GHERKIN_LANGUAGES"

    /// The sorted language codes of this set.
    public var languageCodes: [String] { dialects.keys.sorted() }

    /// The dialect for a language code, or `nil` when the language is not in this set.
    public func dialect(for language: String) -> GherkinDialect? {
        dialects[language]
    }

    /// This set plus every dialect of `other`; `other` wins when both define a language (which keeps its place;
    /// new languages come after this set's).
    public func merging(_ other: GherkinLanguages) -> GherkinLanguages {
        var merged = self
        for code in other.orderedLanguageCodes where merged.dialects[code] == nil {
            merged.orderedLanguageCodes.append(code)
        }
        merged.dialects.merge(other.dialects) { _, new in new }
        return merged
    }

    /// The built-in languages plus the ones of a languages file, whose dialects replace the built-in ones of the
    /// same code.
    ///
    /// - Throws: `LanguagesFileError` naming the file (and the language and key) when it cannot be read or is not
    ///   in the `gherkin-languages.json` format.
    public static func builtIn(plus path: String) throws -> GherkinLanguages {
        builtIn.merging(try load(path: path))
    }

    /// The most bytes a languages file may hold (Cucumber's own, of every language, is about 200 KiB).
    public static let fileSizeLimit = 16 << 20

    /// Reads the dialects of a file in the `gherkin-languages.json` format.
    ///
    /// - Throws: `LanguagesFileError` naming the file when it cannot be read, is not a regular file (a device such
    ///   as `/dev/zero`, a FIFO, a folder: said, not read), holds more than `fileSizeLimit` bytes, or is not in the
    ///   format.
    public static func load(path: String) throws -> GherkinLanguages {
        let data: Data
        do {
            data = try RegularFile.read(path, limit: fileSizeLimit)
        } catch {
            throw LanguagesFileError(path: path, reason: error.reason)
        }
        return try decode(data, path: path)
    }

    /// Decodes the dialects of a document in the `gherkin-languages.json` format; `path` names it in errors.
    public static func decode(_ data: Data, path: String) throws -> GherkinLanguages {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw LanguagesFileError(path: path, reason: "not valid JSON")
        }
        guard let languages = root as? [String: Any] else {
            throw LanguagesFileError(path: path, reason: "expected a JSON object of languages at the top level")
        }
        var dialects: [GherkinDialect] = []
        for code in languages.keys.sorted() {
            guard let entry = languages[code] as? [String: Any] else {
                throw LanguagesFileError(path: path, reason: "language \"\(code)\" is not a JSON object")
            }
            func keywords(_ key: String) throws -> [String] {
                guard let list = entry[key] as? [String], !list.isEmpty else {
                    throw LanguagesFileError(
                        path: path, reason: "language \"\(code)\": \"\(key)\" must be a non-empty array of strings")
                }
                if list.contains(where: \.isEmpty) {
                    throw LanguagesFileError(
                        path: path, reason: "language \"\(code)\": \"\(key)\" contains an empty keyword")
                }
                return list
            }
            func text(_ key: String) throws -> String {
                guard let value = entry[key] as? String else {
                    throw LanguagesFileError(path: path, reason: "language \"\(code)\": \"\(key)\" must be a string")
                }
                return value
            }
            dialects.append(
                GherkinDialect(
                    language: code, name: try text("name"), native: try text("native"),
                    feature: try keywords("feature"), rule: try keywords("rule"),
                    background: try keywords("background"), scenario: try keywords("scenario"),
                    scenarioOutline: try keywords("scenarioOutline"), examples: try keywords("examples"),
                    given: try keywords("given"), when: try keywords("when"), then: try keywords("then"),
                    and: try keywords("and"), but: try keywords("but")))
        }
        return GherkinLanguages(dialects)
    }
}

/// A languages file that cannot be used, with the file's path and what is wrong with it.
public struct LanguagesFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path of the languages file.
    public var path: String
    /// What is wrong with it.
    public var reason: String

    /// Where the path was given, when known: an option (`--languages`), an environment variable
    /// (`GHERKIN_LANGUAGES`), or a place in a configuration file (`cucumber.json:3:5: profile "ci": languages`).
    public var source: String?

    /// Creates the error.
    public init(path: String, reason: String, source: String? = nil) {
        self.path = path
        self.reason = reason
        self.source = source
    }

    /// This error with `source` as where its path was given.
    public func given(by source: String) -> LanguagesFileError {
        LanguagesFileError(path: path, reason: reason, source: source)
    }

    /// `path: reason`, after the variable that gave the path (`GHERKIN_LANGUAGES=path: reason`), or any other source
    /// (`--languages path: reason`), when known.
    public var description: String {
        switch source {
        case nil: "\(path): \(reason)"
        case let variable? where Self.isVariableName(variable): "\(variable)=\(path): \(reason)"
        case let source?: "\(source) \(path): \(reason)"
        }
    }

    /// Whether `source` is an environment variable's name: letters, digits and underscores, not starting with a digit.
    private static func isVariableName(_ source: String) -> Bool {
        guard let first = source.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return source.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
