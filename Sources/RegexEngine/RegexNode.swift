// The syntax tree of the regular-expression subset the built-in matcher runs (`RegexParser` builds it).

/// One node of a parsed regular expression.
indirect enum RegexNode: Equatable {
    case empty
    case literal(Unicode.Scalar)
    /// `.`: any scalar except a line terminator.
    case anyScalar
    case charClass(CharacterClass)
    /// `^` (input start; no multiline mode).
    case inputStart
    /// `$` (input end; no multiline mode).
    case inputEnd
    case wordBoundary(negated: Bool)
    /// A group; `capture` is the 1-based capture index, nil for `(?:...)`.
    case group(RegexNode, capture: Int?)
    case lookahead(RegexNode, negated: Bool)
    case concatenation([RegexNode])
    case alternation([RegexNode])
    case repetition(RegexNode, min: Int, max: Int?, greedy: Bool)

    /// Whether a match attempt at a position can depend on what comes before it (`^`, `\b`, `\B`): searching a
    /// text from a position then differs from searching the text cut at that position.
    var looksBehindItsStart: Bool {
        switch self {
        case .inputStart, .wordBoundary: true
        case .group(let inner, _), .lookahead(let inner, _), .repetition(let inner, _, _, _): inner.looksBehindItsStart
        case .concatenation(let nodes), .alternation(let nodes): nodes.contains { $0.looksBehindItsStart }
        case .empty, .literal, .anyScalar, .charClass, .inputEnd: false
        }
    }

    /// The capture indices inside this node, as a closed range, or nil when it has none.
    var captureRange: ClosedRange<Int>? {
        var low = Int.max
        var high = Int.min
        func visit(_ node: RegexNode) {
            switch node {
            case .group(let inner, let capture):
                if let capture {
                    low = min(low, capture)
                    high = max(high, capture)
                }
                visit(inner)
            case .lookahead(let inner, _), .repetition(let inner, _, _, _):
                visit(inner)
            case .concatenation(let nodes), .alternation(let nodes):
                nodes.forEach(visit)
            default:
                break
            }
        }
        visit(self)
        return low <= high ? low...high : nil
    }
}

/// A set of byte values, as four 64-bit words.
package struct ByteSet: Equatable, Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The empty set.
    package init() {}

    /// Every byte.
    package static let all: ByteSet = {
        var set = ByteSet()
        set.words = (.max, .max, .max, .max)
        return set
    }()

    /// Whether `byte` is in the set.
    @inline(__always)
    package func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    mutating func formUnion(_ other: ByteSet) {
        words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
    }

    package static func == (lhs: ByteSet, rhs: ByteSet) -> Bool {
        lhs.words == rhs.words
    }
}

extension RegexNode {
    /// The bytes a non-empty match of this node can start with (the first UTF-8 byte it consumes), and whether it
    /// can match the empty text. A superset where exactness would cost: a class's scalars beyond ASCII count as
    /// every byte from 0x80. Zero-width assertions (`^`, `$`, `\b`, lookaheads) consume nothing.
    var firstBytes: (bytes: ByteSet, nullable: Bool) {
        switch self {
        case .empty, .inputStart, .inputEnd, .wordBoundary, .lookahead:
            return (ByteSet(), true)
        case .literal(let scalar):
            var bytes = ByteSet()
            if let first = String(scalar).utf8.first { bytes.insert(first) }
            return (bytes, false)
        case .anyScalar:
            return (.all, false)
        case .charClass(let characterClass):
            var bytes = ByteSet()
            for byte in UInt8(0)..<128 where characterClass.contains(UInt32(byte)) { bytes.insert(byte) }
            for byte in UInt8(0x80)...0xFF { bytes.insert(byte) }
            return (bytes, false)
        case .group(let inner, _):
            return inner.firstBytes
        case .repetition(let inner, let min, _, _):
            let first = inner.firstBytes
            return (first.bytes, first.nullable || min == 0)
        case .concatenation(let nodes):
            var bytes = ByteSet()
            for node in nodes {
                let first = node.firstBytes
                bytes.formUnion(first.bytes)
                if !first.nullable { return (bytes, false) }
            }
            return (bytes, true)
        case .alternation(let nodes):
            var bytes = ByteSet()
            var nullable = false
            for node in nodes {
                let first = node.firstBytes
                bytes.formUnion(first.bytes)
                nullable = nullable || first.nullable
            }
            return (bytes, nullable)
        }
    }
}
