/// A tag expression, selecting scenarios by their tags: `not`, `and`, `or`, parentheses, and `\` to escape
/// `(`, `)`, `\` and white space inside a tag.
///
/// `not` binds tighter than `and`, which binds tighter than `or`; `and` and `or` associate to the left.
/// The empty expression selects everything.
///
/// ```swift
/// let expression = try TagExpression("@smoke and not (@slow or @wip)")
/// expression.evaluate(["@smoke"])          // true
/// expression.evaluate(["@smoke", "@wip"])  // false
/// expression.description                   // ( @smoke and not ( @slow or @wip ) )
/// ```
public indirect enum TagExpression: Sendable, Hashable, CustomStringConvertible {
    /// The empty expression: true for any tags.
    case always
    /// True when the tags contain this one (with its `@`).
    case tag(String)
    /// Negation.
    case not(TagExpression)
    /// Conjunction.
    case and(TagExpression, TagExpression)
    /// Disjunction.
    case or(TagExpression, TagExpression)

    /// Parses `text`.
    ///
    /// - Throws: `TagExpressionError` with the official message, e.g.
    ///   `Tag expression "a and" could not be parsed because of syntax error: Expected operand.`
    public init(_ text: String) throws(TagExpressionError) {
        self = try TagExpressionParser.parse(text)
    }

    /// Whether a scenario with `tags` is selected.
    public func evaluate(_ tags: Set<String>) -> Bool {
        switch self {
        case .always: true
        case .tag(let name): tags.contains(name)
        case .not(let expression): !expression.evaluate(tags)
        case .and(let left, let right): left.evaluate(tags) && right.evaluate(tags)
        case .or(let left, let right): left.evaluate(tags) || right.evaluate(tags)
        }
    }

    /// Whether a scenario with `tags` is selected.
    public func evaluate(_ tags: some Sequence<String>) -> Bool {
        evaluate(Set(tags))
    }

    /// The canonical form: every binary operation in parentheses, `not ( ... )`, special characters escaped,
    /// e.g. `( ( a and b ) or not ( c ) )`; the empty expression is empty.
    public var description: String {
        switch self {
        case .always:
            return ""
        case .tag(let name):
            var escaped = ""
            for character in name.unicodeScalars {
                switch character {
                case "\\": escaped += "\\\\"
                case "(": escaped += "\\("
                case ")": escaped += "\\)"
                default:
                    // Escape white space as itself: `\` before a tab keeps the tab, so the form parses back to the same tag.
                    if isTagWhiteSpace(character) { escaped += "\\" }
                    escaped.unicodeScalars.append(character)
                }
            }
            return escaped
        case .not(let expression):
            switch expression {
            case .and, .or: return "not " + expression.description
            default: return "not ( " + expression.description + " )"
            }
        case .and(let left, let right):
            return "( " + left.description + " and " + right.description + " )"
        case .or(let left, let right):
            return "( " + left.description + " or " + right.description + " )"
        }
    }
}

/// A tag expression that cannot be parsed, with the official message.
///
/// ```swift
/// do { _ = try TagExpression("( a and b ) )") } catch {
///     print(error.message) // Tag expression "( a and b ) )" could not be parsed because of syntax error: Unmatched ).
/// }
/// ```
public struct TagExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// An operand (a tag, `not` or `(`) was expected.
        case expectedOperand
        /// An operator (`and`, `or` or `)`) was expected.
        case expectedOperator
        /// A `)` closes no `(`.
        case unmatchedClosingParenthesis
        /// A `(` is never closed.
        case unmatchedOpeningParenthesis
        /// `\` before a character other than `(`, `)`, `\` or white space.
        case illegalEscape
        /// The expression nests operators deeper than 1,000 levels.
        case tooDeep
    }

    /// What is wrong.
    public let kind: Kind
    /// The expression, as written.
    public let expression: String
    /// The official message.
    public let message: String

    init(_ kind: Kind, expression: String, detail: String) {
        self.kind = kind
        self.expression = expression
        self.message = "Tag expression \"\(expression)\" could not be parsed because of syntax error: \(detail)."
    }

    /// The official message.
    public var description: String { message }
}

/// White space as JavaScript's `\s` sees it (the official parsers split tag expressions with it): tab to carriage
/// return, the space separators, the line and paragraph separators and the byte-order mark.
func isTagWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
    (0x09...0x0D).contains(scalar.value) || scalar.properties.generalCategory == .spaceSeparator
        || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF
}

