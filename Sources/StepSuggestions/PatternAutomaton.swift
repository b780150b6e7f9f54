/// A pattern compiled for approximate matching: states numbered so that every edge goes forward, which lets one
/// pass per text scalar compute the edit distance between a text and the closest string of the pattern (Myers and
/// Miller's dynamic programme for regular expressions). Time is the text's length times the pattern's edges;
/// memory is two rows of the pattern's states.
struct PatternAutomaton: Sendable {
    /// An edge that consumes one scalar of text (or, in `loops`, a state's edge to itself).
    struct Edge: Sendable {
        var from: Int32
        /// The set the scalar must be in (an index in `sets`), or -1 for the scalar `folded`.
        var set: Int32
        var folded: UInt32
        /// The pattern's own scalar, written by rewrites.
        var original: UInt32
        /// The value (parameter or capture group) the edge belongs to, in order of appearance; -1 for fixed text.
        var value: Int32
    }

    /// The largest pattern compiled (in states); a longer one is not proposed.
    static let maximumStates = 2_000

    /// The edges into each state: `edges[edgeStart[s]..<edgeStart[s + 1]]`; likewise the states with an empty
    /// edge into each state, and the repeats.
    let edges: [Edge]
    let edgeStart: [Int32]
    let epsilonFrom: [Int32]
    let epsilonStart: [Int32]
    let loops: [Edge]
    let loopStart: [Int32]
    let sets: [ScalarSet]
    /// For each state, the folded scalar of its only edge when that edge is fixed text from the state before and
    /// the state has no other edge, empty edge or repeat (most states): the fast path of a row; else `UInt32.max`.
    let simple: [UInt32]
    let stateCount: Int
    let final: Int
    /// The fewest scalars of fixed text (not in a value) on any path.
    let literalLength: Int
    /// The fewest scalars on any path.
    let minimumLength: Int
    /// The most scalars on any path; nil when a repeat makes it unbounded.
    let maximumLength: Int?
    /// The words (folded, two scalars or more) of the fixed text every path has, for pruning.
    let words: Set<String>
    /// For each value, the state where it starts and the one where it ends, and whether it is inside another.
    let values: [(entry: Int, exit: Int, isNested: Bool)]
    /// The consuming edges and empty edges out of each state (target, and the edge's index in `edges`), for
    /// walking forward.
    let outgoing: [[(to: Int32, edge: Int32)]]
    let outgoingEpsilon: [[Int32]]

    /// The automaton of `node`, or nil when it is over `maximumStates`.
    init?(_ node: PatternNode) {
        var builder = Builder()
        var current = -1
        guard let end = builder.compile(node, from: 0, value: &current) else { return nil }
        final = end
        stateCount = builder.incoming.count
        sets = builder.sets
        values = builder.values
        var edges: [Edge] = []
        var edgeStart: [Int32] = [0]
        var epsilonFrom: [Int32] = []
        var epsilonStart: [Int32] = [0]
        var loops: [Edge] = []
        var loopStart: [Int32] = [0]
        for state in 0..<builder.incoming.count {
            edges += builder.incoming[state]
            edgeStart.append(Int32(edges.count))
            epsilonFrom += builder.epsilon[state]
            epsilonStart.append(Int32(epsilonFrom.count))
            loops += builder.loops[state]
            loopStart.append(Int32(loops.count))
        }
        (self.edges, self.edgeStart, self.epsilonFrom, self.epsilonStart) = (
            edges, edgeStart, epsilonFrom, epsilonStart
        )
        (self.loops, self.loopStart) = (loops, loopStart)
        var outgoing = [[(to: Int32, edge: Int32)]](repeating: [], count: stateCount)
        var outgoingEpsilon = [[Int32]](repeating: [], count: stateCount)
        for state in 0..<stateCount {
            for index in Int(edgeStart[state])..<Int(edgeStart[state + 1]) {
                outgoing[Int(edges[index].from)].append((Int32(state), Int32(index)))
            }
            for index in Int(epsilonStart[state])..<Int(epsilonStart[state + 1]) {
                outgoingEpsilon[Int(epsilonFrom[index])].append(Int32(state))
            }
        }
        self.outgoing = outgoing
        self.outgoingEpsilon = outgoingEpsilon
        simple = (0..<stateCount).map { state in
            guard state > 0, builder.incoming[state].count == 1, builder.epsilon[state].isEmpty,
                builder.loops[state].isEmpty, let edge = builder.incoming[state].first,
                edge.from == Int32(state - 1), edge.set < 0
            else { return UInt32.max }
            return edge.folded
        }
        // The shortest fixed text, the shortest and longest paths.
        var fixed = [Int](repeating: .max / 2, count: stateCount)
        var shortest = [Int](repeating: .max / 2, count: stateCount)
        var longest = [Int](repeating: .min / 2, count: stateCount)
        fixed[0] = 0
        shortest[0] = 0
        longest[0] = 0
        for state in 1..<max(stateCount, 1) {
            for edge in builder.incoming[state] {
                let from = Int(edge.from)
                let weight = edge.value < 0 && edge.set < 0 ? 1 : 0
                fixed[state] = min(fixed[state], fixed[from] + weight)
                shortest[state] = min(shortest[state], shortest[from] + 1)
                longest[state] = max(longest[state], longest[from] + 1)
            }
            for from in builder.epsilon[state].map(Int.init) {
                fixed[state] = min(fixed[state], fixed[from])
                shortest[state] = min(shortest[state], shortest[from])
                longest[state] = max(longest[state], longest[from])
            }
        }
        literalLength = fixed[final]
        minimumLength = shortest[final]
        maximumLength = loops.isEmpty ? longest[final] : nil
        words = Self.fixedWords(node)
    }

