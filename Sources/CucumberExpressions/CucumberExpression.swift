import RegexEngine

/// A Cucumber Expression (v20): text with `{parameter}`s, `(optional text)` and `alternative/words`.
///
/// ```swift
/// let registry = ParameterTypeRegistry()
/// let expression = try CucumberExpression("I have {int} cuke(s) in my belly/stomach", registry: registry)
/// let arguments = try expression.match("I have 42 cukes in my stomach")
/// try arguments?[0].value() as? Int // 42
/// expression.regexPattern // ^I have ((?:-?\d+)|(?:\d+)) cuke(?:s)? in my (?:belly|stomach)$
/// ```
///
/// Escape `(`, `{`, `/` and `\` with a backslash to match them literally. An invalid expression throws a
/// `CucumberExpressionError` with the official message; an unknown `{name}` throws one whose `kind` is
/// `.undefinedParameterType(name:)`.
public final class CucumberExpression: StepExpression {
    /// The expression as written.
    public let source: String
    /// The regular expression (ECMAScript syntax) the expression compiles to.
    public let regexPattern: String
    /// The parameter types of the expression's parameters, in order.
    public let parameterTypes: [ParameterType]
    package let treeRegex: TreeRegex

    /// Compiles `source` with the parameter types of `registry`.
    ///
    /// - Throws: `CucumberExpressionError` for an invalid expression or an unknown parameter type.
    public init(_ source: String, registry: ParameterTypeRegistry) throws {
        let ast = try CucumberExpressionParser.parse(source)
        var compiler = RegexBuilder(expression: source, registry: registry)
        let pattern = try compiler.rewrite(ast)
        self.source = source
        self.regexPattern = pattern
        self.parameterTypes = compiler.parameterTypes
        self.treeRegex = try TreeRegex(pattern)
    }

    /// The arguments of `text`, or nil when the expression does not match it.
    public func match(_ text: String) throws -> [MatchArgument]? {
        guard let groups = try treeRegex.matchArguments(text) else { return nil }
        return arguments(groups)
    }

    /// `match(_:)` for a caller that already holds the UTF-8 bytes of `text`.
    package func match(utf8 bytes: UnsafeBufferPointer<UInt8>, text: String) throws -> [MatchArgument]? {
        guard let groups = try treeRegex.matchArguments(utf8: bytes, text: text) else { return nil }
        return arguments(groups)
    }

    private func arguments(_ groups: [MatchGroup]) -> [MatchArgument] {
        var arguments: [MatchArgument] = []
        arguments.reserveCapacity(groups.count)
        for (group, parameterType) in zip(groups, parameterTypes) {
            arguments.append(MatchArgument(group: group, parameterType: parameterType))
        }
        return arguments
    }
}

/// Rewrites the syntax tree of a Cucumber Expression to a regular expression, checking the rules the
/// grammar leaves open (what optionals and alternatives may contain, known parameter types).
private struct RegexBuilder {
    let expression: String
    let registry: ParameterTypeRegistry
    var parameterTypes: [ParameterType] = []

    init(expression: String, registry: ParameterTypeRegistry) {
        self.expression = expression
        self.registry = registry
    }

    mutating func rewrite(_ node: ExpressionNode) throws(CucumberExpressionError) -> String {
        switch node.kind {
        case .text:
            return Self.escape(node.text)
        case .optional:
            if let parameter = node.nodes.first(where: { $0.kind == .parameter }) {
                throw .parameterIsNotAllowedInOptional(expression, at: parameter)
            }
            if let optional = node.nodes.first(where: { $0.kind == .optional }) {
                throw .optionalIsNotAllowedInOptional(expression, at: optional)
            }
            if !node.nodes.contains(where: { $0.kind == .text }) {
                throw .optionalMayNotBeEmpty(expression, at: node)
            }
            return "(?:" + (try rewriteAll(node.nodes)) + ")?"
        case .alternation:
            for alternative in node.nodes {
                if alternative.nodes.isEmpty {
                    throw .alternativeMayNotBeEmpty(expression, at: alternative)
                }
                if !alternative.nodes.contains(where: { $0.kind == .text }) {
                    throw .alternativeMayNotExclusivelyContainOptionals(expression, at: alternative)
                }
            }
            var branches: [String] = []
            for alternative in node.nodes {
                branches.append(try rewrite(alternative))
            }
            return "(?:" + branches.joined(separator: "|") + ")"
        case .alternative:
            return try rewriteAll(node.nodes)
        case .parameter:
            let name = node.text
            guard let parameterType = registry.parameterType(named: name) else {
                throw .undefinedParameterType(expression, at: node, name: name)
            }
            parameterTypes.append(parameterType)
            let regexps = parameterType.regexps
            if regexps.count == 1 {
                return "(" + regexps[0] + ")"
            }
            return "((?:" + regexps.joined(separator: ")|(?:") + "))"
        case .expression:
            return "^" + (try rewriteAll(node.nodes)) + "$"
        }
    }

    private mutating func rewriteAll(_ nodes: [ExpressionNode]) throws(CucumberExpressionError) -> String {
        var result = ""
        for node in nodes {
            result += try rewrite(node)
        }
        return result
    }

    private static func escape(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if "\\^[({$.|?*+})]".unicodeScalars.contains(scalar) {
                result.append("\\")
            }
            result.append(scalar)
        }
        return String(result)
    }
}
