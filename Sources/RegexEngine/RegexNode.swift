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