    /// Builds the states and edges, every edge going forward.
    private struct Builder {
        var incoming: [[Edge]] = [[]]
        var epsilon: [[Int32]] = [[]]
        var loops: [[Edge]] = [[]]
        var sets: [ScalarSet] = []
        var values: [(entry: Int, exit: Int, isNested: Bool)] = []

        mutating func newState() -> Int? {
            guard incoming.count < PatternAutomaton.maximumStates else { return nil }
            incoming.append([])
            epsilon.append([])
            loops.append([])
            return incoming.count - 1
        }

        mutating func setIndex(_ set: ScalarSet) -> Int32 {
            if let index = sets.firstIndex(of: set) { return Int32(index) }
            sets.append(set)
            return Int32(sets.count - 1)
        }

        mutating func compile(_ node: PatternNode, from start: Int, value current: inout Int) -> Int? {
            let value = Int32(current)
            switch node {
            case .literal(let scalar):
                guard let end = newState() else { return nil }
                incoming[end].append(
                    Edge(from: Int32(start), set: -1, folded: folded(scalar), original: scalar.value, value: value))
                return end
            case .set(let set):
                guard let end = newState() else { return nil }
                incoming[end].append(Edge(from: Int32(start), set: setIndex(set), folded: 0, original: 0, value: value))
                return end
            case .sequence(let nodes):
                var state = start
                for node in nodes {
                    guard let next = compile(node, from: state, value: &current) else { return nil }
                    state = next
                }
                return state
            case .choice(let branches):
                var ends: [Int] = []
                for branch in branches {
                    guard let end = compile(branch, from: start, value: &current) else { return nil }
                    ends.append(end)
                }
                guard let end = newState() else { return nil }
                for branchEnd in ends { epsilon[end].append(Int32(branchEnd)) }
                return end
            case .optional(let inner):
                guard let end = compile(inner, from: start, value: &current) else { return nil }
                if end != start { epsilon[end].append(Int32(start)) }
                return end
            case .oneOrMore(let inner):
                guard let end = compile(inner, from: start, value: &current) else { return nil }
                switch inner {
                case .literal, .set:
                    if var edge = incoming[end].last {
                        edge.from = Int32(end)
                        loops[end].append(edge)
                    }
                default:
                    break  // a repeated group stands for one occurrence
                }
                return end
            case .value(let inner):
                let outer = current
                current = values.count
                values.append((start, start, outer >= 0))
                let index = current
                guard let end = compile(inner, from: start, value: &current) else { return nil }
                values[index].exit = end
                current = outer
                return end
            }
        }
    }

