/// A step library's patterns read for an editor: which definitions a step being typed can still become, and the
/// rest of each to write, with its parameters as places for values. Values not written in any spec yet still
/// fit: `the cache holds 5 im` goes on as `images saved {duration} ago` whatever number was typed.
///
/// ```swift
/// let patterns = StepPatterns(definitions: [.init(source: "the cache holds {int} image(s)", isRegularExpression: false)])
/// patterns.continuation(of: 0, typed: "the cache holds 5 im", from: 18)
/// // [.text("images")]
/// ```
package struct StepPatterns: Sendable {
    /// A piece of what remains to write.
    package enum Segment: Sendable, Hashable {
        /// Text as the pattern has it (a value's text when the step being typed is inside one).
        case text(String)
        /// A place for the value of the definition's parameter at this index (among its parameters, in order).
        case parameter(Int)
    }

    private let automata: [PatternAutomaton?]
    /// For each definition, each parameter's type name (`int`, `duration`; empty for `{}`), nil for a regular
    /// expression's group.
    package let parameterNames: [[String?]]

    /// The patterns of `definitions`, with the regular expressions of the library's own parameter types by name.
    package init(definitions: [StepSuggester.Definition], parameterTypes: [String: [String]] = [:]) {
        let reader = CucumberExpressionReader(parameterTypes: Self.parameterTypeNodes(parameterTypes))
        automata = definitions.map { definition in
            guard definition.source.unicodeScalars.count <= PatternAutomaton.maximumStates else { return nil }
            return PatternAutomaton(
                definition.isRegularExpression
                    ? RegularExpressionReader.read(step: definition.source) : reader.read(definition.source))
        }
        parameterNames = zip(definitions, automata).map { definition, automaton in
            let count = automaton?.values.filter { !$0.isNested }.count ?? 0
            guard !definition.isRegularExpression else { return Array(repeating: nil, count: count) }
            return Self.parameterNames(definition.source)
        }
    }

    /// The pattern of each parameter type by name: the built-in ones and the library's.
    static func parameterTypeNodes(_ parameterTypes: [String: [String]]) -> [String: PatternNode] {
        var types: [String: PatternNode] = [:]
        for (name, expressions) in BuiltInParameterTypes.regularExpressions {
            types[name] = RegularExpressionReader.read(parameterType: expressions)
        }
        for (name, expressions) in parameterTypes where types[name] == nil && !expressions.isEmpty {
            types[name] = RegularExpressionReader.read(parameterType: expressions)
        }
        return types
    }

    /// The automaton of a definition, when it could be made.
    func automaton(_ definition: Int) -> PatternAutomaton? {
        definition >= 0 && definition < automata.count ? automata[definition] : nil
    }

    /// What remains to write of definition `definition` for a step whose text so far is `typed`, from the
    /// scalar offset `start` of `typed` on (where the word being typed starts): the typed word with the
    /// pattern's case, then the rest, each parameter a place. Nil when no step of the definition begins with
    /// `typed` (case ignored; an outline's `<name>` before the word stands for a whole value), or it is over
    /// `StepSuggester.maximumTextLength`.
    package func continuation(of definition: Int, typed: String, from start: Int) -> [Segment]? {
        guard StepSuggester.isScored(typed), let automaton = automaton(definition) else { return nil }
        let text = PreparedText(typed.unicodeScalars)
        return automaton.continuation(text, from: min(max(start, 0), text.scalars.count))
    }

    /// The type names of a Cucumber Expression's parameters, in order.
    static func parameterNames(_ expression: String) -> [String?] {
        var names: [String?] = []
        var escaped = false
        var name: String?
        for scalar in expression.unicodeScalars {
            if escaped {
                escaped = false
                continue
            }
            if scalar == "\\" {
                escaped = true
            } else if scalar == "{" {
                name = ""
            } else if scalar == "}", let current = name {
                names.append(current)
                name = nil
            } else if name != nil {
                name?.unicodeScalars.append(scalar)
            }
        }
        return names
    }
}

