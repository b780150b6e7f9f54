// Compiles a `RegexNode` to a small instruction program and runs it with a backtracking machine over the
// UTF-8 bytes of the text. Priorities follow ECMAScript: leftmost match, greedy or lazy quantifiers tried in
// order, captures inside a repeated group reset at each iteration, and an optional iteration that matches
// the empty string fails (so `/(a*)?/` leaves the group unset on "b", as JavaScript does).

enum RegexOp: UInt8 {
    /// Match `b` bytes of the literal pool starting at `a`.
    case literal
    case anyScalar
    /// Match one scalar of class `a`.
    case charClass
    /// Continue at `a`; on failure, at `b`.
    case split
    case jump
    /// Record the position in capture slot `a`.
    case save
    case inputStart
    case inputEnd
    case wordBoundary
    case notWordBoundary
    /// Run the body that follows to its `lookaheadEnd`; continue at `a` if it matched.
    case lookahead
    /// Run the body that follows to its `lookaheadEnd`; continue at `a` if it did not match.
    case negativeLookahead
    case lookaheadEnd
    /// Clear capture slots `a..<b`.
    case resetCaptures
    /// Record the position in loop register `a`.
    case mark
    /// Fail unless the position moved since `mark` of register `a`.
    case requireProgress
    /// Match as many scalars of class `a` as possible, at most `b` (-1: no limit), giving back one scalar
    /// at a time on backtracking: `x*`, `x+`, `x?` and `x{m,n}` for a single-scalar `x`, without a loop.
    case greedyClassRepeat
    /// Match as few scalars of class `a` as possible, taking one more (at most `b` in all; -1: no limit) at
    /// a time on backtracking.
    case lazyClassRepeat
    case match
}

struct RegexInstruction {
    var op: RegexOp
    var a: Int32 = 0
    var b: Int32 = 0
}

/// Thrown when a match needs more steps than the budget allows (a pathological pattern).
struct RegexBudgetExceeded: Error {}

/// Compiles a `RegexNode` to instructions.
private struct RegexCompiler {
    var code: [RegexInstruction] = []
    var literalPool: [UInt8] = []
    var classes: [CharacterClass] = []
    var asciiBitmaps: [UInt64] = []
    var registerCount = 0
    var anchoredAtStart = false
    var literalPrefix: [UInt8] = []
    var prefixEnd = 0
    var literalSuffix: [UInt8] = []
    var anchoredAtEnd = false

    init(_ root: RegexNode) throws(RegexSyntaxIssue) {
        emit(.save, a: 0)
        var topLevel: [RegexNode]
        if case .concatenation(let nodes) = root {
            topLevel = nodes
        } else {
            topLevel = [root]
        }
        if topLevel.first == .inputStart {
            anchoredAtStart = true
            topLevel.removeFirst()
            emit(.inputStart)
            var prefix: [Unicode.Scalar] = []
            while case .literal(let scalar) = topLevel.first {
                prefix.append(scalar)
                topLevel.removeFirst()
            }
            if !prefix.isEmpty {
                emitLiteral(prefix)
                literalPrefix = Array(String(String.UnicodeScalarView(prefix)).utf8)
            }
        }
        prefixEnd = code.count
        if topLevel.last == .inputEnd {
            anchoredAtEnd = true
            var suffix: [Unicode.Scalar] = []
            for node in topLevel.dropLast().reversed() {
                guard case .literal(let scalar) = node else { break }
                suffix.insert(scalar, at: 0)
            }
            literalSuffix = Array(String(String.UnicodeScalarView(suffix)).utf8)
        }
        try emitSequence(topLevel)
        emit(.save, a: 1)
        emit(.match)
    }

    // MARK: Compiling

    mutating func emit(_ op: RegexOp, a: Int = 0, b: Int = 0) {
        code.append(RegexInstruction(op: op, a: Int32(a), b: Int32(b)))
    }

    private mutating func emitLiteral(_ scalars: [Unicode.Scalar]) {
        let start = literalPool.count
        for scalar in scalars {
            literalPool.append(contentsOf: String(scalar).utf8)
        }
        emit(.literal, a: start, b: literalPool.count - start)
    }

    private mutating func emitSequence(_ nodes: [RegexNode]) throws(RegexSyntaxIssue) {
        var run: [Unicode.Scalar] = []
        for node in nodes {
            if case .literal(let scalar) = node {
                run.append(scalar)
                continue
            }
            if !run.isEmpty {
                emitLiteral(run)
                run.removeAll()
            }
            try emitNode(node)
        }
        if !run.isEmpty {
            emitLiteral(run)
        }
    }

