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
            classes.append(characterClass)
            asciiBitmaps.append(characterClass.asciiLow)
            asciiBitmaps.append(characterClass.asciiHigh)
            emit(.charClass, a: classes.count - 1)
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
            try emitNode(inner)
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
            try emitRepetition(inner, min: min, max: max, greedy: greedy)
        }
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
        let register = registerCount
        if let max {
            guard max > min else { return }
            registerCount += 1
            var splits: [Int] = []
            for _ in min..<max {
                splits.append(code.count)
                emit(.split)
                emit(.mark, a: register)
                try emitIteration(&self)
                emit(.requireProgress, a: register)
            }
            let end = Int32(code.count)
            for split in splits {
                let body = Int32(split + 1)
                code[split].a = greedy ? body : end
                code[split].b = greedy ? end : body
            }
        } else {
            registerCount += 1
            let loop = code.count
            emit(.split)
            emit(.mark, a: register)
            try emitIteration(&self)
            emit(.requireProgress, a: register)
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
    private let code: UnsafeMutableBufferPointer<RegexInstruction>
    private let literalPool: UnsafeMutableBufferPointer<UInt8>
    /// Two words per class: membership bitmaps of ASCII 0-63 and 64-127.
    private let asciiBitmaps: UnsafeMutableBufferPointer<UInt64>
    private let classes: [CharacterClass]
    private let registerCount: Int
    /// The number of capturing groups.
    let captureCount: Int
    /// True when the pattern starts with `^` at top level: only position 0 needs trying.
    let anchoredAtStart: Bool
    /// The literal bytes right after a top-level `^`.
    let literalPrefix: [UInt8]
    private let prefixEnd: Int
    /// The literal bytes right before a top-level final `$` (empty when there is no such `$`).
    let literalSuffix: [UInt8]
    /// True when the pattern ends with `$` at top level.
    let anchoredAtEnd: Bool

    /// The maximum number of instructions one match may execute.
    static let stepBudget = 2_000_000

    init(_ root: RegexNode, captureCount: Int) throws(RegexSyntaxIssue) {
        let compiler = try RegexCompiler(root)
        code = .allocate(capacity: compiler.code.count)
        _ = code.initialize(from: compiler.code)
        literalPool = .allocate(capacity: max(compiler.literalPool.count, 1))
        _ = literalPool.initialize(from: compiler.literalPool)
        asciiBitmaps = .allocate(capacity: max(compiler.asciiBitmaps.count, 1))
        _ = asciiBitmaps.initialize(from: compiler.asciiBitmaps)
        classes = compiler.classes
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
    }

    /// The capture slots (byte offsets; -1 when unset) of the leftmost match in `text`, or nil.
    func firstMatch(in text: UnsafeBufferPointer<UInt8>) throws(RegexBudgetExceeded) -> [Int]? {
        if anchoredAtStart && !literalPrefix.isEmpty {
            guard text.count >= literalPrefix.count else { return nil }
            for (offset, byte) in literalPrefix.enumerated() where text[offset] != byte {
                return nil
            }
        }
        let slotCount = 2 * (captureCount + 1)
        let slots = UnsafeMutableBufferPointer<Int>.allocate(capacity: slotCount)
        slots.initialize(repeating: -1)
        let registers = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(registerCount, 1))
        registers.initialize(repeating: -1)
        defer {
            slots.deallocate()
            registers.deallocate()
        }
        var machine = Machine(
            code: UnsafeBufferPointer(code), pool: UnsafeBufferPointer(literalPool),
            bitmaps: UnsafeBufferPointer(asciiBitmaps), classes: classes, text: text, slots: slots,
            registers: registers, stack: [], budget: RegexProgram.stepBudget)
        machine.stack.reserveCapacity(48)
        var found = false
        if anchoredAtStart {
            slots[0] = 0
            found = try machine.run(pc: prefixEnd, position: literalPrefix.count) != nil
        } else {
            var start = 0
            while start <= text.count {
                if try machine.run(pc: 0, position: start) != nil {
                    found = true
                    break
                }
                start += 1
                while start < text.count && text[start] & 0xC0 == 0x80 { start += 1 }
            }
        }
        return found ? Array(slots) : nil
    }
}

/// Decodes the scalar starting at `index` of valid UTF-8; returns it with its length in bytes.
@inline(__always)
func decodeScalar(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
    let first = UInt32(text[index])
    if first < 0x80 { return (first, 1) }
    if first < 0xE0 {
        return ((first & 0x1F) << 6 | UInt32(text[index + 1] & 0x3F), 2)
    }
    if first < 0xF0 {
        return ((first & 0x0F) << 12 | UInt32(text[index + 1] & 0x3F) << 6 | UInt32(text[index + 2] & 0x3F), 3)
    }
    let value =
        (first & 0x07) << 18 | UInt32(text[index + 1] & 0x3F) << 12 | UInt32(text[index + 2] & 0x3F) << 6
        | UInt32(text[index + 3] & 0x3F)
    return (value, 4)
}

