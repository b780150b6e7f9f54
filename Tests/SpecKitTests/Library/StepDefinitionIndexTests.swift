import Testing

@testable import CucumberExpressions
@testable import SpecKit

/// A pattern the index cannot look into: always tried.
private struct EverythingExpression: StepExpression {
    let source = "everything"
    func match(_ text: String) throws -> [MatchArgument]? { [] }
}

/// A deterministic pseudo-random sequence (SplitMix64).
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

@Suite("Step definition index")
struct StepDefinitionIndexTests {
    let registry = ParameterTypeRegistry()

    @Test("finds the one matching definition with its arguments")
    func singleMatch() throws {
        var index = StepDefinitionIndex()
        let cukes = index.add(try CucumberExpression("I have {int} cukes", registry: registry))
        index.add(try CucumberExpression("I have {int} cucumbers", registry: registry))
        let matches = try index.matches(for: "I have 42 cukes")
        #expect(matches.map(\.definition) == [cukes])
        #expect(try matches.first?.arguments.first?.value() as? Int == 42)
        #expect(index.count == 2)
        #expect(index.expressions.map(\.source) == ["I have {int} cukes", "I have {int} cucumbers"])
    }

    @Test("returns every matching definition, in the order they were added, for ambiguity")
    func allMatches() throws {
        var index = StepDefinitionIndex()
        index.add(try RegularExpression("^a (.*?) with (.*?)$", registry: registry))
        index.add(try CucumberExpression("a step with {word} definitions", registry: registry))
        index.add(try CucumberExpression("{} step with multiple definitions", registry: registry))
        index.add(try RegularExpression("^a step with (.*?)$", registry: registry))
        index.add(EverythingExpression())
        let matches = try index.matches(for: "a step with multiple definitions")
        #expect(matches.map(\.definition) == [0, 1, 2, 3, 4])
    }

    @Test("an undefined step matches nothing")
    func undefined() throws {
        var index = StepDefinitionIndex()
        index.add(try CucumberExpression("I have {int} cukes", registry: registry))
        #expect(try index.matches(for: "I have no cukes").isEmpty)
        #expect(try index.matches(for: "").isEmpty)
        #expect(try StepDefinitionIndex().matches(for: "anything").isEmpty)
    }

    @Test("definitions sharing or nesting prefixes, and definitions without a literal prefix, are all found")
    func prefixes() throws {
        var index = StepDefinitionIndex()
        let sources = [
            "the cache", "the cache is empty", "the cache holds {int} image(s)", "the {word} is empty",
            "{int} images", "(the )cache/store is empty", "the cache is empty/full",
        ]
        for source in sources { index.add(try CucumberExpression(source, registry: registry)) }
        index.add(try RegularExpression("cache is", registry: registry))
        #expect(try index.matches(for: "the cache is empty").map(\.definition) == [1, 3, 5, 6, 7])
        #expect(try index.matches(for: "the cache").map(\.definition) == [0])
        #expect(try index.matches(for: "cache is empty").map(\.definition) == [5, 7])
        #expect(try index.matches(for: "the cache holds 1 image").map(\.definition) == [2])
        #expect(try index.matches(for: "3 images").map(\.definition) == [4])
    }

    @Test("non-ASCII prefixes and suffixes")
    func nonASCII() throws {
        var index = StepDefinitionIndex()
        index.add(try CucumberExpression("Привет, Мир(ы)!", registry: registry))
        index.add(try CucumberExpression("😀 {int} 🥒", registry: registry))
        #expect(try index.matches(for: "Привет, Миры!").map(\.definition) == [0])
        #expect(try index.matches(for: "Привет, Мир!").map(\.definition) == [0])
        let matches = try index.matches(for: "😀 12 🥒")
        #expect(matches.map(\.definition) == [1])
        #expect(matches.first?.arguments.first?.group.start == 3)
    }

    @Test("errors of a matching pattern reach the caller")
    func errors() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "a", regexp: "x+") { $0[0] ?? "" })
        try registry.define(ParameterType(name: "b", regexp: "x+") { $0[0] ?? "" })
        var index = StepDefinitionIndex()
        index.add(try RegularExpression("^(x+) marks the spot$", registry: registry))
        #expect(throws: AmbiguousParameterTypeError.self) { try index.matches(for: "xx marks the spot") }
        #expect(try index.matches(for: "nothing marks the spot").isEmpty)
    }

    /// Random step texts from the pieces the definitions are made of, so that prefixes and suffixes collide.
    @Test("gives the same matches as trying every definition, on 3,000 generated texts")
    func equivalentToTryingEverything() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "store", regexp: "memory|file|sqlite") { $0[0] ?? "" })
        let sources = [
            "the cache holds {int} images", "the cache holds {int} image(s) saved {word} ago", "the cache is empty",
            "the {store} cache is empty", "{int} images", "{store} store", "a/the cache is {word}",
            "the cache holds {string}", "(the )cache holds {int} image(s)", "the cache", "{}", "the cache {}",
        ]
        let regexps = ["^the cache (\\w+)", "holds (\\d+)", "^(.*) is empty$", "^the cache holds (\\d+) images$"]
        var index = StepDefinitionIndex()
        var all: [any StepExpression] = []
        for source in sources {
            let expression = try CucumberExpression(source, registry: registry)
            index.add(expression)
            all.append(expression)
        }
        for pattern in regexps {
            let expression = try RegularExpression(pattern, registry: registry)
            index.add(expression)
            all.append(expression)
        }
        let templates = [
            "the cache holds # images", "the cache holds # image saved @ ago", "the $ cache is empty", "# images",
            "$ store", "a cache is @", "the cache holds \"x y\"", "cache holds # images", "the cache", "the cache @",
            "the cache is empty", "@ is empty",
        ]
        let words = ["the", "a", "cache", "holds", "images", "image", "is", "empty", "store", "\"x\"", "ago", ""]
        var random = SeededGenerator(state: 42)
        var matched = 0
        for _ in 0..<3_000 {
            var tokens = (templates.randomElement(using: &random) ?? "").split(separator: " ").map { token in
                switch token {
                case "#": String(Int.random(in: -5...500, using: &random))
                case "$": ["memory", "file", "sqlite", "redis"].randomElement(using: &random) ?? ""
                case "@": ["7", "days", "empty", "x", "é"].randomElement(using: &random) ?? ""
                default: String(token)
                }
            }
            // Near misses: drop, repeat or replace a word.
            if Int.random(in: 0..<3, using: &random) == 0, !tokens.isEmpty {
                let position = Int.random(in: 0..<tokens.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: tokens.remove(at: position)
                case 1: tokens.insert(tokens[position], at: position)
                default: tokens[position] = words.randomElement(using: &random) ?? ""
                }
            }
            let text = tokens.joined(separator: " ")
            let expected = try all.indices.filter { try all[$0].match(text) != nil }
            let actual = try index.matches(for: text)
            #expect(actual.map(\.definition) == expected, "\(text)")
            matched += expected.count > 1 ? 1 : 0  // `{}` matches every text
        }
        #expect(matched > 1_500, "the generated texts must exercise matches, not only misses (\(matched))")
    }
}
