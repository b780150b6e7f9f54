// The Cucumber Expression grammar (v20), tokenizer and parser. Offsets count Unicode scalars, as the
// official implementations do (the tokenizer conformance data puts one emoji at one position).
//
//   cucumber-expression := ( alternation | optional | parameter | text )*
//   alternation := (?<=left-boundary) alternative* ( '/' alternative* )+ (?=right-boundary)
//   left-boundary := whitespace | '}' | ^
//   right-boundary := whitespace | '{' | $
//   alternative := optional | parameter | text
//   optional := '(' option* ')'
//   option := optional | parameter | text
//   parameter := '{' name* '}'
//   name := whitespace | .
//   text := whitespace | ')' | '}' | .

/// A token of a Cucumber Expression.
struct ExpressionToken: Equatable {
    enum Kind: String, Equatable {
        case startOfLine = "START_OF_LINE"
        case endOfLine = "END_OF_LINE"
        case whiteSpace = "WHITE_SPACE"
        case beginOptional = "BEGIN_OPTIONAL"
        case endOptional = "END_OPTIONAL"
        case beginParameter = "BEGIN_PARAMETER"
        case endParameter = "END_PARAMETER"
        case alternation = "ALTERNATION"
        case text = "TEXT"

        var symbol: String {
            switch self {
            case .beginOptional: "("
            case .endOptional: ")"
            case .beginParameter: "{"
            case .endParameter: "}"
            case .alternation: "/"
            default: ""
            }
        }

        var purpose: String {
            switch self {
            case .beginOptional, .endOptional: "optional text"
            case .beginParameter, .endParameter: "a parameter"
            case .alternation: "alternation"
            default: ""
            }
        }

        static func of(_ scalar: Unicode.Scalar) -> Kind {
            switch scalar {
            case " ": .whiteSpace
            case "/": .alternation
            case "{": .beginParameter
            case "}": .endParameter
            case "(": .beginOptional
            case ")": .endOptional
            default: .text
            }
        }

        static func canEscape(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case " ", "\\", "/", "{", "}", "(", ")": true
            default: false
            }
        }
    }

    var kind: Kind
    var text: String
    var start: Int
    var end: Int
}

/// Splits a Cucumber Expression into tokens.
func tokenizeCucumberExpression(_ expression: String) throws(CucumberExpressionError) -> [ExpressionToken] {
    let scalars = Array(expression.unicodeScalars)
    var tokens: [ExpressionToken] = []
    var buffer = String.UnicodeScalarView()
    var bufferCount = 0
    var previousKind = ExpressionToken.Kind.startOfLine
    var treatAsText = false
    var escaped = 0
    var bufferStart = 0

    func flush(as kind: ExpressionToken.Kind) -> ExpressionToken {
        var escapes = 0
        if kind == .text {
            escapes = escaped
            escaped = 0
        }
        let consumed = bufferStart + bufferCount + escapes
        let token = ExpressionToken(kind: kind, text: String(buffer), start: bufferStart, end: consumed)
        buffer = String.UnicodeScalarView()
        bufferCount = 0
        bufferStart = consumed
        return token
    }

    if scalars.isEmpty {
        tokens.append(ExpressionToken(kind: .startOfLine, text: "", start: 0, end: 0))
    }
    for scalar in scalars {
        if !treatAsText && scalar == "\\" {
            escaped += 1
            treatAsText = true
            continue
        }
        let kind: ExpressionToken.Kind
        if treatAsText {
            guard ExpressionToken.Kind.canEscape(scalar) else {
                throw .cannotEscape(expression, at: bufferStart + bufferCount + escaped)
            }
            kind = .text
        } else {
            kind = .of(scalar)
        }
        treatAsText = false
        let startsNewToken = kind != previousKind || (kind != .whiteSpace && kind != .text)
        if startsNewToken {
            tokens.append(flush(as: previousKind))
        }
        previousKind = kind
        buffer.append(scalar)
        bufferCount += 1
    }
    if bufferCount > 0 {
        tokens.append(flush(as: previousKind))
    }
    if treatAsText {
        throw .endOfLineCannotBeEscaped(expression)
    }
    tokens.append(ExpressionToken(kind: .endOfLine, text: "", start: scalars.count, end: scalars.count))
    return tokens
}

/// A node of the syntax tree of a Cucumber Expression.
struct ExpressionNode: Equatable {
    enum Kind: String, Equatable {
        case text = "TEXT_NODE"
        case optional = "OPTIONAL_NODE"
        case alternation = "ALTERNATION_NODE"
        case alternative = "ALTERNATIVE_NODE"
        case parameter = "PARAMETER_NODE"
        case expression = "EXPRESSION_NODE"
    }

