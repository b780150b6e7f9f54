/// A step pattern as a small regular language: what did-you-mean and completion compare a typed text against.
/// Cucumber Expressions and regular expressions are both read into it; constructs it cannot express exactly (a
/// bounded repeat, a back-reference, a look-around) are approximated by something at least as permissive, since it
/// only ranks suggestions and never decides whether a step matches.
indirect enum PatternNode: Sendable {
    /// One scalar of fixed text.
    case literal(Unicode.Scalar)
    /// One scalar of a set.
    case set(ScalarSet)
    case sequence([PatternNode])
    case choice([PatternNode])
    case optional(PatternNode)
    /// One or more of a single-scalar node; any other node stands for one occurrence.
    case oneOrMore(PatternNode)
    /// A parameter or a capture group: the text it matches is a value the step's author typed.
    case value(PatternNode)

    static var anything: PatternNode { .oneOrMore(.set(.any)) }
}

/// Reads a Cucumber Expression (`the cache holds {int} image(s)`, `is/are`, escapes) into a pattern. Parameters
/// become their types' regular expressions; an unknown type stands for any non-empty text.
struct CucumberExpressionReader {
    let parameterTypes: [String: PatternNode]

    func read(_ expression: String) -> PatternNode {
        var nodes: [PatternNode] = []
        var word: [Unicode.Scalar] = []
        var inBraces = false
        var parameter = ""
        func flushWord() {
            if !word.isEmpty { nodes.append(readWord(word)) }
            word = []
        }
        var escaped = false
        for scalar in expression.unicodeScalars {
            if inBraces {
                if scalar == "}" {
                    inBraces = false
                    flushWord()
                    nodes.append(.value(parameterTypes[parameter] ?? .anything))
                } else {
                    parameter.unicodeScalars.append(scalar)
                }
                continue
            }
            if escaped {
                word.append("\\")
                word.append(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "{" {
                inBraces = true
                parameter = ""
            } else if scalar.properties.isWhitespace {
                flushWord()
                nodes.append(.literal(scalar))
            } else {
                word.append(scalar)
            }
        }
        if escaped { word.append("\\") }
        if inBraces { word += ["{"] + Array(parameter.unicodeScalars) }
        flushWord()
        return .sequence(nodes)
    }

    /// A word without white space or parameters (escapes kept as `\x`): alternatives on unescaped `/` outside
    /// parentheses, optional text in parentheses.
    private func readWord(_ scalars: [Unicode.Scalar]) -> PatternNode {
        var alternatives: [[Unicode.Scalar]] = [[]]
        var depth = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count {
                alternatives[alternatives.count - 1] += [scalar, scalars[index + 1]]
                index += 2
                continue
            }
            if scalar == "(" { depth += 1 }
            if scalar == ")" { depth = max(depth - 1, 0) }
            if scalar == "/" && depth == 0 {
                alternatives.append([])
            } else {
                alternatives[alternatives.count - 1].append(scalar)
            }
            index += 1
        }
        let read = alternatives.map(readAlternative)
        return read.count == 1 ? read[0] : .choice(read)
    }

    private func readAlternative(_ scalars: [Unicode.Scalar]) -> PatternNode {
        var nodes: [PatternNode] = []
        var optional: [PatternNode]?
        var index = 0
        while index < scalars.count {
            var scalar = scalars[index]
            var isEscaped = false
            if scalar == "\\", index + 1 < scalars.count {
                index += 1
                scalar = scalars[index]
                isEscaped = true
            }
            index += 1
            if !isEscaped && scalar == "(" && optional == nil {
                optional = []
            } else if !isEscaped && scalar == ")", let text = optional {
                nodes.append(.optional(.sequence(text)))
                optional = nil
            } else if optional != nil {
                optional?.append(.literal(scalar))
            } else {
                nodes.append(.literal(scalar))
            }
        }
        if let text = optional { nodes += [.literal("(")] + text }
        return .sequence(nodes)
    }
}

/// Reads a regular expression (JavaScript or ICU flavour) into a pattern: anchors dropped, capture groups as
/// values, look-arounds ignored, bounded repeats read as "one or more" (or optional when they allow none).
struct RegularExpressionReader {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// Whether capture groups are values (a step's regular expression) or not (a parameter type's, which is one
    /// value as a whole).
    private let groupsAreValues: Bool