    /// The words of the fixed text outside choices, optional parts and values.
    private static func fixedWords(_ node: PatternNode) -> Set<String> {
        var words: Set<String> = []
        var word = String.UnicodeScalarView()
        func flush() {
            if word.count >= 2 { words.insert(String(word)) }
            word = String.UnicodeScalarView()
        }
        func walk(_ node: PatternNode) {
            switch node {
            case .literal(let scalar):
                if PreparedText.isWordScalar(scalar) {
                    word.append(Unicode.Scalar(folded(scalar)) ?? scalar)
                } else {
                    flush()
                }
            case .sequence(let nodes): nodes.forEach(walk)
            default: flush()
            }
        }
        walk(node)
        flush()
        return words
    }

    // MARK: Matching

    /// For each scalar of `text`, which of the first 64 sets hold it (bit `i` for `sets[i]`).
    func setMasks(_ text: PreparedText) -> [UInt64] {
        guard !sets.isEmpty else { return [] }
        let tested = sets.prefix(64)
        return text.scalars.map { scalar in
            var mask: UInt64 = 0
            for (index, set) in tested.enumerated() where set.contains(scalar) { mask |= 1 << UInt64(index) }
            return mask
        }
    }

    @inline(__always)
    func accepts(_ edge: Edge, _ text: PreparedText, _ masks: [UInt64], at position: Int) -> Bool {
        if edge.set < 0 { return edge.folded == text.folded[position] }
        if edge.set < 64 { return masks[position] & (1 << UInt64(edge.set)) != 0 }
        return sets[Int(edge.set)].contains(text.scalars[position])
    }

    /// The edit distance between `text` and the closest string of the pattern, or nil when it is over `limit`.
    func distance(to text: PreparedText, limit: Int) -> Int? {
        let masks = setMasks(text)
        var previous = [Int32](repeating: 0, count: stateCount)
        var current = [Int32](repeating: 0, count: stateCount)
        let bound = Int32(limit)
        firstRow(&previous)
        guard previous.min().map({ $0 <= bound }) ?? false else { return nil }
        for position in 0..<text.scalars.count {
            if row(&current, previous: previous, text, masks, at: position) > bound { return nil }
            swap(&previous, &current)
        }
        let result = Int(previous[final])
        return result <= limit ? result : nil
    }

    /// The states the pattern can be in after reading `text` exactly (no edit, case ignored): the text is a prefix
    /// of one of the pattern's strings when the set is not empty. With `placeholders`, an outline's `<name>` may
    /// stand for a whole value (a parameter or a capture group), as it will be one in every examples row.
    func exactStates(after text: PreparedText, placeholders: Bool = false) -> [Int] {
        let masks = setMasks(text)
        var current = closure([0])
        var pending: [Int: Set<Int>] = [:]  // states reached through a placeholder, by the position after it
        let count = text.scalars.count
        var position = 0
        while position < count {
            if placeholders, text.scalars[position] == "<", let end = placeholderEnd(text, from: position) {
                let exits = current.compactMap { state in
                    values.first { $0.entry == state && !$0.isNested }.map(\.exit)
                }
                if !exits.isEmpty { pending[end, default: []].formUnion(exits) }
            }
            var next: Set<Int> = []
            for state in current {
                for (to, edgeIndex) in outgoing[state] where accepts(edges[Int(edgeIndex)], text, masks, at: position) {
                    next.insert(Int(to))
                }
                for index in Int(loopStart[state])..<Int(loopStart[state + 1])
                where accepts(loops[index], text, masks, at: position) {
                    next.insert(state)
                }
            }
            position += 1
            if let reached = pending.removeValue(forKey: position) { next.formUnion(reached) }
            current = closure(next)
            if current.isEmpty && pending.isEmpty { return [] }
        }
        return current.sorted()
    }

    /// The position after the `>` closing a `<name>` that starts at `start` (no `<` inside), if any.
    private func placeholderEnd(_ text: PreparedText, from start: Int) -> Int? {
        var index = start + 1
        while index < text.scalars.count {
            let scalar = text.scalars[index]
            if scalar == ">" { return index > start + 1 ? index + 1 : nil }
            if scalar == "<" { return nil }
            index += 1
        }
        return nil
    }

