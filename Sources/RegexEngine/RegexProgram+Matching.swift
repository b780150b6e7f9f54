// Runs a compiled `RegexProgram` over the UTF-8 bytes of a text: the search for the leftmost match and the
// backtracking machine that runs the program's instructions.

extension RegexProgram {
    /// Finds the leftmost match in `text` that starts at or after byte `searchStart` (a scalar boundary; anything
    /// but 0 only for a pattern that does not look behind its start) and that `accept` accepts, and hands its
    /// capture slots (byte offsets, -1 when unset; slot 2n and 2n+1 delimit group n) to `body`; nil when there is
    /// none. A match `accept` refuses is dropped and the search goes on at the next start position, within the
    /// same step budget. Start positions `canStart` refuses are not tried. With `nonEmpty`, an empty match is
    /// refused, and a position is not tried when its byte cannot start a non-empty match (`nonEmptyMatchStarts`).
    func withFirstMatch<Result>(
        in text: UnsafeBufferPointer<UInt8>, from searchStart: Int = 0, nonEmpty: Bool = false,
        startingWhere canStart: (Int) -> Bool = { _ in true },
        accepting accept: (UnsafeBufferPointer<Int>) -> Bool = { _ in true },
        _ body: (UnsafeBufferPointer<Int>) -> Result
    ) throws(RegexBudgetExceeded) -> Result? {
        precondition(searchStart == 0 || !looksBehindItsStart, "a search from a position needs a start-free pattern")
        if anchoredAtStart && !literalPrefix.isEmpty {
            guard text.count >= literalPrefix.count,
                literalPrefix.withUnsafeBufferPointer({ prefix in
                    bytesEqual(text.baseAddress, prefix.baseAddress, prefix.count)
                })
            else { return nil }
        }
        let slotCount = 2 * (captureCount + 1)
        // 1 KiB or less stays on the stack without asking the system how much stack is left (which is slow).
        let stackCapacity = max(3 * 10, (128 - slotCount - registerCount) / 3 * 3)
        let scratchCount = slotCount + registerCount + stackCapacity
        let outcome: Swift.Result<Result?, RegexBudgetExceeded> = withUnsafeTemporaryAllocation(
            of: Int.self, capacity: scratchCount
        ) { scratch in
            let slots = UnsafeMutableBufferPointer(rebasing: scratch[0..<slotCount])
            slots.initialize(repeating: -1)
            let registers = UnsafeMutableBufferPointer(rebasing: scratch[slotCount..<(slotCount + registerCount)])
            registers.initialize(repeating: -1)
            var machine = Machine(
                code: UnsafeBufferPointer(code), pool: UnsafeBufferPointer(literalPool),
                bitmaps: UnsafeBufferPointer(asciiBitmaps), classes: UnsafeBufferPointer(classes), text: text,
                slots: slots,
                registers: registers,
                stack: UnsafeMutableBufferPointer(rebasing: scratch[(slotCount + registerCount)...]))
            defer { machine.releaseStack() }
            do throws(RegexBudgetExceeded) {
                var found = false
                if anchoredAtStart {
                    slots[0] = 0
                    found =
                        try machine.run(pc: prefixEnd, position: literalPrefix.count) != nil
                        && (!nonEmpty || slots[1] > slots[0])
                } else {
                    var start = searchStart
                    // A non-empty match starts with one of `nonEmptyMatchStarts`, and never at the end.
                    let starts = nonEmpty ? nonEmptyMatchStarts : .all
                    while start <= text.count {
                        if start < text.count ? starts.contains(text[start]) : !nonEmpty, canStart(start),
                            try machine.run(pc: 0, position: start) != nil
                        {
                            if !nonEmpty || slots[1] > slots[0], accept(UnsafeBufferPointer(slots)) {
                                found = true
                                break
                            }
                            machine.reset()
                        }
                        start += 1
                        while start < text.count && text[start] & 0xC0 == 0x80 { start += 1 }
                    }
                }
                return .success(found ? body(UnsafeBufferPointer(slots)) : nil)
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}

/// Whether `count` bytes at `lhs` and `rhs` are equal, compared eight at a time.
@inline(__always)
package func bytesEqual(_ lhs: UnsafePointer<UInt8>?, _ rhs: UnsafePointer<UInt8>?, _ count: Int) -> Bool {
    guard count > 0 else { return true }
    guard let lhs, let rhs else { return false }
    let left = UnsafeRawPointer(lhs)
    let right = UnsafeRawPointer(rhs)
    var offset = 0
    while offset + 8 <= count {
        if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        {
            return false
        }
        offset += 8
    }
    while offset < count {
        if lhs[offset] != rhs[offset] { return false }
        offset += 1
    }
    return true
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
/// (2, register, old value) to undo, and star entries (greedy: lowest end and current end; lazy: class and
/// current end) whose first word also holds the pc to resume at. It starts in caller-provided scratch memory and moves to the heap
/// only when it outgrows it.
private struct Machine {
    let code: UnsafeBufferPointer<RegexInstruction>
    let pool: UnsafeBufferPointer<UInt8>
    let bitmaps: UnsafeBufferPointer<UInt64>
    let classes: UnsafeBufferPointer<CharacterClass>
    let text: UnsafeBufferPointer<UInt8>
    let slots: UnsafeMutableBufferPointer<Int>
    let registers: UnsafeMutableBufferPointer<Int>
    private var stack: UnsafeMutableBufferPointer<Int>
    private var stackOnHeap = false
    private var depth = 0
    private var budget: Int
    /// Stack entry kinds of a class repetition (low 3 bits; the pc to resume at is in the bits above).
    private static let greedyRepeat = 3
    private static let lazyRepeat = 4

    init(
        code: UnsafeBufferPointer<RegexInstruction>, pool: UnsafeBufferPointer<UInt8>,
        bitmaps: UnsafeBufferPointer<UInt64>, classes: UnsafeBufferPointer<CharacterClass>,
        text: UnsafeBufferPointer<UInt8>,
        slots: UnsafeMutableBufferPointer<Int>, registers: UnsafeMutableBufferPointer<Int>,
        stack: UnsafeMutableBufferPointer<Int>
    ) {
        self.code = code
        self.pool = pool
        self.bitmaps = bitmaps
        self.classes = classes
        self.text = text
        self.slots = slots
        self.registers = registers
        self.stack = stack
        self.budget = RegexProgram.stepBudget(forByteCount: text.count)
    }

    mutating func releaseStack() {
        if stackOnHeap { stack.deallocate() }
    }

    @inline(__always)
    private mutating func push(_ kind: Int, _ key: Int, _ value: Int) {
        if depth + 3 > stack.count { grow() }
        stack[depth] = kind
        stack[depth + 1] = key
        stack[depth + 2] = value
        depth += 3
    }

    private mutating func grow() {
        let larger = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(stack.count * 2, 3 * 64))
        _ = larger.initialize(from: stack[0..<depth])
        if stackOnHeap { stack.deallocate() }
        stack = larger
        stackOnHeap = true
    }

    /// The length of the scalar at `position` when class `index` contains it, else 0.
    @inline(__always)
    private func classMatch(_ index: Int, at position: Int) -> Int {
        guard position < text.count else { return 0 }
        let byte = text[position]
        if byte < 0x80 {
            let word = byte < 64 ? bitmaps[2 * index] : bitmaps[2 * index + 1]
            return word & (1 << UInt64(byte & 63)) != 0 ? 1 : 0
        }
        let (scalar, length) = decodeScalar(text, at: position)
        return classes[index].contains(scalar) ? length : 0
    }

    /// The start of the scalar before `position`.
    @inline(__always)
    private func previousScalarStart(_ position: Int) -> Int {
        var previous = position - 1
        while previous > 0 && text[previous] & 0xC0 == 0x80 { previous -= 1 }
        return previous
    }

    @inline(__always)
    private func isWordByte(at position: Int) -> Bool {
        position >= 0 && position < text.count && isWordScalar(UInt32(text[position]))
    }

    @inline(__always)
    private mutating func setSlot(_ slot: Int, _ value: Int) {
        push(1, slot, slots[slot])
        slots[slot] = value
    }

    /// Runs from `pc` at `position` until `match` or `lookaheadEnd`; returns the end position, or nil when
    /// every alternative failed (the stack is then back where it was on entry).
    mutating func run(pc startPC: Int, position startPosition: Int) throws(RegexBudgetExceeded) -> Int? {
        let base = depth
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
                if position + count <= end,
                    bytesEqual(text.baseAddress.map { $0 + position }, pool.baseAddress.map { $0 + start }, count)
                {
                    position += count
                    pc += 1
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
                let length = classMatch(Int(instruction.a), at: position)
                if length > 0 {
                    position += length
                    pc += 1
                } else {
                    failed = true
                }
            case .greedyClassRepeat:
                let index = Int(instruction.a)
                var remaining = Int(instruction.b)
                let low = position
                while remaining != 0 {
                    let length = classMatch(index, at: position)
                    if length == 0 { break }
                    position += length
                    remaining -= 1
                    budget -= 1
                }
                if position > low { push(Self.greedyRepeat | (pc + 1) << 3, low, position) }
                pc += 1
            case .lazyClassRepeat:
                if instruction.b != 0 {
                    // The class and the number of scalars it may still take, packed.
                    push(Self.lazyRepeat | (pc + 1) << 3, Int(instruction.a) | Int(instruction.b) << 32, position)
                }
                pc += 1
            case .split:
                push(0, Int(instruction.b), position)
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
                let innerBase = depth
                let matched = try run(pc: pc + 1, position: position) != nil
                if instruction.op == .lookahead {
                    if matched {
                        // Atomic: drop the retry points inside, keep the undo records.
                        var write = innerBase
                        var read = innerBase
                        while read < depth {
                            if stack[read] == 1 || stack[read] == 2 {
                                stack[write] = stack[read]
                                stack[write + 1] = stack[read + 1]
                                stack[write + 2] = stack[read + 2]
                                write += 3
                            }
                            read += 3
                        }
                        depth = write
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
                push(2, register, registers[register])
                registers[register] = position
                pc += 1
            case .requireProgress:
                if registers[Int(instruction.a)] == position { failed = true } else { pc += 1 }
            }
            if failed {
                var resumed = false
                while depth > base {
                    depth -= 3
                    let kind = stack[depth]
                    let key = stack[depth + 1]
                    let value = stack[depth + 2]
                    switch kind & 7 {
                    case 0:
                        pc = key
                        position = value
                        resumed = true
                    case 1:
                        slots[key] = value
                    case 2:
                        registers[key] = value
                    case Self.greedyRepeat:
                        // Give back one scalar; `key` is the lowest position the repetition may end at.
                        position = previousScalarStart(value)
                        if position > key { push(kind, key, position) }
                        pc = kind >> 3
                        resumed = true
                    default:
                        // Take one more scalar of the class, if there is one and the limit allows.
                        let length = classMatch(key & 0xFFFF_FFFF, at: value)
                        if length > 0 {
                            position = value + length
                            let remaining = key >> 32 - 1
                            if remaining != 0 { push(kind, key & 0xFFFF_FFFF | remaining << 32, position) }
                            pc = kind >> 3
                            resumed = true
                        }
                    }
                    if resumed { break }
                }
                if !resumed { return nil }
            }
        }
    }

    /// Forgets a match: pops the whole stack, undoing its captures and registers, and clears the match's slots.
    mutating func reset() {
        unwind(to: 0)
        slots.update(repeating: -1)
    }

    /// Pops everything above `base`, undoing captures and registers.
    private mutating func unwind(to base: Int) {
        while depth > base {
            depth -= 3
            let kind = stack[depth]
            let key = stack[depth + 1]
            let value = stack[depth + 2]
            if kind == 1 {
                slots[key] = value
            } else if kind == 2 {
                registers[key] = value
            }  // Star entries hold no state to undo.
        }
    }
}