    private init(_ source: String, groupsAreValues: Bool) {
        scalars = Array(source.unicodeScalars)
        self.groupsAreValues = groupsAreValues
    }

    /// The pattern of a step definition's regular expression.
    static func read(step source: String) -> PatternNode {
        var reader = RegularExpressionReader(source, groupsAreValues: true)
        return reader.alternation()
    }

    /// The pattern of a parameter type's regular expressions (any of them).
    static func read(parameterType regularExpressions: [String]) -> PatternNode {
        let read = regularExpressions.map { source -> PatternNode in
            var reader = RegularExpressionReader(source, groupsAreValues: false)
            return reader.alternation()
        }
        return read.count == 1 ? read[0] : .choice(read)
    }

    private var atEnd: Bool { index >= scalars.count }

    private mutating func alternation() -> PatternNode {
        var branches = [sequence()]
        while !atEnd && scalars[index] == "|" {
            index += 1
            branches.append(sequence())
        }
        return branches.count == 1 ? branches[0] : .choice(branches)
    }

    private mutating func sequence() -> PatternNode {
        var nodes: [PatternNode] = []
        while !atEnd && scalars[index] != "|" && scalars[index] != ")" {
            guard let atom = atom() else { continue }
            nodes.append(quantified(atom))
        }
        return .sequence(nodes)
    }

    /// The next atom, or nil for something that consumes no text (an anchor, a look-around, `\b`).
    private mutating func atom() -> PatternNode? {
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "^", "$": return nil
        case ".": return .set(.any)
        case "[": return .set(characterClass())
        case "(": return group()
        case "\\": return escape(inClass: false).map { $0.node }
        default: return .literal(scalar)
        }
    }

    private mutating func group() -> PatternNode? {
        var isValue = groupsAreValues
        if !atEnd && scalars[index] == "?" {
            let rest = String(String.UnicodeScalarView(scalars[index..<min(index + 4, scalars.count)]))
            if rest.hasPrefix("?:") {
                index += 2
                isValue = false
            } else if rest.hasPrefix("?=") || rest.hasPrefix("?!") || rest.hasPrefix("?<=") || rest.hasPrefix("?<!") {
                index += rest.hasPrefix("?<") ? 3 : 2
                _ = alternation()
                if !atEnd { index += 1 }  // `)`
                return nil
            } else {
                // A named group, `(?<name>` or `(?P<name>`: skip to the name's end.
                while !atEnd && scalars[index] != ">" && scalars[index] != ")" { index += 1 }
                if !atEnd && scalars[index] == ">" { index += 1 }
            }
        }
        let inner = alternation()
        if !atEnd { index += 1 }  // `)`
        return isValue ? .value(inner) : inner
    }

    private mutating func quantified(_ atom: PatternNode) -> PatternNode {
        guard !atEnd else { return atom }
        var node = atom
        switch scalars[index] {
        case "?":
            index += 1
            node = .optional(atom)
        case "*":
            index += 1
            node = .optional(.oneOrMore(atom))
        case "+":
            index += 1
            node = .oneOrMore(atom)
        case "{":
            guard let (minimum, maximum) = repeatBounds() else { return atom }
            if maximum == 1 {
                node = minimum == 0 ? .optional(atom) : atom
            } else {
                node = minimum == 0 ? .optional(.oneOrMore(atom)) : .oneOrMore(atom)
            }
        default:
            return atom
        }
        if !atEnd && (scalars[index] == "?" || scalars[index] == "+") { index += 1 }  // lazy or possessive
        return node
    }

    /// `{n}`, `{n,}` or `{n,m}` at `index` (consumed), or nil when the brace is a literal.
    private mutating func repeatBounds() -> (Int, Int?)? {
        var cursor = index + 1
        var minimum = 0
        var digits = 0
        while cursor < scalars.count, let digit = asciiDigit(scalars[cursor]) {
            minimum = min(minimum * 10 + digit, 1_000)
            digits += 1
            cursor += 1
        }
        guard digits > 0, cursor < scalars.count else { return nil }
        var maximum: Int? = minimum
        if scalars[cursor] == "," {
            cursor += 1
            var bound = 0
            var boundDigits = 0
            while cursor < scalars.count, let digit = asciiDigit(scalars[cursor]) {
                bound = min(bound * 10 + digit, 1_000)
                boundDigits += 1
                cursor += 1
            }
            maximum = boundDigits > 0 ? bound : nil
        }
        guard cursor < scalars.count, scalars[cursor] == "}" else { return nil }
        index = cursor + 1
        return (minimum, maximum)
    }

