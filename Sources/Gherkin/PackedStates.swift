// The state machine packed into plain values and flat arrays for the parse loop.

/// A transition packed into plain values for the parse loop: rules 4 bits each, first rule lowest.
struct PackedTransition {
    let token: TokenType
    let lookahead: Lookahead
    let endCount: UInt8
    let startCount: UInt8
    let ends: UInt64
    let starts: UInt64
    let next: Int

    init(_ transition: Transition) {
        token = transition.token
        lookahead = transition.lookahead
        endCount = UInt8(transition.ends.count)
        startCount = UInt8(transition.starts.count)
        ends = Self.pack(transition.ends)
        starts = Self.pack(transition.starts)
        next = transition.next
    }

    private static func pack(_ rules: [RuleType]) -> UInt64 {
        var packed: UInt64 = 0
        for (index, rule) in rules.enumerated() {
            packed |= UInt64(rule.rawValue) << (4 * UInt64(index))
        }
        return packed
    }

    @inline(__always)
    static func rule(_ packed: UInt64, _ index: UInt8) -> RuleType {
        RuleType(rawValue: UInt8(truncatingIfNeeded: packed >> (4 * UInt64(index))) & 0x0F) ?? .gherkinDocument
    }
}

/// The whole state machine in flat arrays: the transitions of state `n` are
/// `transitions[offsets[n]..<offsets[n + 1]]`.
struct PackedStates {
    let transitions: [PackedTransition]
    let offsets: [Int]
    let expected: [String]

    static let shared: PackedStates = {
        var transitions: [PackedTransition] = []
        var offsets: [Int] = []
        for state in ParserStates.all {
            offsets.append(transitions.count)
            transitions += state.transitions.map(PackedTransition.init)
        }
        offsets.append(transitions.count)
        return PackedStates(transitions: transitions, offsets: offsets, expected: ParserStates.all.map(\.expected))
    }()
}