    private mutating func emitNode(_ node: RegexNode) throws(RegexSyntaxIssue) {
        if code.count > 50_000 {
            throw .unsupported("pattern too large for the built-in matcher")
        }
        switch node {
        case .empty:
            break
        case .literal(let scalar):
            emitLiteral([scalar])
        case .anyScalar:
            emit(.anyScalar)
        case .charClass(let characterClass):
            emit(.charClass, a: addClass(characterClass))
        case .inputStart:
            emit(.inputStart)
        case .inputEnd:
            emit(.inputEnd)
        case .wordBoundary(let negated):
            emit(negated ? .notWordBoundary : .wordBoundary)
        case .group(let inner, let capture):
            if let capture { emit(.save, a: 2 * capture) }
            try emitNode(inner)
            if let capture { emit(.save, a: 2 * capture + 1) }
        case .lookahead(let inner, let negated):
            let at = code.count
            emit(negated ? .negativeLookahead : .lookahead)
            try emitNode(inner.captureRange == nil ? Self.existenceForm(inner) : inner)
            emit(.lookaheadEnd)
            code[at].a = Int32(code.count)
        case .concatenation(let nodes):
            try emitSequence(nodes)
        case .alternation(let branches):
            var jumpsToEnd: [Int] = []
            for (offset, branch) in branches.enumerated() {
                let isLast = offset == branches.count - 1
                let split = code.count
                if !isLast { emit(.split, a: split + 1) }
                try emitNode(branch)
                if !isLast {
                    jumpsToEnd.append(code.count)
                    emit(.jump)
                    code[split].b = Int32(code.count)
                }
            }
            for jump in jumpsToEnd { code[jump].a = Int32(code.count) }
        case .repetition(let inner, let min, let max, let greedy):
            if let single = Self.singleScalarClass(inner) {
                for _ in 0..<min { try emitNode(inner) }
                if max.map({ $0 > min }) ?? true {
                    let limit = max.map { $0 - min } ?? -1
                    emit(greedy ? .greedyClassRepeat : .lazyClassRepeat, a: addClass(single), b: limit)
                }
            } else {
                try emitRepetition(inner, min: min, max: max, greedy: greedy)
            }
        }
    }

    /// The fewest scalars `node` can match.
    /// A body that matches at a position exactly when `node` does, found with less backtracking; for lookaheads
    /// without captures, which only ask whether their body matches.
    ///
    /// A trailing repetition that may match nothing always succeeds, so it is dropped (`(?=.*\d.*)` needs no final
    /// `.*`), and every repetition becomes lazy (`(?=.*?\d)` stops at the first digit instead of running to the end
    /// of the line and backtracking): without back-references, the ends a body can reach do not depend on the order
    /// it tries them in. Without this, `{float}`'s lookahead made the snippet generator quadratic per search.
    static func existenceForm(_ node: RegexNode) -> RegexNode {
        func lazy(_ node: RegexNode) -> RegexNode {
            switch node {
            case .repetition(let inner, let min, let max, _):
                .repetition(lazy(inner), min: min, max: max, greedy: false)
            case .group(let inner, let capture): .group(lazy(inner), capture: capture)
            case .concatenation(let nodes): .concatenation(nodes.map(lazy))
            case .alternation(let nodes): .alternation(nodes.map(lazy))
            case .lookahead, .empty, .literal, .anyScalar, .charClass, .inputStart, .inputEnd, .wordBoundary: node
            }
        }
        func withoutOptionalEnd(_ node: RegexNode) -> RegexNode {
            switch node {
            case .repetition(_, 0, _, _):
                return .empty
            case .group(let inner, let capture):
                let trimmed = withoutOptionalEnd(inner)
                return trimmed == .empty ? .empty : .group(trimmed, capture: capture)
            case .concatenation(var nodes):
                while let last = nodes.last {
                    let trimmed = withoutOptionalEnd(last)
                    guard trimmed == .empty else {
                        nodes[nodes.count - 1] = trimmed
                        break
                    }
                    nodes.removeLast()
                }
                return nodes.isEmpty ? .empty : .concatenation(nodes)
            default:
                return node
            }
        }
        return lazy(withoutOptionalEnd(node))
    }

    private static func minimumLength(_ node: RegexNode) -> Int {
        switch node {
        case .empty, .inputStart, .inputEnd, .wordBoundary, .lookahead: 0
        case .literal, .anyScalar, .charClass: 1
        case .group(let inner, _): minimumLength(inner)
        case .concatenation(let nodes): nodes.reduce(0) { $0 + minimumLength($1) }
        case .alternation(let nodes): nodes.map(minimumLength).min() ?? 0
        case .repetition(let inner, let min, _, _): min * minimumLength(inner)
        }
    }

    /// The class of a node that always matches exactly one scalar, or nil.
    private static func singleScalarClass(_ node: RegexNode) -> CharacterClass? {
        switch node {
        case .literal(let scalar):
            return CharacterClass(items: [.range(scalar.value, scalar.value)], negated: false)
        case .anyScalar:
            return CharacterClass(
                items: [.range(0x0A, 0x0A), .range(0x0D, 0x0D), .range(0x2028, 0x2029)], negated: true)
        case .charClass(let characterClass):
            return characterClass
        case .group(let inner, nil):
            return singleScalarClass(inner)
        default:
            return nil
        }
    }

