/// The parser's state machine, derived from the grammar (see `RuleType`).
///
/// States carry the numbers of the official parsers, so their `State: N` comments can be compared. Within a
/// state, transitions are tried in the order of the official parsers: `#EOF` first, then token types in the
/// order the grammar reaches them (alternatives of one token type together), `#Other` last, then the skipped
/// `#Comment` and `#Empty` where the grammar does not name them.
enum ParserStates {
    static let end = 42

    /// A place that holds scenarios: the feature itself, or a rule.
    private struct Level {
        let scenarioTags: Int
        let scenario: Int
        let examplesTags: Int
        let examples: Int
        let ruleEnds: [RuleType]
        let eofEnds: [RuleType]
    }

    private static let featureLevel = Level(
        scenarioTags: 11, scenario: 12, examplesTags: 18, examples: 19, ruleEnds: [], eofEnds: [.feature])
    private static let ruleLevel = Level(
        scenarioTags: 31, scenario: 32, examplesTags: 38, examples: 39, ruleEnds: [.rule], eofEnds: [.rule, .feature])

    private static func go(
        _ token: TokenType, _ ends: [RuleType], _ starts: [RuleType], _ next: Int, lookahead: Lookahead = .none
    ) -> Transition {
        Transition(token: token, lookahead: lookahead, ends: ends, starts: starts, next: next)
    }

    /// Leaving whatever is open (closed by `ends`) for the next scenario, the next rule, or the end.
    private static func exitsToLevel(_ ends: [RuleType], _ level: Level) -> [Transition] {
        [
            go(.eof, ends + level.eofEnds, [], end),
            go(.tagLine, ends, [.scenarioDefinition, .tags], level.scenarioTags, lookahead: .scenario),
            go(.scenarioLine, ends, [.scenarioDefinition, .scenario], level.scenario),
            go(.tagLine, ends + level.ruleEnds, [.rule, .ruleHeader, .tags], 22),
            go(.ruleLine, ends + level.ruleEnds, [.rule, .ruleHeader], 23),
        ]
    }

    /// Leaving a scenario's part (closed by `ends`) for its next examples block, or leaving the scenario.
    private static func exitsFromScenario(_ ends: [RuleType], _ level: Level) -> [Transition] {
        [
            go(.tagLine, ends, [.examplesDefinition, .tags], level.examplesTags, lookahead: .examples),
            go(.examplesLine, ends, [.examplesDefinition, .examples], level.examples),
        ] + exitsToLevel(ends + [.scenario, .scenarioDefinition], level)
    }

    /// Orders transitions as the official parsers try them, and adds the skipped tokens.
    private static func state(_ grammarOrder: [Transition], number: Int, skipsCommentsAndEmpty: Bool) -> ParserState {
        var ordered = grammarOrder.filter { $0.token == .eof }
        var types: [TokenType] = []
        for transition in grammarOrder where transition.token != .eof && transition.token != .other {
            if !types.contains(transition.token) { types.append(transition.token) }
        }
        for type in types {
            ordered += grammarOrder.filter { $0.token == type }
        }
        ordered += grammarOrder.filter { $0.token == .other }
        if skipsCommentsAndEmpty {
            ordered += [go(.comment, number), go(.empty, number)]
        }
        var expected: [String] = []
        for transition in ordered where !expected.contains("#" + transition.token.name) {
            expected.append("#" + transition.token.name)
        }
        return ParserState(transitions: ordered, expected: expected.joined(separator: ", "))
    }

