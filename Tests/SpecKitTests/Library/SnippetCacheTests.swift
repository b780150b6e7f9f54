import Messages
import TestSupport
import Testing

@testable import SpecKit

@Suite("Snippets are worked out once per distinct step text")
struct SnippetCacheTests {
    @Test("the same text, keyword and arguments are made once; another keyword is made again")
    func madeOnce() {
        let cache = SnippetCache()
        var made = 0
        let key = SnippetCache.Key(text: "I have 3 cukes", keyword: "given", trailing: [])
        for _ in 0..<3 {
            let snippets = cache.snippets(for: key) {
                made += 1
                return [Snippet(language: "swift", code: "code \(made)")]
            }
            #expect(snippets.map(\.code) == ["code 1"])
        }
        _ = cache.snippets(for: .init(text: "I have 3 cukes", keyword: "when", trailing: [])) {
            made += 1
            return []
        }
        #expect(made == 2)
    }

    @Test("past its capacity the cache keeps what it has and still answers")
    func bounded() {
        let cache = SnippetCache()
        for index in 0..<SnippetCache.capacity {
            _ = cache.snippets(for: .init(text: "text \(index)", keyword: "given", trailing: [])) { [] }
        }
        var made = 0
        for _ in 0..<2 {
            let snippets = cache.snippets(for: .init(text: "one more", keyword: "given", trailing: [])) {
                made += 1
                return [Snippet(language: "swift", code: "x")]
            }
            #expect(snippets.map(\.code) == ["x"])
        }
        #expect(made == 2, "a text past the capacity is made each time, not stored")
    }

    @Test("a runner's undefined steps with one text share one snippet")
    func runnerSharesSnippets() {
        var steps = StepLibrary<CacheWorld>()
        steps.given("a step") { _ in }
        let library = CompiledLibrary(steps)
        let step = PickleStep(argument: nil, astNodeIds: [], id: "1", type: .context, text: "I have 3 cukes")
        let first = library.snippets(for: step)
        let second = library.snippets(
            for: PickleStep(argument: nil, astNodeIds: [], id: "2", type: .context, text: step.text))
        #expect(first == second)
        #expect(first.first?.code.hasPrefix("steps.given(\"I have {int} cukes\")") == true)
    }

    @Test(
        "an undefined step with 40,000 word-string-number triples gets one snippet (was a crash, as was the quick fix)",
        .hangLimit)
    func snippetOfAHugeStep() throws {
        let library = CompiledLibrary(StepLibrary<CacheWorld>())
        let text = (0..<40_000).map { "w\($0) \"s\($0)\" \($0)" }.joined(separator: " ")
        let snippets = library.snippets(
            for: PickleStep(argument: nil, astNodeIds: [], id: "1", type: .context, text: text))
        #expect(snippets.count == 1)
        let code = try #require(snippets.first?.code)
        #expect(code.hasPrefix(#"steps.given("w0 {string} {int} w1 {string} {int}"#))
        #expect(code.contains("string40000: String, int40000: Int) in"))
        #expect(code.utf8.count < 4 * text.utf8.count, "linear in the step's length")
    }
}

actor CacheWorld {}
