/// What the parser tells as it recognises the grammar: rules opening and closing, and the tokens between.
protocol ASTBuilding {
    mutating func startRule(_ rule: RuleType) throws(ParserIssue)
    mutating func endRule(_ rule: RuleType) throws(ParserIssue)
    mutating func build(_ token: Token) throws(ParserIssue)
}

/// The parse stopped because more than ten errors were found, as the official parsers stop.
struct TooManyErrors: Error {}

/// The parser: runs the state machine over the tokens of a document, asking a matcher what each line is, feeding a
/// builder, collecting errors and recovering from them exactly as the official parsers do.
struct Parser<Builder: ASTBuilding, Matcher: TokenMatcher> {
    private var scanner: TokenScanner
    private var matcher: Matcher
    var builder: Builder
    private(set) var errors: [ParserIssue] = []
    private var errorKeys: Set<String> = []
    private var queue: [Token] = []
    private var queueHead = 0
    private let states = PackedStates.shared

    init(bytes: UnsafeBufferPointer<UInt8>, matcher: Matcher, builder: Builder) {
        scanner = TokenScanner(bytes: bytes)
        self.matcher = matcher
        self.builder = builder
    }

    /// Parses the whole document; `errors` holds what went wrong (at most 11, as the official parsers stop there).
    mutating func parse() {
        do {
            try startRule(.gherkinDocument)
            var state = 0
            while true {
                var token = readToken()
                state = try matchToken(state, &token)
                if token.isEOF { break }
            }
            try endRule(.gherkinDocument)
        } catch {
            // More than ten errors: the parse stops with the errors found so far.
        }
    }

    private mutating func readToken() -> Token {
        if queueHead < queue.count {
            let token = queue[queueHead]
            queueHead += 1
            if queueHead == queue.count {
                queue.removeAll(keepingCapacity: true)
                queueHead = 0
            }
            return token
        }
        return scanner.read()
    }

    private mutating func addError(_ issue: ParserIssue) throws(TooManyErrors) {
        guard errorKeys.insert(issue.key).inserted else { return }
        errors.append(issue)
        if errors.count > 10 { throw TooManyErrors() }
    }

    private mutating func match(_ type: TokenType, _ token: inout Token) throws(TooManyErrors) -> Bool {
        do {
            return try matcher.match(type, &token)
        } catch {
            try addError(error)
            return false
        }
    }

    private mutating func startRule(_ rule: RuleType) throws(TooManyErrors) {
        do { try builder.startRule(rule) } catch { try addError(error) }
    }

    private mutating func endRule(_ rule: RuleType) throws(TooManyErrors) {
        do { try builder.endRule(rule) } catch { try addError(error) }
    }

    private mutating func build(_ token: Token) throws(TooManyErrors) {
        do { try builder.build(token) } catch { try addError(error) }
    }

    private mutating func matchToken(_ stateNumber: Int, _ token: inout Token) throws(TooManyErrors) -> Int {
        var index = states.offsets[stateNumber]
        let end = states.offsets[stateNumber + 1]
        while index < end {
            let transition = states.transitions[index]
            index += 1
            guard try match(transition.token, &token) else { continue }
            if transition.lookahead != .none {
                guard try lookahead(transition.lookahead) else { continue }
            }
            var rule: UInt8 = 0
            while rule < transition.endCount {
                try endRule(PackedTransition.rule(transition.ends, rule))
                rule += 1
            }
            rule = 0
            while rule < transition.startCount {
                try startRule(PackedTransition.rule(transition.starts, rule))
                rule += 1
            }
            try build(token)
            return transition.next
        }
        let expected = states.expected[stateNumber]
        if token.isEOF {
            try addError(
                ParserIssue(
                    line: token.line, column: nil, message: "unexpected end of file, expected: \(expected)"))
        } else {
            let column = token.column ?? token.indent + 1
            let text = UTF8Text.string(
                scanner.bytes, from: token.trimmedStart,
                to: UTF8Text.trimTrailingWhitespace(scanner.bytes, from: token.trimmedStart, to: token.lineEnd))
            try addError(
                ParserIssue(line: token.line, column: column, message: "expected: \(expected), got '\(text)'"))
        }
        return stateNumber
    }

    /// Reads ahead past empty, comment and tag lines: whether the next other line is a scenario (or examples)
    /// title. The tokens read go back to the queue.
    private mutating func lookahead(_ kind: Lookahead) throws(TooManyErrors) -> Bool {
        let target: TokenType = kind == .scenario ? .scenarioLine : .examplesLine
        var read: [Token] = []
        var found = false
        while true {
            var token = readToken()
            if try match(target, &token) {
                read.append(token)
                found = true
                break
            }
            var skippable = try match(.empty, &token)
            if !skippable { skippable = try match(.comment, &token) }
            if !skippable { skippable = try match(.tagLine, &token) }
            if skippable {
                read.append(token)
                continue
            }
            read.append(token)
            break
        }
        queue.append(contentsOf: read)
        return found
    }
}
