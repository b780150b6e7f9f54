/// The parameter types a step library knows: the built-in ones plus those it defines.
///
/// Built-in types and the Swift type of their values:
///
/// | type | matches | Swift type |
/// |---|---|---|
/// | `{int}` | `-?\d+` or `\d+` | `Int` (64-bit; larger values fail to transform) |
/// | `{float}` | decimal or scientific numbers, e.g. `.5`, `-3.14`, `1.5E+3` | `Double` (a step may take `Float`) |
/// | `{double}` | same as `{float}` | `Double` (a step may take `Float`) |
/// | `{bigdecimal}` | same as `{float}` | `BigDecimal` (every digit kept) |
/// | `{byte}`, `{short}`, `{long}` | same as `{int}` | `Int8`, `Int16`, `Int64` (out of range fails) |
/// | `{biginteger}` | same as `{int}` | `BigInteger` (every digit kept) |
/// | `{word}` | `[^\s]+` | `String` |
/// | `{string}` | `"..."` or `'...'` with `\"`/`\'` escapes | `String` (without the quotes, escapes resolved) |
/// | `{}` | `.*` | `String` |
///
/// `{int}`, `{float}` and `{string}` are proposed in snippets; `{int}` and `{}` are preferential for
/// regular-expression matching, as in the official implementations.
///
/// ```swift
/// var registry = ParameterTypeRegistry()
/// try registry.define(ParameterType(name: "store", regexp: "memory|file|sqlite") { $0[0] ?? "" })
/// registry.parameterType(named: "store")?.regexps // ["memory|file|sqlite"]
/// ```
public struct ParameterTypeRegistry: Sendable {
    private var byName: [String: ParameterType] = [:]
    private var byRegexp: [String: [ParameterType]] = [:]
    /// Every parameter type, built-in ones first, in the order they were defined.
    public private(set) var parameterTypes: [ParameterType] = []

    /// Creates a registry holding the built-in parameter types.
    public init() {
        for parameterType in BuiltInParameterTypes.all {
            insert(parameterType)
        }
    }

    /// The parameter type named `name` (`""` for the anonymous type), or nil.
    public func parameterType(named name: String) -> ParameterType? {
        byName[name]
    }

    /// Adds a parameter type.
    ///
    /// - Throws: `ParameterTypeError` when the name is taken, or when the type and another type are both
    ///   preferential for the same regular expression.
    public mutating func define(_ parameterType: ParameterType) throws(ParameterTypeError) {
        if let name = parameterType.name, byName[name] != nil {
            throw ParameterTypeError(
                kind: .duplicateName,
                message: name.isEmpty
                    ? "The anonymous parameter type has already been defined"
                    : "There is already a parameter type with name \(name)")
        }
        for regexp in parameterType.regexps {
            if let existing = byRegexp[regexp]?.first, existing.preferForRegexpMatch, parameterType.preferForRegexpMatch
            {
                throw ParameterTypeError(
                    kind: .duplicatePreferential,
                    message:
                        "There can only be one preferential parameter type per regexp. The regexp /\(regexp)/ is used "
                        + "for two preferential parameter types, {\(existing.name ?? "")} and {\(parameterType.name ?? "")}"
                )
            }
        }
        insert(parameterType)
    }

    private mutating func insert(_ parameterType: ParameterType) {
        if let name = parameterType.name {
            byName[name] = parameterType
        }
        parameterTypes.append(parameterType)
        for regexp in parameterType.regexps {
            var types = byRegexp[regexp, default: []]
            if !types.contains(where: { $0.name == parameterType.name }) {
                types.append(parameterType)
                types.sort(by: ParameterType.areInIncreasingOrder)
            }
            byRegexp[regexp] = types
        }
    }

    /// The parameter types whose regexps include `regexp`, preferential first, then by name.
    func parameterTypes(forRegexp regexp: String) -> [ParameterType] {
        byRegexp[regexp] ?? []
    }
}

/// The built-in parameter types of Cucumber Expressions.
enum BuiltInParameterTypes {
    static let integerRegexps = [#"-?\d+"#, #"\d+"#]
    static let floatRegexp = #"(?=.*\d.*)[-+]?\d*(?:\.(?=\d.*))?\d*(?:\d+[E][+-]?\d+)?"#
    static let wordRegexp = #"[^\s]+"#
    static let stringRegexp = #""([^"\\]*(\\.[^"\\]*)*)"|'([^'\\]*(\\.[^'\\]*)*)'"#
    static let anonymousRegexp = ".*"

    static let all: [ParameterType] = [
        number("int", integerRegexps, snippets: true, preferred: true) { Int($0) },
        // A JavaScript number, as in cucumber-js: `2.97` stays 2.97 (as a `Float` it prints 2.97000002861...).
        number("float", [floatRegexp], snippets: true) { Double($0) },
        ParameterType(
            name: "word", regexps: [wordRegexp], valueType: String.self, useForSnippets: false,
            preferForRegexpMatch: false, isBuiltIn: true, transformer: firstValue),
        ParameterType(
            name: "string", regexps: [stringRegexp], valueType: String.self, useForSnippets: true,
            preferForRegexpMatch: false, isBuiltIn: true, transformer: transformString),
        ParameterType(
            name: "", regexps: [anonymousRegexp], valueType: String.self, useForSnippets: false,
            preferForRegexpMatch: true, isBuiltIn: true, transformer: firstValue),
        number("double", [floatRegexp]) { Double($0) },
        number("bigdecimal", [floatRegexp]) { BigDecimal($0) },
        number("byte", integerRegexps) { Int8($0) },
        number("short", integerRegexps) { Int16($0) },
        number("long", integerRegexps) { Int64($0) },
        number("biginteger", integerRegexps) { BigInteger($0) },
    ]

    /// A numeric type: the value of the group, or a transform error naming the Swift type when the text is
    /// out of its range. A group that did not match gives `Value?.none`.
    private static func number<Value: Sendable>(
        _ name: String, _ regexps: [String], snippets: Bool = false, preferred: Bool = false,
        parse: @escaping @Sendable (String) -> Value?
    ) -> ParameterType {
        ParameterType(
            name: name, regexps: regexps, valueType: Value.self, useForSnippets: snippets,
            preferForRegexpMatch: preferred, isBuiltIn: true,
            transformer: { values in
                guard let text = values.first ?? nil else { return Value?.none }
                guard let value = parse(text) else {
                    throw ParameterTransformError(
                        parameterTypeName: name, values: values, reason: "not a valid \(Value.self) (out of range?)")
                }
                return value
            })
    }

    /// The first value as a `String`, or `String?.none` when the group did not match.
    static func firstValue(_ values: [String?]) -> any Sendable {
        if let value = values.first ?? nil { return value }
        return String?.none
    }

    /// `{string}`: the double- or single-quoted content, with `\"` and `\'` unescaped.
    private static func transformString(_ values: [String?]) -> any Sendable {
        var content = ""
        for case let value? in values where !value.isEmpty {
            content = value
            break
        }
        guard content.utf8.contains(UInt8(ascii: "\\")) else { return content }
        return content.replacing("\\\"", with: "\"").replacing("\\'", with: "'")
    }
}
