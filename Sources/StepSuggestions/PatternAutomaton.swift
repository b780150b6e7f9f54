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
}
