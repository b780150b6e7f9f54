import RegexEngine

/// A regular-expression step definition pattern (ECMAScript syntax, as in cucumber-js).
///
/// Each top-level capture group is an argument. Its parameter type is the registered type whose regexp is
/// exactly the group's source (`(\d+)` is `{int}`, `(.*)` is the anonymous type, `("[^"]*")` nothing); a
/// group matching no registered regexp yields its text as `String?` and has no parameter type name.
///
/// ```swift
/// let expression = try RegularExpression(#"^I have (\d+) cukes? in my (.*?)$"#, registry: ParameterTypeRegistry())
/// let arguments = try expression.match("I have 42 cukes in my belly")
/// try arguments?[0].value() as? Int      // 42 (the {int} type)
/// arguments?[1].parameterTypeName       // nil
/// try arguments?[1].value() as? String  // "belly"
/// ```
///
/// Patterns are unanchored unless they use `^` and `$`, as in JavaScript. Most patterns run on the built-in
/// matcher; the rest (back-references, look-behind, named groups, inline flags, Unicode properties...) run
/// on `NSRegularExpression`, whose syntax is close to JavaScript's.
public final class RegularExpression: StepExpression {
    /// The pattern as written.
    public let source: String
    package let treeRegex: TreeRegex
    private let registry: ParameterTypeRegistry
    private let resolutions: [Resolution]

    private enum Resolution: Sendable {
        case type(ParameterType)
        case ambiguous(regexp: String, candidates: [ParameterType])
    }

    /// The parameter type of each top-level capture group, in order; nil for a group whose regexp belongs to
    /// several types, none preferential (matching then throws `AmbiguousParameterTypeError`).
    public var parameterTypes: [ParameterType?] {
        resolutions.map { resolution in
            if case .type(let parameterType) = resolution { return parameterType }
            return nil
        }
    }

    /// Compiles `pattern`, resolving the parameter types of its capture groups with `registry`.
    ///
    /// - Throws: `RegularExpressionError` when the pattern is invalid.
    public init(_ pattern: String, registry: ParameterTypeRegistry) throws(RegularExpressionError) {
        source = pattern
        treeRegex = try TreeRegex(pattern)
        self.registry = registry
        resolutions = treeRegex.shape.children.map { child in
            let candidates = registry.parameterTypes(forRegexp: child.source)
            guard let first = candidates.first else { return .type(.implicit(regexp: child.source)) }
            if candidates.count > 1 && !first.preferForRegexpMatch {
                return .ambiguous(regexp: child.source, candidates: candidates)
            }
            return .type(first)
        }
    }

    /// The arguments of `text`, or nil when the pattern does not match it.
    public func match(_ text: String) throws -> [MatchArgument]? {
        guard let groups = try treeRegex.matchArguments(text) else { return nil }
        return try arguments(groups, text: text)
    }

    /// `match(_:)` for a caller that already holds the UTF-8 bytes of `text`.
    package func match(utf8 bytes: UnsafeBufferPointer<UInt8>, text: String) throws -> [MatchArgument]? {
        guard let groups = try treeRegex.matchArguments(utf8: bytes, text: text) else { return nil }
        return try arguments(groups, text: text)
    }

    private func arguments(_ groups: [MatchGroup], text: String) throws -> [MatchArgument] {
        var arguments: [MatchArgument] = []
        arguments.reserveCapacity(groups.count)
        for (child, resolution) in zip(groups, resolutions) {
            switch resolution {
            case .type(let parameterType):
                arguments.append(MatchArgument(group: child, parameterType: parameterType))
            case .ambiguous(let regexp, let candidates):
                throw AmbiguousParameterTypeError(
                    pattern: source, parameterTypeRegexp: regexp, parameterTypes: candidates,
                    generatedExpressions: CucumberExpressionGenerator(registry: registry).generateExpressions(for: text)
                )
            }
        }
        return arguments
    }
}

/// A capture group of a regular expression whose regexp belongs to several parameter types, none of them
/// preferential, with the official message (which proposes Cucumber Expressions for the step text).
///
/// ```swift
/// var registry = ParameterTypeRegistry()
/// try registry.define(ParameterType(name: "name", regexp: "[A-Z][a-z]+") { $0[0] ?? "" })
/// try registry.define(ParameterType(name: "city", regexp: "[A-Z][a-z]+") { $0[0] ?? "" })
/// let expression = try RegularExpression("^([A-Z][a-z]+) lives here$", registry: registry)
/// _ = try expression.match("Alice lives here") // throws AmbiguousParameterTypeError
/// ```
public struct AmbiguousParameterTypeError: Error, Sendable, CustomStringConvertible {
    /// The regular expression of the step definition.
    public let pattern: String
    /// The capture group's regexp that several types share.
    public let parameterTypeRegexp: String
    /// The types sharing it.
    public let parameterTypes: [ParameterType]
    /// Cucumber Expressions proposed for the step text instead.
    public let generatedExpressions: [GeneratedExpression]

    /// The official message.
    public var message: String {
        let names = parameterTypes.map { "{\($0.name ?? "")}" }.joined(separator: "\n   ")
        let expressions = generatedExpressions.map(\.source).joined(separator: "\n   ")
        return """
            Your Regular Expression /\(pattern)/
            matches multiple parameter types with regexp \(parameterTypeRegexp):
               \(names)

            I couldn't decide which one to use. You have two options:

            1) Use a Cucumber Expression instead of a Regular Expression. Try one of these:
               \(expressions)

            2) Make one of the parameter types preferential and continue to use a Regular Expression.

            """
    }

    /// The official message.
    public var description: String { message }
}
