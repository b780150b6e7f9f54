/// Matching a text against the automaton: the edit distance to the closest string of the pattern, the states
/// an exact prefix reaches, and the rewrite of a text into the pattern's closest string.
extension PatternAutomaton {
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