/// The backtracking machine. The stack holds triples: (0, pc, position) to retry, (1, slot, old value) and
/// (2, register, old value) to undo.
private struct Machine {
    let code: UnsafeBufferPointer<RegexInstruction>
    let pool: UnsafeBufferPointer<UInt8>
    let bitmaps: UnsafeBufferPointer<UInt64>
    let classes: [CharacterClass]
    let text: UnsafeBufferPointer<UInt8>
    let slots: UnsafeMutableBufferPointer<Int>
    let registers: UnsafeMutableBufferPointer<Int>
    var stack: [Int]
    var budget: Int

    @inline(__always)
    private func isWordByte(at position: Int) -> Bool {
        position >= 0 && position < text.count && isWordScalar(UInt32(text[position]))
    }

    @inline(__always)
    private mutating func setSlot(_ slot: Int, _ value: Int) {
        stack.append(1)
        stack.append(slot)
        stack.append(slots[slot])
        slots[slot] = value
    }

    /// Runs from `pc` at `position` until `match` or `lookaheadEnd`; returns the end position, or nil when
    /// every alternative failed (the stack is then back where it was on entry).
    mutating func run(pc startPC: Int, position startPosition: Int) throws(RegexBudgetExceeded) -> Int? {
        let base = stack.count
        var pc = startPC
        var position = startPosition
        let end = text.count
        while true {
            budget -= 1
            if budget < 0 { throw RegexBudgetExceeded() }
            let instruction = code[pc]
            var failed = false
            switch instruction.op {
            case .literal:
                let start = Int(instruction.a)
                let count = Int(instruction.b)
                if position + count <= end {
                    var offset = 0
                    while offset < count && text[position + offset] == pool[start + offset] { offset += 1 }
                    if offset == count {
                        position += count
                        pc += 1
                    } else {
                        failed = true
                    }
                } else {
                    failed = true
                }
            case .anyScalar:
                if position < end {
                    let (scalar, length) = decodeScalar(text, at: position)
                    if isLineTerminator(scalar) {
                        failed = true
                    } else {
                        position += length
                        pc += 1
                    }
                } else {
                    failed = true
                }
            case .charClass:
                if position < end {
                    let byte = text[position]
                    let index = Int(instruction.a)
                    if byte < 0x80 {
                        let word = byte < 64 ? bitmaps[2 * index] : bitmaps[2 * index + 1]
                        if word & (1 << UInt64(byte & 63)) != 0 {
                            position += 1
                            pc += 1
                        } else {
                            failed = true
                        }
                    } else {
                        let (scalar, length) = decodeScalar(text, at: position)
                        if classes[index].contains(scalar) {
                            position += length
                            pc += 1
                        } else {
                            failed = true
                        }
                    }
                } else {
                    failed = true
                }
            case .split:
                stack.append(0)
                stack.append(Int(instruction.b))
                stack.append(position)
                pc = Int(instruction.a)
            case .jump:
                pc = Int(instruction.a)
            case .save:
                setSlot(Int(instruction.a), position)
                pc += 1
            case .inputStart:
                if position == 0 { pc += 1 } else { failed = true }
            case .inputEnd:
                if position == end { pc += 1 } else { failed = true }
            case .wordBoundary, .notWordBoundary:
                let boundary = isWordByte(at: position - 1) != isWordByte(at: position)
                if boundary == (instruction.op == .wordBoundary) { pc += 1 } else { failed = true }
            case .lookahead, .negativeLookahead:
                let innerBase = stack.count
                let matched = try run(pc: pc + 1, position: position) != nil
                if instruction.op == .lookahead {
                    if matched {
                        // Atomic: drop the retry points inside, keep the undo records.
                        var write = innerBase
                        var read = innerBase
                        while read < stack.count {
                            if stack[read] != 0 {
                                stack[write] = stack[read]
                                stack[write + 1] = stack[read + 1]
                                stack[write + 2] = stack[read + 2]
                                write += 3
                            }
                            read += 3
                        }
                        stack.removeLast(stack.count - write)
                        pc = Int(instruction.a)
                    } else {
                        failed = true
                    }
                } else {
                    if matched {
                        unwind(to: innerBase)
                        failed = true
                    } else {
                        pc = Int(instruction.a)
                    }
                }
            case .lookaheadEnd, .match:
                return position
            case .resetCaptures:
                for slot in Int(instruction.a)..<Int(instruction.b) where slots[slot] != -1 {
                    setSlot(slot, -1)
                }
                pc += 1
            case .mark:
                let register = Int(instruction.a)
                stack.append(2)
                stack.append(register)
                stack.append(registers[register])
                registers[register] = position
                pc += 1
            case .requireProgress:
                if registers[Int(instruction.a)] == position { failed = true } else { pc += 1 }
            }
            if failed {
                var resumed = false
                while stack.count > base {
                    let value = stack.removeLast()
                    let key = stack.removeLast()
                    let kind = stack.removeLast()
                    switch kind {
                    case 0:
                        pc = key
                        position = value
                        resumed = true
                    case 1:
                        slots[key] = value
                    default:
                        registers[key] = value
                    }
                    if resumed { break }
                }
                if !resumed { return nil }
            }
        }
    }

    /// Pops everything above `base`, undoing captures and registers.
    private mutating func unwind(to base: Int) {
        while stack.count > base {
            let value = stack.removeLast()
            let key = stack.removeLast()
            let kind = stack.removeLast()
            if kind == 1 {
                slots[key] = value
            } else if kind == 2 {
                registers[key] = value
            }
        }
    }
}
