import RegexEngine

/// A parameter type: the `{name}` of a Cucumber Expression, the regular expressions it matches and how the
/// matched text becomes a Swift value.
///
/// The transformer receives the values of the capture groups of the matching regular expression (or the
/// whole match when it has none), exactly as in every Cucumber. A type for durations such as
/// `7 days`, `6 days 23 hours` or `7 days minus 1 second`:
///
/// ```swift
/// let unit = "(?:day|hour|minute|second)s?"
/// let duration = try ParameterType(
///     name: "duration",
///     regexps: [#"\d+ "# + unit + #"(?: \d+ "# + unit + #")*(?: minus \d+ "# + unit + ")?"],
///     transform: { values in try parseDuration(values[0] ?? "") }  // the step library's parser
/// )
/// var registry = ParameterTypeRegistry()
/// try registry.define(duration)
/// let expression = try CucumberExpression("the cache was saved {duration} ago", registry: registry)
/// ```
///
/// `useForSnippets` lets the expression generator propose the type in snippets for undefined steps;
/// `preferForRegexpMatch` makes it the one chosen when several types share a regular expression used as a
/// capture group of a regular-expression step definition.
public struct ParameterType: Sendable {
    /// One reference, so that copying a parameter type (into every argument) costs one retain.
    private final class Storage: Sendable {
        let name: String?
        let regexps: [String]
        let valueType: Any.Type
        /// `String(describing: valueType)`, made once (describing a metatype is slow).
        let valueTypeName: String
        let useForSnippets: Bool
        let preferForRegexpMatch: Bool
        let isBuiltIn: Bool
        let transformer: @Sendable ([String?]) throws -> any Sendable

        init(
            name: String?, regexps: [String], valueType: Any.Type, useForSnippets: Bool, preferForRegexpMatch: Bool,
            isBuiltIn: Bool, transformer: @escaping @Sendable ([String?]) throws -> any Sendable
        ) {
            self.name = name
            self.regexps = regexps
            self.valueType = valueType
            valueTypeName = String(describing: valueType)
            self.useForSnippets = useForSnippets
            self.preferForRegexpMatch = preferForRegexpMatch
            self.isBuiltIn = isBuiltIn
            self.transformer = transformer
        }
    }

    private let storage: Storage

    /// The name between the braces; `""` for the anonymous `{}`. Nil only for the implicit type that a
    /// regular-expression step definition gives a capture group matching no registered type's regexp.
    public var name: String? { storage.name }
    /// The regular expressions (ECMAScript syntax) this type matches, tried in order.
    public var regexps: [String] { storage.regexps }
    /// The Swift type of the transformed values.
    public var valueType: Any.Type { storage.valueType }
    /// The name of `valueType` as Swift writes it (`Int`, `String`), for snippets.
    public var valueTypeName: String { storage.valueTypeName }
    /// Whether the expression generator may propose this type in snippets.
    public var useForSnippets: Bool { storage.useForSnippets }
    /// Whether this type wins when several types share a regexp matched by a regular-expression step.
    public var preferForRegexpMatch: Bool { storage.preferForRegexpMatch }
    /// Whether this type is one of the built-in types of Cucumber Expressions.
    public var isBuiltIn: Bool { storage.isBuiltIn }

    /// Creates a custom parameter type.
    ///
    /// - Parameters:
    ///   - name: the name used between braces; it may not contain `{`, `}`, `(`, `)`, `\` or `/`.
    ///   - regexps: one or more regular expressions (ECMAScript syntax, no flags, no `^`/`$` anchors).
    ///   - type: the Swift type of the values, usually inferred from `transform`.
    ///   - useForSnippets: whether the expression generator may propose this type (default true).
    ///   - preferForRegexpMatch: whether this type wins a regexp shared with other types (default false).
    ///   - transform: turns the capture group values (or the whole match when the regexp has no capture
    ///     groups) into a value; it may throw, and the error reaches the runner as a
    ///     `ParameterTransformError` naming this type and the text.
    /// - Throws: `ParameterTypeError` when the name is illegal, `regexps` is empty or a regexp is invalid.
    public init<Value: Sendable>(
        name: String,
        regexps: [String],
        type: Value.Type = Value.self,
        useForSnippets: Bool = true,
        preferForRegexpMatch: Bool = false,
        transform: @escaping @Sendable (_ values: [String?]) throws -> Value
    ) throws(ParameterTypeError) {
        try ParameterType.checkName(name)
        guard !regexps.isEmpty else {
            throw ParameterTypeError(
                kind: .noRegexp, message: "The parameter type {\(name)} needs at least one regular expression")
        }
        for regexp in regexps {
            do {
                _ = try TreeRegex(regexp)
            } catch {
                throw ParameterTypeError(
                    kind: .invalidRegexp,
                    message: "The parameter type {\(name)} has an invalid regexp: \(error.message)")
            }
        }
        self.init(
            name: name, regexps: regexps, valueType: Value.self, useForSnippets: useForSnippets,
            preferForRegexpMatch: preferForRegexpMatch, isBuiltIn: false, transformer: { try transform($0) })
    }