/// Dijkstra's shunting-yard algorithm over the tokens of a tag expression.
enum TagExpressionParser {
    /// The deepest expression tree accepted.
    static let maximumDepth = 1_000

    private enum Expected {
        case operand, `operator`
    }

    static func parse(_ text: String) throws(TagExpressionError) -> TagExpression {
        let tokens = try tokenize(text)
        if tokens.isEmpty { return .always }
        var operators: [String] = []
        var operands: [(expression: TagExpression, depth: Int)] = []
        var expected = Expected.operand

        func check(_ actual: Expected) throws(TagExpressionError) {
            guard expected == actual else {
                if expected == .operand {
                    throw TagExpressionError(.expectedOperand, expression: text, detail: "Expected operand")
                }
                throw TagExpressionError(.expectedOperator, expression: text, detail: "Expected operator")
            }
        }
        func push(_ expression: TagExpression, depth: Int) throws(TagExpressionError) {
            // Evaluating and formatting recurse: refuse trees deep enough to exhaust a thread's stack.
            guard depth <= TagExpressionParser.maximumDepth else {
                throw TagExpressionError(
                    .tooDeep, expression: text, detail: "Nested deeper than \(TagExpressionParser.maximumDepth) levels")
            }
            operands.append((expression, depth))
        }
        func reduce(_ token: String) throws(TagExpressionError) {
            switch token {
            case "and", "or":
                guard operands.count >= 2 else {
                    throw TagExpressionError(.expectedOperand, expression: text, detail: "Expected operand")
                }
                let right = operands.removeLast()
                let left = operands.removeLast()
                let node: TagExpression =
                    token == "and" ? .and(left.expression, right.expression) : .or(left.expression, right.expression)
                try push(node, depth: max(left.depth, right.depth) + 1)
            default:
                guard let operand = operands.popLast() else {
                    throw TagExpressionError(.expectedOperand, expression: text, detail: "Expected operand")
                }
                try push(.not(operand.expression), depth: operand.depth + 1)
            }
        }

        for token in tokens {
            switch token {
            case "not":
                try check(.operand)
                operators.append(token)
                expected = .operand
            case "and", "or":
                try check(.operator)
                while let top = operators.last, top != "(", precedence(token) <= precedence(top) {
                    try reduce(operators.removeLast())
                }
                operators.append(token)
                expected = .operand
            case "(":
                try check(.operand)
                operators.append(token)
                expected = .operand
            case ")":
                try check(.operator)
                while let top = operators.last, top != "(" {
                    try reduce(operators.removeLast())
                }
                guard operators.popLast() != nil else {
                    throw TagExpressionError(.unmatchedClosingParenthesis, expression: text, detail: "Unmatched )")
                }
                expected = .operator
            default:
                try check(.operand)
                operands.append((.tag(token), 1))
                expected = .operator
            }
        }
        if expected == .operand {
            throw TagExpressionError(.expectedOperand, expression: text, detail: "Expected operand")
        }
        while let top = operators.popLast() {
            if top == "(" {
                throw TagExpressionError(.unmatchedOpeningParenthesis, expression: text, detail: "Unmatched (")
            }
            try reduce(top)
        }
        guard operands.count == 1, let result = operands.first?.expression else {
            throw TagExpressionError(.expectedOperator, expression: text, detail: "Expected operator")
        }
        return result
    }

    private static func precedence(_ token: String) -> Int {
        switch token {
        case "or": 0
        case "and": 1
        case "not": 2
        default: -1
        }
    }

    /// Splits at white space and parentheses; `\` escapes `(`, `)`, `\` and white space.
    static func tokenize(_ text: String) throws(TagExpressionError) -> [String] {
        var tokens: [String] = []
        var token = String.UnicodeScalarView()
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                guard scalar == "(" || scalar == ")" || scalar == "\\" || isTagWhiteSpace(scalar) else {
                    throw TagExpressionError(
                        .illegalEscape, expression: text, detail: "Illegal escape before \"\(scalar)\"")
                }
                token.append(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "(" || scalar == ")" || isTagWhiteSpace(scalar) {
                if !token.isEmpty {
                    tokens.append(String(token))
                    token = String.UnicodeScalarView()
                }
                if !isTagWhiteSpace(scalar) {
                    tokens.append(String(scalar))
                }
            } else {
                token.append(scalar)
            }
        }
        if !token.isEmpty {
            tokens.append(String(token))
        }
        return tokens
    }
}