extension PatternAutomaton {
    /// See `StepPatterns.continuation(of:typed:from:)`.
    func continuation(_ text: PreparedText, from start: Int) -> [StepPatterns.Segment]? {
        let head = PreparedText(text.scalars[..<start])
        let initial = exactStates(after: head, placeholders: true)
        guard !initial.isEmpty else { return nil }
        let masks = setMasks(text)
        // Reads the word being typed from every state the text before it can be in, remembering the way.
        // Each step of the way: its state, the step before, the scalar written, and how many of the word's scalars
        // a value took so far (fewer is better: a value's text is what the pattern cannot write).
        var trail: [(state: Int, parent: Int, written: Unicode.Scalar?, inValues: Int)] = initial.map {
            ($0, -1, nil, 0)
        }
        var layer = Array(trail.indices)
        for position in start..<text.scalars.count {
            var reached: [Int: Int] = [:]
            func reach(_ state: Int, from parent: Int, writing scalar: Unicode.Scalar?, inValue: Bool) {
                let count = trail[parent].inValues + (inValue ? 1 : 0)
                if let known = reached[state], trail[known].inValues <= count { return }
                reached[state] = trail.count
                trail.append((state, parent, scalar, count))
            }
            for index in layer {
                let state = trail[index].state
                for (to, edgeIndex) in outgoing[state] {
                    let edge = edges[Int(edgeIndex)]
                    guard accepts(edge, text, masks, at: position) else { continue }
                    let written = edge.set < 0 ? Unicode.Scalar(edge.original) : text.scalars[position]
                    reach(Int(to), from: index, writing: written, inValue: edge.value >= 0)
                }
                for loopIndex in Int(loopStart[state])..<Int(loopStart[state + 1])
                where accepts(loops[loopIndex], text, masks, at: position) {
                    reach(state, from: index, writing: text.scalars[position], inValue: loops[loopIndex].value >= 0)
                }
            }
            // Empty edges go forward: closing over the states in order reaches everything.
            for state in reached.keys.sorted() {
                var pending = [state]
                while let current = pending.popLast() {
                    guard let index = reached[current] else { continue }
                    for next in outgoingEpsilon[current] {
                        let before = reached[Int(next)]
                        reach(Int(next), from: index, writing: nil, inValue: false)
                        if reached[Int(next)] != before { pending.append(Int(next)) }
                    }
                }
            }
            layer = reached.values.sorted()
            if layer.isEmpty { return nil }
        }
        guard
            let chosen = layer.min(by: {
                (trail[$0].inValues, trail[$0].state) < (trail[$1].inValues, trail[$1].state)
            })
        else { return nil }
        var word: [Unicode.Scalar] = []
        var index = chosen
        while index >= 0 {
            if let scalar = trail[index].written { word.append(scalar) }
            index = trail[index].parent
        }
        var segments: [StepPatterns.Segment] = []
        var pendingText = String(String.UnicodeScalarView(word.reversed()))
        var state = trail[chosen].state
        var steps = 0
        while state != final && steps <= stateCount {
            steps += 1
            if let value = values.firstIndex(where: { $0.entry == state && !$0.isNested }) {
                if !pendingText.isEmpty { segments.append(.text(pendingText)) }
                pendingText = ""
                segments.append(.parameter(values[..<value].filter { !$0.isNested }.count))
                state = values[value].exit
                continue
            }
            if let (to, edgeIndex) = outgoing[state].first {
                pendingText.unicodeScalars.append(example(edges[Int(edgeIndex)]))
                state = Int(to)
            } else if let next = outgoingEpsilon[state].first {
                state = Int(next)
            } else {
                break
            }
        }
        if !pendingText.isEmpty { segments.append(.text(pendingText)) }
        return segments
    }

    /// What to write for an edge: its scalar, or a scalar its set holds (a space, a digit, a letter).
    private func example(_ edge: Edge) -> Unicode.Scalar {
        if edge.set < 0 { return Unicode.Scalar(edge.original) ?? "?" }
        let set = sets[Int(edge.set)]
        for candidate in [" ", "0", "a", "x", "-"] as [Unicode.Scalar] where set.contains(candidate) {
            return candidate
        }
        return "?"
    }
}