    /// Creates a custom parameter type with a single regular expression; see
    /// `init(name:regexps:type:useForSnippets:preferForRegexpMatch:transform:)`.
    public init<Value: Sendable>(
        name: String,
        regexp: String,
        type: Value.Type = Value.self,
        useForSnippets: Bool = true,
        preferForRegexpMatch: Bool = false,
        transform: @escaping @Sendable (_ values: [String?]) throws -> Value
    ) throws(ParameterTypeError) {
        try self.init(
            name: name, regexps: [regexp], type: type, useForSnippets: useForSnippets,
            preferForRegexpMatch: preferForRegexpMatch, transform: transform)
    }

    init(
        name: String?,
        regexps: [String],
        valueType: Any.Type,
        useForSnippets: Bool,
        preferForRegexpMatch: Bool,
        isBuiltIn: Bool,
        transformer: @escaping @Sendable ([String?]) throws -> any Sendable
    ) {
        storage = Storage(
            name: name, regexps: regexps, valueType: valueType, useForSnippets: useForSnippets,
            preferForRegexpMatch: preferForRegexpMatch, isBuiltIn: isBuiltIn, transformer: transformer)
    }

    /// The type a regular-expression step definition gives a capture group whose regexp belongs to no
    /// registered type: its value is the group's text, `String?` (nil when the group did not match).
    static func implicit(regexp: String) -> ParameterType {
        ParameterType(
            name: nil, regexps: [regexp], valueType: String?.self, useForSnippets: false, preferForRegexpMatch: false,
            isBuiltIn: false, transformer: BuiltInParameterTypes.firstValue)
    }

    /// Transforms capture group values into this type's value.
    public func transform(_ values: [String?]) throws(ParameterTransformError) -> any Sendable {
        do {
            return try storage.transformer(values)
        } catch let error as ParameterTransformError {
            throw ParameterTransformError(parameterTypeName: name, values: values, reason: error.reason)
        } catch {
            throw ParameterTransformError(
                parameterTypeName: name, values: values, reason: String(describing: error))
        }
    }

    /// Whether `name` may name a parameter type.
    static func isValidName(_ name: String) -> Bool {
        !name.unicodeScalars.contains { "{}()\\/".unicodeScalars.contains($0) }
    }

    static func checkName(_ name: String) throws(ParameterTypeError) {
        guard isValidName(name) else {
            throw ParameterTypeError(
                kind: .illegalName,
                message:
                    "Illegal character in parameter name {\(name)}. Parameter names may not contain '{', '}', '(', ')', '\\' or '/'"
            )
        }
    }

    /// The order of the official implementations: preferential types first, then by name.
    static func areInIncreasingOrder(_ lhs: ParameterType, _ rhs: ParameterType) -> Bool {
        if lhs.preferForRegexpMatch != rhs.preferForRegexpMatch { return lhs.preferForRegexpMatch }
        return compareNames(lhs.name ?? "", rhs.name ?? "") < 0
    }

    /// Approximates JavaScript's `localeCompare` for parameter type names: case-insensitive first, then
    /// lowercase before uppercase.
    static func compareNames(_ lhs: String, _ rhs: String) -> Int {
        let lower = (lhs.lowercased(), rhs.lowercased())
        if lower.0 != lower.1 { return lower.0 < lower.1 ? -1 : 1 }
        if lhs == rhs { return 0 }
        return lhs > rhs ? -1 : 1
    }
}

/// A parameter type that cannot be created or registered.
///
/// ```swift
/// var registry = ParameterTypeRegistry()
/// let flight = try ParameterType(name: "flight", regexp: "[A-Z]{3}-[A-Z]{3}") { $0[0] ?? "" }
/// try registry.define(flight)
/// try registry.define(flight) // throws: There is already a parameter type with name flight
/// ```
public struct ParameterTypeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// The name contains `{`, `}`, `(`, `)`, `\` or `/`.
        case illegalName
        /// No regular expression was given.
        case noRegexp
        /// A regular expression is invalid.
        case invalidRegexp
        /// Another type already has this name.
        case duplicateName
        /// Two preferential types share a regular expression.
        case duplicatePreferential
    }

    /// What is wrong.
    public let kind: Kind
    /// The message, naming the parameter type.
    public let message: String

    /// The message.
    public var description: String { message }
}

/// A transformer that failed: names the parameter type and the text it was given.
///
/// ```swift
/// let arguments = try expression.match("I have 99999999999999999999 cukes")
/// do { _ = try arguments?[0].value() } catch let error as ParameterTransformError {
///     print(error.message) // The parameter type {int} could not transform "99999999999999999999": ...
/// }
/// ```
public struct ParameterTransformError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter type's name (nil for an implicit regular-expression capture group).
    public let parameterTypeName: String?
    /// The values the transformer was given.
    public let values: [String?]
    /// Why the transformer failed.
    public let reason: String

    /// Creates an error; transformers may throw it to control the reason.
    public init(parameterTypeName: String?, values: [String?], reason: String) {
        self.parameterTypeName = parameterTypeName
        self.values = values
        self.reason = reason
    }

    /// The message, naming the parameter type and the text.
    public var message: String {
        let text = values.compactMap { $0 }.map { "\"\($0)\"" }.joined(separator: ", ")
        let subject = parameterTypeName.map { "The parameter type {\($0)}" } ?? "The capture group's implicit type"
        return "\(subject) could not transform \(text.isEmpty ? "a group that did not match" : text): \(reason)"
    }

    /// The message.
    public var description: String { message }
}