    /// A state after a title line (`after`) and the state in its description (`description`): `body` is what
    /// may follow inside the construct, `exits` what may follow it, both before the description is closed.
    private static func titled(
        after: Int, description: Int, body: [Transition], exits: [Transition]
    ) -> [(Int, ParserState)] {
        func closingDescription(_ transitions: [Transition]) -> [Transition] {
            transitions.map {
                Transition(
                    token: $0.token, lookahead: $0.lookahead, ends: [.description] + $0.ends, starts: $0.starts,
                    next: $0.next)
            }
        }
        let afterTitle =
            [
                go(.empty, after), go(.comment, [], [.description], description),
                go(.other, [], [.description], description),
            ]
            + body + exits
        let inDescription =
            [go(.comment, description), go(.other, description)] + closingDescription(body)
            + closingDescription(exits)
        return [
            (after, state(afterTitle, number: after, skipsCommentsAndEmpty: false)),
            (description, state(inDescription, number: description, skipsCommentsAndEmpty: false)),
        ]
    }

    /// The states of the steps of a background or scenario. `stateNumbers` are: after the step line, in a
    /// data table, in a doc string after a table, after that doc string, in a doc string first, after it,
    /// in a table after a doc string.
    private static func steps(_ numbers: [Int], exits: ([RuleType]) -> [Transition]) -> [(Int, ParserState)] {
        let (afterStep, table, laterDocString, afterLaterDocString, docString, afterDocString, laterTable) = (
            numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5], numbers[6]
        )
        func nextStep(_ ends: [RuleType]) -> Transition { go(.stepLine, ends + [.step], [.step], afterStep) }
        return [
            (
                afterStep,
                state(
                    [
                        go(.tableRow, [], [.dataTable], table),
                        go(.docStringSeparator, [], [.docString], docString), nextStep([]),
                    ] + exits([.step]), number: afterStep, skipsCommentsAndEmpty: true)
            ),
            (
                table,
                state(
                    [
                        go(.tableRow, table), go(.docStringSeparator, [.dataTable], [.docString], laterDocString),
                        nextStep([.dataTable]),
                    ] + exits([.dataTable, .step]), number: table, skipsCommentsAndEmpty: true)
            ),
            (
                laterDocString,
                state(
                    [go(.docStringSeparator, afterLaterDocString), go(.other, laterDocString)], number: laterDocString,
                    skipsCommentsAndEmpty: false)
            ),
            (
                afterLaterDocString,
                state(
                    [nextStep([.docString])] + exits([.docString, .step]), number: afterLaterDocString,
                    skipsCommentsAndEmpty: true)
            ),
            (
                docString,
                state(
                    [go(.docStringSeparator, afterDocString), go(.other, docString)], number: docString,
                    skipsCommentsAndEmpty: false)
            ),
            (
                afterDocString,
                state(
                    [go(.tableRow, [.docString], [.dataTable], laterTable), nextStep([.docString])]
                        + exits([.docString, .step]), number: afterDocString, skipsCommentsAndEmpty: true)
            ),
            (
                laterTable,
                state(
                    [go(.tableRow, laterTable), nextStep([.dataTable])] + exits([.dataTable, .step]),
                    number: laterTable, skipsCommentsAndEmpty: true)
            ),
        ]
    }

    /// The states of the scenarios of a level: their tags, title, steps, examples.
    private static func scenarios(_ level: Level, stepStates: [Int], examplesTable: Int) -> [(Int, ParserState)] {
        let scenarioDescription = level.scenario + 1
        let examplesDescription = level.examples + 1
        let afterStep = stepStates[0]
        var states: [(Int, ParserState)] = [
            (
                level.scenarioTags,
                state(
                    [go(.tagLine, level.scenarioTags), go(.scenarioLine, [.tags], [.scenario], level.scenario)],
                    number: level.scenarioTags, skipsCommentsAndEmpty: true)
            ),
            (
                level.examplesTags,
                state(
                    [go(.tagLine, level.examplesTags), go(.examplesLine, [.tags], [.examples], level.examples)],
                    number: level.examplesTags, skipsCommentsAndEmpty: true)
            ),
            (
                examplesTable,
                state(
                    [go(.tableRow, examplesTable)]
                        + exitsFromScenario([.examplesTable, .examples, .examplesDefinition], level),
                    number: examplesTable, skipsCommentsAndEmpty: true)
            ),
        ]
        states += titled(
            after: level.scenario, description: scenarioDescription,
            body: [go(.stepLine, [], [.step], afterStep)], exits: exitsFromScenario([], level))
        states += titled(
            after: level.examples, description: examplesDescription,
            body: [go(.tableRow, [], [.examplesTable], examplesTable)],
            exits: exitsFromScenario([.examples, .examplesDefinition], level))
        states += steps(stepStates) { exitsFromScenario($0, level) }
        return states
    }

    /// Every state, indexed by number (42, the end, and unused numbers hold no transitions).
    static let all: [ParserState] = {
        var numbered: [(Int, ParserState)] = [
            (
                0,
                state(
                    [
                        go(.eof, end), go(.language, [], [.feature, .featureHeader], 1),
                        go(.tagLine, [], [.feature, .featureHeader, .tags], 2),
                        go(.featureLine, [], [.feature, .featureHeader], 3),
                    ], number: 0, skipsCommentsAndEmpty: true)
            ),
            (
                1,
                state(
                    [go(.tagLine, [], [.tags], 2), go(.featureLine, 3)], number: 1, skipsCommentsAndEmpty: true)
            ),
            (2, state([go(.tagLine, 2), go(.featureLine, [.tags], [], 3)], number: 2, skipsCommentsAndEmpty: true)),
            (
                22,
                state([go(.tagLine, 22), go(.ruleLine, [.tags], [], 23)], number: 22, skipsCommentsAndEmpty: true)
            ),
        ]
        numbered += titled(
            after: 3, description: 4, body: [go(.backgroundLine, [.featureHeader], [.background], 5)],
            exits: exitsToLevel([.featureHeader], featureLevel))
        numbered += titled(
            after: 5, description: 6, body: [go(.stepLine, [], [.step], 7)],
            exits: exitsToLevel([.background], featureLevel))
        numbered += steps([7, 8, 9, 10, 52, 53, 54]) { exitsToLevel($0 + [.background], featureLevel) }
        numbered += scenarios(featureLevel, stepStates: [14, 15, 16, 17, 49, 50, 51], examplesTable: 21)
        numbered += titled(
            after: 23, description: 24, body: [go(.backgroundLine, [.ruleHeader], [.background], 25)],
            exits: exitsToLevel([.ruleHeader], ruleLevel))
        numbered += titled(
            after: 25, description: 26, body: [go(.stepLine, [], [.step], 27)],
            exits: exitsToLevel([.background], ruleLevel))
        numbered += steps([27, 28, 29, 30, 46, 47, 48]) { exitsToLevel($0 + [.background], ruleLevel) }
        numbered += scenarios(ruleLevel, stepStates: [34, 35, 36, 37, 43, 44, 45], examplesTable: 41)

        var table = [ParserState](repeating: ParserState(transitions: [], expected: ""), count: 55)
        for (number, state) in numbered {
            table[number] = state
        }
        return table
    }()

    private static func capitalized(_ rule: RuleType) -> String {
        let name = String(describing: rule)
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The table in the format `N\n  Token[LA] -End +Start -> next` (for comparing with the official parsers).
    static func dump() -> String {
        var lines: [String] = []
        for (number, state) in all.enumerated() where !state.transitions.isEmpty {
            lines.append(String(number))
            for transition in state.transitions {
                let lookahead =
                    switch transition.lookahead {
                    case .none: ""
                    case .scenario: "[LA0]"
                    case .examples: "[LA1]"
                    }
                let actions =
                    (transition.ends.map { "-" + capitalized($0) } + transition.starts.map { "+" + capitalized($0) })
                    .joined(separator: " ")
                lines.append("  \(transition.token.name)\(lookahead) \(actions) -> \(transition.next)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension Transition {
    fileprivate init(_ token: TokenType, _ next: Int) {
        self.init(token: token, lookahead: .none, ends: [], starts: [], next: next)
    }
}

extension ParserStates {
    fileprivate static func go(_ token: TokenType, _ next: Int) -> Transition { Transition(token, next) }
}