    /// `states` and every state their empty edges reach.
    private func closure(_ states: Set<Int>) -> Set<Int> {
        var reached = states
        var pending = Array(states)
        while let state = pending.popLast() {
            for next in outgoingEpsilon[state] where reached.insert(Int(next)).inserted { pending.append(Int(next)) }
        }
        return reached
    }

    private func firstRow(_ row: inout [Int32]) {
        row[0] = 0
        for state in 1..<stateCount {
            var best = Int32.max / 2
            for index in Int(edgeStart[state])..<Int(edgeStart[state + 1]) {
                best = min(best, row[Int(edges[index].from)] + 1)
            }
            for index in Int(epsilonStart[state])..<Int(epsilonStart[state + 1]) {
                best = min(best, row[Int(epsilonFrom[index])])
            }
            row[state] = best
        }
    }

    /// Fills `current`, the costs after reading the scalar at `position`, from `previous`; returns its minimum.
    @inline(__always)
    private func row(
        _ current: inout [Int32], previous: [Int32], _ text: PreparedText, _ masks: [UInt64], at position: Int
    ) -> Int32 {
        var rowMinimum = Int32.max
        let scalar = text.folded[position]
        current.withUnsafeMutableBufferPointer { current in
            previous.withUnsafeBufferPointer { previous in
                simple.withUnsafeBufferPointer { simple in
                    for state in 0..<stateCount {
                        let fixed = simple[state]
                        if fixed != UInt32.max {
                            // One fixed scalar from the state before, nothing else.
                            let best = min(
                                previous[state] + 1, previous[state - 1] + (fixed == scalar ? 0 : 1),
                                current[state - 1] + 1)
                            current[state] = best
                            rowMinimum = min(rowMinimum, best)
                            continue
                        }
                        var best = previous[state] + 1
                        for index in Int(loopStart[state])..<Int(loopStart[state + 1])
                        where accepts(loops[index], text, masks, at: position) {
                            best = min(best, previous[state])
                        }
                        for index in Int(edgeStart[state])..<Int(edgeStart[state + 1]) {
                            let edge = edges[index]
                            let from = Int(edge.from)
                            let cost: Int32 = accepts(edge, text, masks, at: position) ? 0 : 1
                            best = min(best, previous[from] + cost, current[from] + 1)
                        }
                        for index in Int(epsilonStart[state])..<Int(epsilonStart[state + 1]) {
                            best = min(best, current[Int(epsilonFrom[index])])
                        }
                        current[state] = best
                        rowMinimum = min(rowMinimum, best)
                    }
                }
            }
        }
        return rowMinimum
    }

    /// The pattern's closest string to `text`: its fixed scalars as the pattern has them, the text's own wherever
    /// the pattern has a set (the typed values kept). Costs the text's length times the pattern's states in memory.
    func rewrite(_ text: PreparedText) -> String {
        let masks = setMasks(text)
        let count = text.scalars.count
        var table: [[Int32]] = []
        table.reserveCapacity(count + 1)
        var first = [Int32](repeating: 0, count: stateCount)
        firstRow(&first)
        table.append(first)
        for position in 0..<count {
            var current = [Int32](repeating: 0, count: stateCount)
            _ = row(&current, previous: table[position], text, masks, at: position)
            table.append(current)
        }
        var output: [Unicode.Scalar] = []
        var position = count
        var state = final
        steps: while position > 0 || state != 0 {
            let cost = table[position][state]
            let incoming = edges[Int(edgeStart[state])..<Int(edgeStart[state + 1])]
            if position > 0 {
                let typed = text.scalars[position - 1]
                for edge in incoming
                where accepts(edge, text, masks, at: position - 1) && table[position - 1][Int(edge.from)] == cost {
                    output.append(Self.written(edge, typed: typed))
                    position -= 1
                    state = Int(edge.from)
                    continue steps
                }
                for loop in loops[Int(loopStart[state])..<Int(loopStart[state + 1])]
                where accepts(loop, text, masks, at: position - 1) && table[position - 1][state] == cost {
                    output.append(typed)
                    position -= 1
                    continue steps
                }
            }
            for from in epsilonFrom[Int(epsilonStart[state])..<Int(epsilonStart[state + 1])]
            where table[position][Int(from)] == cost {
                state = Int(from)
                continue steps
            }
            if position > 0 {
                let typed = text.scalars[position - 1]
                for edge in incoming where table[position - 1][Int(edge.from)] + 1 == cost {
                    output.append(Self.written(edge, typed: typed))
                    position -= 1
                    state = Int(edge.from)
                    continue steps
                }
                if table[position - 1][state] + 1 == cost {
                    position -= 1  // a scalar the pattern does not have
                    continue steps
                }
            }
            for edge in incoming where table[position][Int(edge.from)] + 1 == cost {
                // A scalar the text lacks: written when it is fixed text.
                if edge.set < 0, let scalar = Unicode.Scalar(edge.original) { output.append(scalar) }
                state = Int(edge.from)
                continue steps
            }
            break  // unreachable: every cost comes from one of the moves above
        }
        return String(String.UnicodeScalarView(output.reversed()))
    }

