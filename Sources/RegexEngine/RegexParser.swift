// The parser of the regular-expression subset the built-in matcher runs, and why a pattern may not parse.
//
// The dialect is ECMAScript without flags (what cucumber-js hands to `new RegExp`), which is also what
// Cucumber Expressions compile to. Anything outside the subset (back-references, look-behind, named groups,
// inline flags, Unicode properties, possessive quantifiers, ...) is reported as `unsupported`, and the caller
// falls back to `NSRegularExpression`.

/// Why a pattern could not be parsed by the built-in parser.
enum RegexSyntaxIssue: Error, Equatable {
    /// Valid in some dialect, but outside the subset: use the Foundation engine.
    case unsupported(String)
    /// Not a valid pattern: `offset` counts scalars from the start of the pattern.
    case invalid(String, offset: Int)
}

/// Parses the ECMAScript subset into a `RegexNode`.
struct RegexParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private(set) var captureCount = 0

    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    /// Parses the whole pattern.
    mutating func parse() throws(RegexSyntaxIssue) -> RegexNode {
        let node = try parseAlternation()
        if index < scalars.count {
            // Only an unbalanced ')' stops an alternation before the end.
            throw .invalid("unmatched ')'", offset: index)
        }
        return node
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func parseAlternation() throws(RegexSyntaxIssue) -> RegexNode {
        var branches = [try parseConcatenation()]
        while current == "|" {
            index += 1
            branches.append(try parseConcatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseConcatenation() throws(RegexSyntaxIssue) -> RegexNode {
        var nodes: [RegexNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            nodes.append(try parseTerm())
        }
        switch nodes.count {
        case 0: return .empty
        case 1: return nodes[0]
        default: return .concatenation(nodes)
        }
    }

    private mutating func parseTerm() throws(RegexSyntaxIssue) -> RegexNode {
        let start = index
        let atom: RegexNode
        var quantifiable = true
        guard let scalar = current else { throw .invalid("unexpected end of pattern", offset: index) }
        switch scalar {
        case "^":
            index += 1
            atom = .inputStart
            quantifiable = false
        case "$":
            index += 1
            atom = .inputEnd
            quantifiable = false
        case "(":
            (atom, quantifiable) = try parseGroup()
        case "[":
            atom = .charClass(try parseClass())
        case ".":
            index += 1
            atom = .anyScalar
        case "\\":
            (atom, quantifiable) = try parseEscape()
        case "*", "+", "?":
            throw .invalid("nothing to repeat", offset: index)
        case "{":
            if braceQuantifier(at: index) != nil {
                throw .invalid("nothing to repeat", offset: index)
            }
            index += 1
            atom = .literal(scalar)
        default:
            index += 1
            atom = .literal(scalar)
        }
        return try parseQuantifier(after: atom, quantifiable: quantifiable, atomStart: start)
    }

    private mutating func parseQuantifier(
        after atom: RegexNode, quantifiable: Bool, atomStart: Int
    ) throws(RegexSyntaxIssue) -> RegexNode {
        let min: Int
        let max: Int?
        switch current {
        case "*":
            (min, max) = (0, nil)
            index += 1
        case "+":
            (min, max) = (1, nil)
            index += 1
        case "?":
            (min, max) = (0, 1)
            index += 1
        case "{":
            guard let (low, high, length) = braceQuantifier(at: index) else { return atom }
            if let high, high < low {
                throw .invalid("numbers out of order in {} quantifier", offset: index)
            }
            (min, max) = (low, high)
            index += length
        default:
            return atom
        }
        guard quantifiable else {
            throw .unsupported("quantified assertion")
        }
        var greedy = true
        if current == "?" {
            greedy = false
            index += 1
        } else if current == "+" {
            throw .unsupported("possessive quantifier")
        }
        if min > 1000 || (max ?? 0) > 1000 {
            throw .unsupported("large counted repetition")
        }
        if case .repetition = atom {
            // e.g. `a**`: a syntax error in ECMAScript.
            throw .invalid("nothing to repeat", offset: atomStart)
        }
        return .repetition(atom, min: min, max: max, greedy: greedy)
    }

    /// `{n}`, `{n,}` or `{n,m}` at `position`: the bounds and the length in scalars; nil when the brace
    /// is a literal.
    private func braceQuantifier(at position: Int) -> (Int, Int?, Int)? {
        var cursor = position + 1
        func number() -> Int? {
            var value: Int?
            while cursor < scalars.count, let digit = digitValue(scalars[cursor]) {
                value = min((value ?? 0) * 10 + digit, 1_000_000)
                cursor += 1
            }
            return value
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if cursor < scalars.count, scalars[cursor] == "," {
            cursor += 1
            high = number()
        }
        guard cursor < scalars.count, scalars[cursor] == "}" else { return nil }
        return (low, high, cursor + 1 - position)
    }

    private mutating func parseGroup() throws(RegexSyntaxIssue) -> (RegexNode, Bool) {
        let open = index
        index += 1
        var capture: Int?
        var lookahead: Bool?
        if current == "?" {
            switch peek(1) {
            case ":":
                index += 2
            case "=":
                index += 2
                lookahead = false
            case "!":
                index += 2
                lookahead = true
            case "<":
                throw .unsupported(peek(2) == "=" || peek(2) == "!" ? "look-behind" : "named group")
            default:
                throw .unsupported("group modifier")
            }
        } else {
            captureCount += 1
            capture = captureCount
        }
        let inner = try parseAlternation()
        guard current == ")" else { throw .invalid("unterminated group", offset: open) }
        index += 1
        if let negated = lookahead {
            return (.lookahead(inner, negated: negated), false)
        }
        return (.group(inner, capture: capture), true)
    }

    private mutating func parseEscape() throws(RegexSyntaxIssue) -> (RegexNode, Bool) {
        let start = index
        index += 1
        guard let scalar = current else { throw .invalid("\\ at end of pattern", offset: start) }
        index += 1
        switch scalar {
        case "b": return (.wordBoundary(negated: false), false)
        case "B": return (.wordBoundary(negated: true), false)
        case "d": return (.charClass(.digit(negated: false)), true)
        case "D": return (.charClass(.digit(negated: true)), true)
        case "w": return (.charClass(.word(negated: false)), true)
        case "W": return (.charClass(.word(negated: true)), true)
        case "s": return (.charClass(.space(negated: false)), true)
        case "S": return (.charClass(.space(negated: true)), true)
        default:
            return (.literal(try escapedScalar(scalar)), true)
        }
    }

    /// The scalar a character escape stands for (after the backslash and `scalar` were consumed).
    private mutating func escapedScalar(_ scalar: Unicode.Scalar) throws(RegexSyntaxIssue) -> Unicode.Scalar {
        switch scalar {
        case "t": return "\t"
        case "n": return "\n"
        case "r": return "\r"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "0":
            if let next = current, digitValue(next) != nil {
                throw .unsupported("octal escape")
            }
            return "\0"
        case "x":
            if let value = hexValue(length: 2) { return value }
            throw .unsupported("\\x escape")
        case "u":
            if let value = hexValue(length: 4) { return value }
            throw .unsupported("\\u escape")
        default:
            if scalar.properties.isAlphabetic || digitValue(scalar) != nil {
                // Back-references, \c, \k, \p and letters that mean something else in ICU.
                throw .unsupported("escape \\\(scalar)")
            }
            return scalar
        }
    }

    private mutating func hexValue(length: Int) -> Unicode.Scalar? {
        guard index + length <= scalars.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<length {
            guard let digit = hexDigit(scalars[index + offset]) else { return nil }
            value = value * 16 + digit
        }
        guard let result = Unicode.Scalar(value) else { return nil }
        index += length
        return result
    }

    private mutating func parseClass() throws(RegexSyntaxIssue) -> CharacterClass {
        let open = index
        index += 1
        var negated = false
        if current == "^" {
            negated = true
            index += 1
        }
        var items: [CharacterClass.Item] = []
        while true {
            guard let scalar = current else { throw .invalid("unterminated character class", offset: open) }
            if scalar == "]" {
                index += 1
                break
            }
            let low = try parseClassAtom()
            if current == "-", let next = peek(1), next != "]" {
                let dash = index
                index += 1
                let high = try parseClassAtom()
                if case .range(let a, _) = low, case .range(let b, _) = high {
                    if b < a { throw .invalid("range out of order in character class", offset: dash) }
                    items.append(.range(a, b))
                } else {
                    // Annex B: a class escape on either side makes the '-' literal.
                    items.append(low)
                    items.append(.range(0x2D, 0x2D))
                    items.append(high)
                }
            } else {
                items.append(low)
            }
        }
        return CharacterClass(items: items, negated: negated)
    }

    private mutating func parseClassAtom() throws(RegexSyntaxIssue) -> CharacterClass.Item {
        guard let scalar = current else { throw .invalid("unterminated character class", offset: index) }
        index += 1
        if scalar == "[" && (current == ":" || current == "=" || current == ".") {
            throw .unsupported("POSIX class")
        }
        guard scalar == "\\" else { return .range(scalar.value, scalar.value) }
        guard let escaped = current else { throw .invalid("\\ at end of pattern", offset: index - 1) }
        index += 1
        switch escaped {
        case "d": return .digit(negated: false)
        case "D": return .digit(negated: true)
        case "w": return .word(negated: false)
        case "W": return .word(negated: true)
        case "s": return .space(negated: false)
        case "S": return .space(negated: true)
        case "b": return .range(0x08, 0x08)
        case "-": return .range(0x2D, 0x2D)
        default:
            let value = try escapedScalar(escaped)
            return .range(value.value, value.value)
        }
    }
}

private func digitValue(_ scalar: Unicode.Scalar) -> Int? {
    scalar.value >= 0x30 && scalar.value <= 0x39 ? Int(scalar.value - 0x30) : nil
}

private func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar.value {
    case 0x30...0x39: return scalar.value - 0x30
    case 0x41...0x46: return scalar.value - 0x41 + 10
    case 0x61...0x66: return scalar.value - 0x61 + 10
    default: return nil
    }
}