    private mutating func addClass(_ characterClass: CharacterClass) -> Int {
        classes.append(characterClass)
        asciiBitmaps.append(characterClass.asciiLow)
        asciiBitmaps.append(characterClass.asciiHigh)
        return classes.count - 1
    }

    private mutating func emitRepetition(
        _ inner: RegexNode, min: Int, max: Int?, greedy: Bool
    ) throws(RegexSyntaxIssue) {
        let captures = inner.captureRange
        func emitIteration(_ program: inout RegexCompiler) throws(RegexSyntaxIssue) {
            if let captures {
                program.emit(.resetCaptures, a: 2 * captures.lowerBound, b: 2 * captures.upperBound + 2)
            }
            try program.emitNode(inner)
        }
        for _ in 0..<min {
            try emitIteration(&self)
        }
        // A body that always consumes something cannot loop on the empty string: no progress check needed.
        let checksProgress = Self.minimumLength(inner) == 0
        let register = registerCount
        if checksProgress { registerCount += 1 }
        if let max {
            guard max > min else { return }
            var splits: [Int] = []
            for _ in min..<max {
                splits.append(code.count)
                emit(.split)
                if checksProgress { emit(.mark, a: register) }
                try emitIteration(&self)
                if checksProgress { emit(.requireProgress, a: register) }
            }
            let end = Int32(code.count)
            for split in splits {
                let body = Int32(split + 1)
                code[split].a = greedy ? body : end
                code[split].b = greedy ? end : body
            }
        } else {
            let loop = code.count
            emit(.split)
            if checksProgress { emit(.mark, a: register) }
            try emitIteration(&self)
            if checksProgress { emit(.requireProgress, a: register) }
            emit(.jump, a: loop)
            let body = Int32(loop + 1)
            let end = Int32(code.count)
            code[loop].a = greedy ? body : end
            code[loop].b = greedy ? end : body
        }
    }

}

/// A compiled pattern for the built-in backtracking matcher. Immutable after creation; its buffers are
/// allocated once so that matching touches no reference counts.
final class RegexProgram: @unchecked Sendable {
    let code: UnsafeMutableBufferPointer<RegexInstruction>
    let literalPool: UnsafeMutableBufferPointer<UInt8>
    /// Two words per class: membership bitmaps of ASCII 0-63 and 64-127.
    let asciiBitmaps: UnsafeMutableBufferPointer<UInt64>
    let classes: UnsafeMutableBufferPointer<CharacterClass>
    private let classCount: Int
    let registerCount: Int
    /// The number of capturing groups.
    let captureCount: Int
    /// True when the pattern starts with `^` at top level: only position 0 needs trying.
    let anchoredAtStart: Bool
    /// The literal bytes right after a top-level `^`.
    let literalPrefix: [UInt8]
    let prefixEnd: Int
    /// The literal bytes right before a top-level final `$` (empty when there is no such `$`).
    let literalSuffix: [UInt8]
    /// True when the pattern ends with `$` at top level.
    let anchoredAtEnd: Bool
    /// Whether an attempt at a position can depend on what comes before it (`^`, `\b`, `\B`).
    let looksBehindItsStart: Bool
    /// The bytes a non-empty match can start with (a superset).
    let nonEmptyMatchStarts: ByteSet

    /// The maximum number of instructions one match of `text` may execute: 2,000,000, or 200 per byte of a
    /// long text.
    static func stepBudget(forByteCount byteCount: Int) -> Int {
        max(2_000_000, 200 * byteCount)
    }

    init(_ root: RegexNode, captureCount: Int) throws(RegexSyntaxIssue) {
        looksBehindItsStart = root.looksBehindItsStart
        nonEmptyMatchStarts = root.firstBytes.bytes
        let compiler = try RegexCompiler(root)
        code = .allocate(capacity: compiler.code.count)
        _ = code.initialize(from: compiler.code)
        literalPool = .allocate(capacity: max(compiler.literalPool.count, 1))
        _ = literalPool.initialize(from: compiler.literalPool)
        asciiBitmaps = .allocate(capacity: max(compiler.asciiBitmaps.count, 1))
        _ = asciiBitmaps.initialize(from: compiler.asciiBitmaps)
        classes = .allocate(capacity: max(compiler.classes.count, 1))
        classCount = compiler.classes.count
        _ = classes.initialize(from: compiler.classes)
        registerCount = compiler.registerCount
        self.captureCount = captureCount
        anchoredAtStart = compiler.anchoredAtStart
        literalPrefix = compiler.literalPrefix
        prefixEnd = compiler.prefixEnd
        literalSuffix = compiler.literalSuffix
        anchoredAtEnd = compiler.anchoredAtEnd
    }

    deinit {
        code.deallocate()
        literalPool.deallocate()
        asciiBitmaps.deallocate()
        UnsafeMutableBufferPointer(rebasing: classes[0..<classCount]).deinitialize()
        classes.deallocate()
    }
}
