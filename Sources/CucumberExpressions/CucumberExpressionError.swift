/// An invalid Cucumber Expression, with the official message: the column, the expression, a caret (or a
/// `^---^` span) under the offending part, the problem and how to fix it.
///
/// ```swift
/// do {
///     _ = try CucumberExpression("three () mice", registry: ParameterTypeRegistry())
/// } catch let error as CucumberExpressionError {
///     print(error.message)
///     // This Cucumber Expression has a problem at column 7:
///     //
///     // three () mice
///     //       ^^
///     // An optional must contain some text.
///     // If you did not mean to use an optional you can use '\(' to escape the '('
/// }
/// ```
///
/// A step library prefixes `message` with the definition's file and line. An unknown parameter type is
/// `kind == .undefinedParameterType(name:)`, so that the runner can report it as `undefinedParameterType`.
public struct CucumberExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// `{name}` names no registered parameter type.
        case undefinedParameterType(name: String)
        /// `(...)` contains `/`.
        case alternationNotAllowedInOptional
        /// An alternative between `/` is empty.
        case alternativeMayNotBeEmpty
        /// An alternative holds nothing but optionals.
        case alternativeMayNotExclusivelyContainOptionals
        /// `()` is empty.
        case optionalMayNotBeEmpty
        /// `(...)` contains `(...)`.
        case optionalIsNotAllowedInOptional
        /// `(...)` contains `{...}`.
        case parameterIsNotAllowedInOptional
        /// `{...}` contains `{`, `}`, `(`, `)`, `\` or `/`.
        case invalidParameterTypeName
        /// `{` or `(` is never closed.
        case missingEndToken
        /// `\` before a character that cannot be escaped.
        case cannotEscape
        /// `\` at the end of the expression.
        case endOfLineCannotBeEscaped
    }

    /// What is wrong.
    public let kind: Kind
    /// The expression, as written.
    public let expression: String
    /// The 0-based index (in Unicode scalars) of the offending part.
    public let index: Int
    /// The line under the expression that points at the offending part, e.g. `      ^^`.
    public let pointer: String
    /// The problem, e.g. `An optional must contain some text`.
    public let problem: String
    /// How to fix it.
    public let solution: String

    /// The 1-based column of the offending part.
    public var column: Int { index + 1 }

    /// The full official message.
    public var message: String {
        "This Cucumber Expression has a problem at column \(column):\n\n\(expression)\n\(pointer)\n\(problem).\n\(solution)"
    }

    /// The full official message.
    public var description: String { message }

    /// The name of the undefined parameter type, when that is the problem.
    public var undefinedParameterTypeName: String? {
        if case .undefinedParameterType(let name) = kind { return name }
        return nil
    }

    init(kind: Kind, expression: String, start: Int, end: Int?, problem: String, solution: String) {
        self.kind = kind
        self.expression = expression
        self.index = start
        var pointer = String(repeating: " ", count: start) + "^"
        if let end, start + 1 < end {
            pointer += String(repeating: "-", count: end - start - 2) + "^"
        }
        self.pointer = pointer
        self.problem = problem
        self.solution = solution
    }
}

extension CucumberExpressionError {
    static func alternationNotAllowedInOptional(_ expression: String, at token: ExpressionToken) -> Self {
        Self(
            kind: .alternationNotAllowedInOptional, expression: expression, start: token.start, end: token.end,
            problem: "An alternation can not be used inside an optional",
            solution:
                "If you did not mean to use an alternation you can use '\\/' to escape the '/'. "
                + "Otherwise rephrase your expression or consider using a regular expression instead.")
    }

    static func alternativeMayNotBeEmpty(_ expression: String, at node: ExpressionNode) -> Self {
        Self(
            kind: .alternativeMayNotBeEmpty, expression: expression, start: node.start, end: node.end,
            problem: "Alternative may not be empty",
            solution: "If you did not mean to use an alternative you can use '\\/' to escape the '/'")
    }

    static func alternativeMayNotExclusivelyContainOptionals(_ expression: String, at node: ExpressionNode) -> Self {
        Self(
            kind: .alternativeMayNotExclusivelyContainOptionals, expression: expression, start: node.start,
            end: node.end, problem: "An alternative may not exclusively contain optionals",
            solution: "If you did not mean to use an optional you can use '\\(' to escape the '('")
    }

    static func optionalMayNotBeEmpty(_ expression: String, at node: ExpressionNode) -> Self {
        Self(
            kind: .optionalMayNotBeEmpty, expression: expression, start: node.start, end: node.end,
            problem: "An optional must contain some text",
            solution: "If you did not mean to use an optional you can use '\\(' to escape the '('")
    }

    static func optionalIsNotAllowedInOptional(_ expression: String, at node: ExpressionNode) -> Self {
        Self(
            kind: .optionalIsNotAllowedInOptional, expression: expression, start: node.start, end: node.end,
            problem: "An optional may not contain an other optional",
            solution:
                "If you did not mean to use an optional type you can use '\\(' to escape the '('. "
                + "For more complicated expressions consider using a regular expression instead.")
    }

    static func parameterIsNotAllowedInOptional(_ expression: String, at node: ExpressionNode) -> Self {
        Self(
            kind: .parameterIsNotAllowedInOptional, expression: expression, start: node.start, end: node.end,
            problem: "An optional may not contain a parameter type",
            solution: "If you did not mean to use an parameter type you can use '\\{' to escape the '{'")
    }

    static func invalidParameterTypeName(_ expression: String, at token: ExpressionToken) -> Self {
        Self(
            kind: .invalidParameterTypeName, expression: expression, start: token.start, end: token.end,
            problem: "Parameter names may not contain '{', '}', '(', ')', '\\' or '/'",
            solution: "Did you mean to use a regular expression?")
    }

    static func missingEndToken(
        _ expression: String, begin: ExpressionToken.Kind, end: ExpressionToken.Kind, at token: ExpressionToken
    ) -> Self {
        let beginSymbol = begin.symbol
        let purpose = begin.purpose
        return Self(
            kind: .missingEndToken, expression: expression, start: token.start, end: token.end,
            problem: "The '\(beginSymbol)' does not have a matching '\(end.symbol)'",
            solution: "If you did not intend to use \(purpose) you can use '\\\(beginSymbol)' to escape the \(purpose)")
    }

    static func cannotEscape(_ expression: String, at index: Int) -> Self {
        Self(
            kind: .cannotEscape, expression: expression, start: index, end: nil,
            problem: "Only the characters '{', '}', '(', ')', '\\', '/' and whitespace can be escaped",
            solution: "If you did mean to use an '\\' you can use '\\\\' to escape it")
    }

    static func endOfLineCannotBeEscaped(_ expression: String) -> Self {
        let index = expression.unicodeScalars.count - 1
        return Self(
            kind: .endOfLineCannotBeEscaped, expression: expression, start: index, end: nil,
            problem: "The end of line can not be escaped", solution: "You can use '\\\\' to escape the '\\'")
    }

    static func undefinedParameterType(_ expression: String, at node: ExpressionNode, name: String) -> Self {
        Self(
            kind: .undefinedParameterType(name: name), expression: expression, start: node.start, end: node.end,
            problem: "Undefined parameter type '\(name)'", solution: "Please register a ParameterType for '\(name)'")
    }
}
