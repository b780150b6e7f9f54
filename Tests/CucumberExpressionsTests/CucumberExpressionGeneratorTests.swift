import TestSupport
import Testing

@testable import CucumberExpressions

@Suite("Expression generator")
struct CucumberExpressionGeneratorTests {
    private func generator(_ types: [ParameterType] = []) throws -> CucumberExpressionGenerator {
        var registry = ParameterTypeRegistry()
        for type in types { try registry.define(type) }
        return CucumberExpressionGenerator(registry: registry)
    }

    private func type(_ name: String, _ regexp: String) throws -> ParameterType {
        try ParameterType(name: name, regexp: regexp) { $0[0] ?? "" }
    }

    /// The first proposal must also match the text it was generated from, with one argument per parameter.
    private func expectFirst(
        _ expected: String, names: [String], for text: String, types: [ParameterType] = []
    ) throws {
        var registry = ParameterTypeRegistry()
        for type in types { try registry.define(type) }
        let proposal = try #require(
            CucumberExpressionGenerator(registry: registry).generateExpressions(for: text).first)
        #expect(proposal.source == expected)
        #expect(proposal.parameterNames == names)
        let arguments = try CucumberExpression(proposal.source, registry: registry).match(text)
        #expect(arguments?.count == names.count, "\(proposal.source) must match \(text)")
    }

    @Test(
        "a long undefined step gets its expression (was cubic: 400 quoted words took 19 s)",
        .hangLimit,
        arguments: [
            (String(repeating: "\"a\" ", count: 3_000), String(repeating: "{string} ", count: 3_000)),
            (String(repeating: "a ", count: 3_000), String(repeating: "a ", count: 3_000)),
            (String(repeating: "v0x1 ", count: 3_000), String(repeating: "v0x1 ", count: 3_000)),
            (String(repeating: "7 ", count: 1_000), String(repeating: "{int} ", count: 1_000)),
        ])
    func longSteps(text: String, expected: String) throws {
        let proposal = try #require(try generator().generateExpressions(for: text).first)
        #expect(proposal.source == expected)
    }

    @Test("proposes {int} before {float} for a whole number")
    func intBeforeFloat() throws {
        let proposals = try generator().generateExpressions(for: "I have 10 cukes")
        #expect(proposals.map(\.source) == ["I have {int} cukes", "I have {float} cukes"])
        #expect(proposals[0].parameterInfos == [.init(type: "Int", name: "int", count: 1)])
        #expect(proposals[1].parameterInfos == [.init(type: "Double", name: "float", count: 1)])
    }

    @Test("documents expression generation")
    func documented() throws {
        let proposal = try #require(try generator().generateExpressions(for: "I have 2 cucumbers and 1.5 tomato").first)
        #expect(proposal.source == "I have {int} cucumbers and {float} tomato")
        #expect(proposal.parameterNames[0] == "int")
        #expect(proposal.parameterTypes[1].name == "float")
    }

    @Test("the generator's documentation example")
    func docExample() throws {
        let proposals = try generator().generateExpressions(for: "I have 10 cukes and \"blue\" hats")
        #expect(
            proposals.map(\.source) == [
                "I have {int} cukes and {string} hats", "I have {float} cukes and {string} hats",
            ])
        #expect(proposals[0].parameterNames == ["int", "string"])
    }

    @Test("no arguments, escaped parentheses, braces and slashes")
    func escaping() throws {
        try expectFirst("hello", names: [], for: "hello")
        try expectFirst("\\(iii)", names: [], for: "(iii)")
        try expectFirst("\\{iii}", names: [], for: "{iii}")
        try expectFirst("The {int}\\/{int}\\/{int} hey", names: ["int", "int2", "int3"], for: "The 1814/05/17 hey")
    }

    @Test("numbers, strings and percent signs")
    func numbersAndStrings() throws {
        try expectFirst(
            "I have {int} cukes and {float} euro", names: ["int", "float"], for: "I have 2 cukes and 1.5 euro")
        try expectFirst(
            "I like {string} and {string}", names: ["string", "string2"], for: "I like \"bangers\" and 'mash'")
        try expectFirst("I am {int}%% foobar", names: ["int"], for: "I am 20%% foobar")
        try expectFirst("{int}", names: ["int"], for: "99999")
        try expectFirst(
            "I have {float} cukes and {float} euro", names: ["float", "float2"], for: "I have 2.5 cukes and 1.5 euro")
    }

    @Test("custom types, leftmost first")
    func customTypes() throws {
        try expectFirst(
            "I have a {currency} account", names: ["currency"], for: "I have a EUR account",
            types: [type("currency", "[A-Z]{3}")])
        try expectFirst(
            "a {date} d e f g", names: ["date"], for: "a b c d e f g",
            types: [type("currency", "c d"), type("date", "b c")])
    }

    @Test("every combination when several types match the same text")
    func combinations() throws {
        let proposals = try generator([type("currency", "x"), type("date", "x")])
            .generateExpressions(for: "I have x and x and another x")
        #expect(
            proposals.map(\.source) == [
                "I have {currency} and {currency} and another {currency}",
                "I have {currency} and {currency} and another {date}",
                "I have {currency} and {date} and another {currency}",
                "I have {currency} and {date} and another {date}",
                "I have {date} and {currency} and another {currency}",
                "I have {date} and {currency} and another {date}",
                "I have {date} and {date} and another {currency}",
                "I have {date} and {date} and another {date}",
            ])
    }

    @Test("optional capture groups in custom regexps")
    func optionalCaptureGroups() throws {
        let proposal = try #require(
            try generator([type("optional-flight", "(1st flight)?"), type("optional-hotel", "(1 hotel)?")])
                .generateExpressions(for: "I reach Stage 4: 1st flight -1 hotel").first)
        #expect(proposal.source == "I reach Stage {int}: {optional-flight} {int} hotel")
    }

    @Test("at most 256 expressions")
    func atMost256() throws {
        let types = try (0..<4).map { try type("my-type-\($0)", "([a-z] )*?[a-z]") }
        #expect(try generator(types).generateExpressions(for: "a s i m p l e s t e p").count == 256)
    }

    /// `count` word-string-number triples: `w0 "s0" 0 w1 "s1" 1 ...`, each number {int} or {float}.
    private static func triples(_ count: Int) -> String {
        (0..<count).map { "w\($0) \"s\($0)\" \($0)" }.joined(separator: " ")
    }

    /// Was a crash: the combinations were copied at every depth of a recursion as deep as the parameters (11 GB).
    @Test(
        "a step with 40,000 word-string-number triples (850 KB) gets one expression, within the budget",
        .hangLimit)
    func manyParameters() throws {
        let text = Self.triples(40_000)
        let proposals = try generator().generateExpressions(for: text)
        let first = try #require(proposals.first)
        #expect(first.parameterTypes.count == 80_000)
        #expect(first.source.hasPrefix(#"w0 {string} {int} w1 {string} {int} w2"#))
        let size = proposals.reduce(0) { $0 + $1.source.utf16.count + 16 * $1.parameterTypes.count }
        #expect(proposals.count == 1, "a step this long gets one expression, not 256")
        #expect(size <= max(CucumberExpressionGenerator.expressionBudget, first.source.utf16.count + 16 * 80_000))
    }

    @Test(
        "the number of expressions shrinks with the step's length, keeping the official order",
        arguments: [1, 100, 1_000, 5_000])
    func expressionsWithinBudget(triples: Int) throws {
        let text = Self.triples(triples)
        let proposals = try generator().generateExpressions(for: text)
        let limit = CucumberExpressionGenerator.expressionLimit(
            textLength: text.utf16.count, parameterCount: 2 * triples)
        // Each number is {int} or {float}: 2^triples combinations, the last number varying fastest.
        #expect(proposals.count == min(limit, 1 << min(triples, 20)))
        #expect(proposals.count <= CucumberExpressionGenerator.maximumExpressions)
        let total = proposals.reduce(0) { $0 + $1.source.utf16.count + 16 * $1.parameterTypes.count }
        #expect(total <= 2 * CucumberExpressionGenerator.expressionBudget || proposals.count == 1)
        if proposals.count > 1 {
            #expect(proposals[0].parameterTypes.last?.name == "int")
            #expect(proposals[1].parameterTypes.last?.name == "float")
            #expect(
                proposals[1].parameterTypes.dropLast().map(\.name) == proposals[0].parameterTypes.dropLast().map(\.name)
            )
        }
    }

    @Test("prefers the longest non-empty match")
    func longest() throws {
        let proposals = try generator([type("zero-or-more", "[a-z]*"), type("exactly-one", "[a-z]")])
            .generateExpressions(for: "a simple step")
        #expect(
            proposals.map(\.source) == [
                "{exactly-one} {zero-or-more} {zero-or-more}", "{zero-or-more} {zero-or-more} {zero-or-more}",
            ])
    }

    @Test("proposes parameters for whole words only")
    func wholeWords() throws {
        let direction = try type("direction", "(up|down)")
        let generator = try generator([direction])
        #expect(generator.generateExpressions(for: "I download a picture").map(\.source) == ["I download a picture"])
        #expect(
            generator.generateExpressions(for: "I watch the muppet show").map(\.source) == ["I watch the muppet show"])
        #expect(generator.generateExpressions(for: "I create a group").map(\.source) == ["I create a group"])
        #expect(
            generator.generateExpressions(for: "When I go down the road").first?.source
                == "When I go {direction} the road")
        #expect(
            generator.generateExpressions(for: "up the hill, the road goes down").first?.source
                == "{direction} the hill, the road goes {direction}")
        #expect(generator.generateExpressions(for: "direction is:down").first?.source == "direction is:{direction}")
        #expect(generator.generateExpressions(for: "direction is down.").first?.source == "direction is {direction}.")
    }

    @Test(
        "a word begins after a space, a punctuation mark or a symbol, ASCII or not, and never after a letter",
        arguments: [
            ("I have «3» cukes", "I have «{int}» cukes"), ("the price is €5", "the price is €{int}"),
            ("café3 cukes", "café3 cukes"), ("x3 and 3x", "x3 and 3x"), ("x [8] y", "x [{int}] y"),
            ("a\t4", "a\t4"), ("π3 ½4 →5", "π3 ½4 →{int}"),
        ])
    func wordStarts(text: String, expected: String) throws {
        #expect(try generator().generateExpressions(for: text).first?.source == expected)
    }

    @Test("the feed's duration and store types are proposed in snippets")
    func feedTypes() throws {
        let proposals = try generator([
            ParameterType(name: "duration", regexp: #"\d+ (?:day|hour|minute|second)s?"#) { $0[0] ?? "" },
            type("store", "memory|file|sqlite"),
        ]).generateExpressions(for: "the sqlite cache was saved 7 days ago")
        #expect(proposals.map(\.source) == ["the {store} cache was saved {duration} ago"])
        #expect(proposals[0].parameterNames == ["store", "duration"])
    }
}