    /// After a backslash: a class, a literal scalar, or nil for a zero-width assertion.
    private mutating func escape(inClass: Bool) -> (node: PatternNode, set: ScalarSet?)? {
        guard !atEnd else { return (.literal("\\"), nil) }
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "d": return (.set(.digit), .digit)
        case "w": return (.set(.word), .word)
        case "s": return (.set(.space), .space)
        case "D": return (.set(ScalarSet(classes: .notDigit)), ScalarSet(classes: .notDigit))
        case "W": return (.set(ScalarSet(classes: .notWord)), ScalarSet(classes: .notWord))
        case "S": return (.set(ScalarSet(classes: .notSpace)), ScalarSet(classes: .notSpace))
        case "b", "B", "A", "z", "Z", "G": return inClass ? (.literal("\u{8}"), nil) : nil
        case "n": return (.literal("\n"), nil)
        case "t": return (.literal("\t"), nil)
        case "r": return (.literal("\r"), nil)
        case "f": return (.literal("\u{C}"), nil)
        case "v": return (.literal("\u{B}"), nil)
        case "p", "P":
            // A Unicode property, `\p{L}`: any scalar (approximation).
            if !atEnd && scalars[index] == "{" {
                while !atEnd && scalars[index] != "}" { index += 1 }
                if !atEnd { index += 1 }
            }
            return (.set(.any), .any)
        case "x", "u":
            let count = scalar == "x" ? 2 : 4
            var value: UInt32 = 0
            var read = 0
            while read < count, !atEnd, let digit = UInt32(String(scalars[index]), radix: 16) {
                value = value * 16 + digit
                index += 1
                read += 1
            }
            if read == count, let decoded = Unicode.Scalar(value) { return (.literal(decoded), nil) }
            return (.literal(scalar), nil)
        default:
            if let digit = asciiDigit(scalar), digit > 0 { return (PatternNode.anything, .any) }  // back-reference
            return (.literal(scalar), nil)
        }
    }

    /// A `[...]` class; `index` is after the `[`.
    private mutating func characterClass() -> ScalarSet {
        var set = ScalarSet()
        if !atEnd && scalars[index] == "^" {
            set.isNegated = true
            index += 1
        }
        var first = true
        while !atEnd && (scalars[index] != "]" || first) {
            first = false
            var low: UInt32
            let scalar = scalars[index]
            index += 1
            if scalar == "\\" {
                guard let escaped = escape(inClass: true) else { continue }
                if let classSet = escaped.set {
                    if classSet == .any {
                        set.classes.formUnion([.space, .notSpace])
                    } else {
                        set.classes.formUnion(classSet.classes)
                    }
                    continue
                }
                guard case .literal(let literal) = escaped.node else { continue }
                low = literal.value
            } else {
                low = scalar.value
            }
            var high = low
            if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                index += 1
                let end = scalars[index]
                index += 1
                if end == "\\", let escaped = escape(inClass: true), case .literal(let literal) = escaped.node {
                    high = literal.value
                } else {
                    high = end.value
                }
            }
            set.ranges.append(min(low, high)...max(low, high))
        }
        if !atEnd { index += 1 }  // `]`
        return set
    }
}

private func asciiDigit(_ scalar: Unicode.Scalar) -> Int? {
    scalar.value >= 0x30 && scalar.value <= 0x39 ? Int(scalar.value - 0x30) : nil
}

/// The regular expressions of Cucumber's built-in parameter types, by name (`int`, `float`, `word`, `string`,
/// the anonymous `{}` and the numeric variants).
enum BuiltInParameterTypes {
    static let integer = [#"-?\d+"#, #"\d+"#]
    static let float = [#"(?=.*\d.*)[-+]?\d*(?:\.(?=\d.*))?\d*(?:\d+[E][+-]?\d+)?"#]
    static let regularExpressions: [String: [String]] = [
        "int": integer, "byte": integer, "short": integer, "long": integer, "biginteger": integer,
        "float": float, "double": float, "bigdecimal": float,
        "word": [#"[^\s]+"#],
        "string": [#""([^"\\]*(\\.[^"\\]*)*)"|'([^'\\]*(\\.[^'\\]*)*)'"#],
        "": [".*"],
    ]
}