    /// What a rewrite writes for an edge that read `typed`: the pattern's scalar for a fixed one (in a value
    /// too: `2 dyas` becomes `2 days`), the typed scalar for a set.
    private static func written(_ edge: Edge, typed: Unicode.Scalar) -> Unicode.Scalar {
        edge.set < 0 ? Unicode.Scalar(edge.original) ?? typed : typed
    }
}

/// A text ready to be compared: its scalars, the same without case, and its words.
struct PreparedText: Sendable {
    let scalars: [Unicode.Scalar]
    let folded: [UInt32]
    /// The words (runs of letters and digits, folded, two scalars or more).
    let words: Set<String>

    init(_ text: some Sequence<Unicode.Scalar>) {
        scalars = Array(text)
        folded = scalars.map(StepSuggestions.folded)
        var words: Set<String> = []
        var word = String.UnicodeScalarView()
        for (scalar, lowered) in zip(scalars, folded) {
            if Self.isWordScalar(scalar) {
                word.append(Unicode.Scalar(lowered) ?? scalar)
            } else {
                if word.count >= 2 { words.insert(String(word)) }
                word = String.UnicodeScalarView()
            }
        }
        if word.count >= 2 { words.insert(String(word)) }
        self.words = words
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            let value = scalar.value
            return (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A)
                || (value >= 0x61 && value <= 0x7A)
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}

/// The edit distance between a text of at most 64 scalars and other plain texts, 64 cells at a time (Myers' bit
/// vectors, in Hyyrö's form): what the automaton computes for a pattern without parameters, as fast as one pass
/// over the other text. Scalars are compared without case.
struct BitParallelDistance {
    private let length: Int
    private var asciiMasks = [UInt64](repeating: 0, count: 128)
    private var otherMasks: [UInt32: UInt64] = [:]

    /// Nil when `text` is empty or longer than 64 scalars.
    init?(_ text: PreparedText) {
        guard !text.folded.isEmpty, text.folded.count <= 64 else { return nil }
        length = text.folded.count
        for (index, scalar) in text.folded.enumerated() {
            if scalar < 128 {
                asciiMasks[Int(scalar)] |= 1 << UInt64(index)
            } else {
                otherMasks[scalar, default: 0] |= 1 << UInt64(index)
            }
        }
    }

    /// The distance to `other` (folded scalars).
    func distance(to other: [UInt32]) -> Int {
        let top: UInt64 = 1 << UInt64(length - 1)
        var positive: UInt64 = length == 64 ? .max : (1 << UInt64(length)) - 1
        var negative: UInt64 = 0
        var score = length
        for scalar in other {
            let equal = scalar < 128 ? asciiMasks[Int(scalar)] : otherMasks[scalar] ?? 0
            let vertical = equal | negative
            let horizontal = (((equal & positive) &+ positive) ^ positive) | equal
            var horizontalPositive = negative | ~(horizontal | positive)
            var horizontalNegative = positive & horizontal
            if horizontalPositive & top != 0 {
                score += 1
            } else if horizontalNegative & top != 0 {
                score -= 1
            }
            horizontalPositive = (horizontalPositive << 1) | 1
            horizontalNegative <<= 1
            positive = horizontalNegative | ~(vertical | horizontalPositive)
            negative = horizontalPositive & vertical
        }
        return score
    }
}