    var kind: Kind
    var nodes: [ExpressionNode]
    /// The text of a text node (and of the separators an alternation is split on).
    var token: String?
    var start: Int
    var end: Int

    /// The text of the node: its token, or its children's text joined.
    var text: String {
        nodes.isEmpty ? (token ?? "") : nodes.map(\.text).joined()
    }
}

/// Parses a Cucumber Expression into its syntax tree, with the official errors for unbalanced
/// parentheses and braces and for misplaced alternations.
package struct CucumberExpressionParser {
    /// The sub-parsers, tried in the order given to `parseTokens`.
    private enum Rule {
        case alternation, alternativeSeparator, optional, parameter, name, text
    }

    private struct ParseResult {
        var consumed: Int
        var nodes: [ExpressionNode]
        static let none = ParseResult(consumed: 0, nodes: [])
    }

    private let expression: String
    private let tokens: [ExpressionToken]

    private init(expression: String, tokens: [ExpressionToken]) {
        self.expression = expression
        self.tokens = tokens
    }

    /// Parses `expression`.
    static func parse(_ expression: String) throws(CucumberExpressionError) -> ExpressionNode {
        let tokens = try tokenizeCucumberExpression(expression)
        try refuseAbsurdNesting(expression, tokens)
        let parser = CucumberExpressionParser(expression: expression, tokens: tokens)
        let result = try parser.parseBetween(
            .expression, begin: .startOfLine, end: .endOfLine,
            rules: [.alternation, .optional, .parameter, .text], at: 0)
        return result.nodes[0]
    }

    /// Optionals may not nest at all. Refuse absurd nesting before the recursive descent could exhaust the
    /// stack, with the error such nesting gets anyway (at the first nested optional).
    private static func refuseAbsurdNesting(
        _ expression: String, _ tokens: [ExpressionToken]
    ) throws(CucumberExpressionError) {
        var depth = 0
        var firstNested: ExpressionToken?
        for token in tokens {
            if token.kind == .beginOptional {
                depth += 1
                if depth == 2 && firstNested == nil { firstNested = token }
                if depth > 100, let nested = firstNested {
                    throw .optionalIsNotAllowedInOptional(
                        expression,
                        at: ExpressionNode(kind: .optional, nodes: [], token: nil, start: nested.start, end: nested.end)
                    )
                }
            } else if token.kind == .endOptional {
                depth = max(0, depth - 1)
            }
        }
    }

    private func looking(at index: Int, _ kind: ExpressionToken.Kind) -> Bool {
        if index < 0 { return kind == .startOfLine }
        if index >= tokens.count { return kind == .endOfLine }
        return tokens[index].kind == kind
    }

    private func looking(at index: Int, anyOf kinds: [ExpressionToken.Kind]) -> Bool {
        kinds.contains { looking(at: index, $0) }
    }

    private func textNode(_ token: ExpressionToken) -> ExpressionNode {
        ExpressionNode(kind: .text, nodes: [], token: token.text, start: token.start, end: token.end)
    }

    /// text := whitespace | ')' | '}' | .
    private func parseText(_ at: Int) throws(CucumberExpressionError) -> ParseResult {
        let token = tokens[at]
        switch token.kind {
        case .whiteSpace, .text, .endParameter, .endOptional:
            return ParseResult(consumed: 1, nodes: [textNode(token)])
        case .alternation:
            throw .alternationNotAllowedInOptional(expression, at: token)
        default:
            return .none
        }
    }

    /// name := whitespace | .
    private func parseName(_ at: Int) throws(CucumberExpressionError) -> ParseResult {
        let token = tokens[at]
        switch token.kind {
        case .whiteSpace, .text:
            return ParseResult(consumed: 1, nodes: [textNode(token)])
        case .beginOptional, .endOptional, .beginParameter, .endParameter, .alternation:
            throw .invalidParameterTypeName(expression, at: token)
        default:
            return .none
        }
    }

    /// parameter := '{' name* '}'
    private func parseParameter(_ at: Int) throws(CucumberExpressionError) -> ParseResult {
        try parseBetween(
            .parameter, begin: .beginParameter, end: .endParameter,
            rules: [.name], at: at)
    }

    /// optional := '(' option* ')'
    private func parseOptional(_ at: Int) throws(CucumberExpressionError) -> ParseResult {
        try parseBetween(
            .optional, begin: .beginOptional, end: .endOptional,
            rules: [.optional, .parameter, .text], at: at)
    }

    private func parseAlternativeSeparator(_ at: Int) -> ParseResult {
        guard looking(at: at, .alternation) else { return .none }
        let token = tokens[at]
        return ParseResult(
            consumed: 1,
            nodes: [
                ExpressionNode(kind: .alternative, nodes: [], token: token.text, start: token.start, end: token.end)
            ]
        )
    }

    /// alternation := (?<=left-boundary) alternative* ( '/' alternative* )+ (?=right-boundary)
    private func parseAlternation(_ at: Int) throws(CucumberExpressionError) -> ParseResult {
        guard looking(at: at - 1, anyOf: [.startOfLine, .whiteSpace, .endParameter]) else { return .none }
        let result = try parseTokens(
            until: [.whiteSpace, .endOfLine, .beginParameter],
            rules: [.alternativeSeparator, .optional, .parameter, .text], at: at)
        guard result.nodes.contains(where: { $0.kind == .alternative }) else { return .none }
        let start = tokens[at].start
        let end = tokens[at + result.consumed].start
        // The right-hand boundary token is not consumed.
        return ParseResult(
            consumed: result.consumed,
            nodes: [
                ExpressionNode(
                    kind: .alternation, nodes: splitAlternatives(start: start, end: end, result.nodes), token: nil,
                    start: start, end: end)
            ])
    }

    private func parseBetween(
        _ kind: ExpressionNode.Kind, begin: ExpressionToken.Kind, end: ExpressionToken.Kind, rules: [Rule],
        at: Int
    ) throws(CucumberExpressionError) -> ParseResult {
        guard looking(at: at, begin) else { return .none }
        var current = at + 1
        let result = try parseTokens(until: [end, .endOfLine], rules: rules, at: current)
        current += result.consumed
        guard looking(at: current, end) else {
            throw .missingEndToken(expression, begin: begin, end: end, at: tokens[at])
        }
        let node = ExpressionNode(
            kind: kind, nodes: result.nodes, token: nil, start: tokens[at].start, end: tokens[current].end)
        return ParseResult(consumed: current + 1 - at, nodes: [node])
    }

    private func parseTokens(
        until endKinds: [ExpressionToken.Kind], rules: [Rule], at start: Int
    ) throws(CucumberExpressionError) -> ParseResult {
        var current = start
        var nodes: [ExpressionNode] = []
        tokenLoop: while current < tokens.count {
            if looking(at: current, anyOf: endKinds) { break }
            for rule in rules {
                let result = try apply(rule, at: current)
                if result.consumed != 0 {
                    current += result.consumed
                    nodes.append(contentsOf: result.nodes)
                    continue tokenLoop
                }
            }
            // Every token is text for some parser, so this is never reached; stop rather than loop forever.
            break
        }
        return ParseResult(consumed: current - start, nodes: nodes)
    }

    private func apply(_ rule: Rule, at: Int) throws(CucumberExpressionError) -> ParseResult {
        switch rule {
        case .alternation: try parseAlternation(at)
        case .alternativeSeparator: parseAlternativeSeparator(at)
        case .optional: try parseOptional(at)
        case .parameter: try parseParameter(at)
        case .name: try parseName(at)
        case .text: try parseText(at)
        }
    }

    private func splitAlternatives(start: Int, end: Int, _ nodes: [ExpressionNode]) -> [ExpressionNode] {
        var separators: [ExpressionNode] = []
        var alternatives: [[ExpressionNode]] = []
        var alternative: [ExpressionNode] = []
        for node in nodes {
            if node.kind == .alternative {
                separators.append(node)
                alternatives.append(alternative)
                alternative = []
            } else {
                alternative.append(node)
            }
        }
        alternatives.append(alternative)
        return alternatives.enumerated().map { index, nodes in
            let low = index == 0 ? start : separators[index - 1].end
            let high = index == alternatives.count - 1 ? end : separators[index].start
            return ExpressionNode(kind: .alternative, nodes: nodes, token: nil, start: low, end: high)
        }
    }
}

extension CucumberExpressionParser {
    /// The text a step written from `expression` reads: optional text kept, the first of each alternation, escapes
    /// removed, each parameter replaced by `value(name)`; nil when `expression` does not parse.
    ///
    /// ```swift
    /// CucumberExpressionParser.plainText("the cache holds {int} image(s)") { _ in "3" }  // the cache holds 3 images
    /// ```
    package static func plainText(_ expression: String, value: (String) -> String) -> String? {
        guard let tree = try? parse(expression) else { return nil }
        func render(_ node: ExpressionNode) -> String {
            switch node.kind {
            case .text: node.token ?? ""
            case .parameter: value(node.text)
            case .alternation: node.nodes.first.map(render) ?? ""
            case .optional, .alternative, .expression: node.nodes.map(render).joined()
            }
        }
        return render(tree)
    }
}
