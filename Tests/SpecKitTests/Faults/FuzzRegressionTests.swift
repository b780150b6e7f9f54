import Testing

@testable import CucumberExpressions
@testable import RegexEngine
@testable import SpecKit
@testable import TagExpressions

/// Inputs the fuzz targets under `.ci/fuzz` found to break an invariant, reduced to their essence.
@Suite("Fuzz regressions")
struct SpecKitFuzzRegressionTests {
    @Test(
        "the canonical form of a tag with escaped white space parses back to the same tag",
        arguments: ["\t", "\u{0B}", "\u{0C}", "\n", "\r", " ", "\u{A0}", "\u{2028}", "\u{3000}", "\u{FEFF}"]
    )
    func escapedWhiteSpaceRoundTrip(space: String) throws {
        let expression = try TagExpression("@a\\" + space + "b and not @c")
        #expect(expression == .and(.tag("@a" + space + "b"), .not(.tag("@c"))))
        #expect(expression.description == "( @a\\" + space + "b and not ( @c ) )")
        #expect(try TagExpression(expression.description) == expression)
    }

    @Test("the tag found by the fuzzer (a form feed after a backslash) keeps its form feed")
    func fuzzedFormFeedTag() throws {
        let expression = try TagExpression("\u{FFFD}@\u{FFFD}\u{FFFD}d\\\u{0C}\0\0\0")
        #expect(expression == .tag("\u{FFFD}@\u{FFFD}\u{FFFD}d\u{0C}\0\0\0"))
        #expect(try TagExpression(expression.description) == expression)
    }

    @Test(
        "an expression generated for a text with backslashes compiles and matches that text",
        arguments: [
            #"a \/ b"#, #"a \( b"#, #"a \{ b"#, #"ends with \"#, #"\\ two \\"#, #"C:\temp\3 files"#,
            #"a {lit} and (not optio) \/ slanal) / slash"#,
            // Found by the fuzzer: a combining mark after `{`, `(` or `/` (one `Character` with it).
            "?\\{\u{337} ", "a (\u{301}b", "x /\u{308} y",
        ]
    )
    func generatedExpressionWithBackslashes(text: String) throws {
        let registry = ParameterTypeRegistry()
        let proposals = CucumberExpressionGenerator(registry: registry).generateExpressions(for: text)
        try #require(!proposals.isEmpty)
        for proposal in proposals {
            let expression = try CucumberExpression(proposal.source, registry: registry)
            let arguments = try expression.match(text)
            #expect(arguments?.count == proposal.parameterTypes.count, "\(proposal.source) must match \(text)")
        }
    }

    @Test("a backslash of the text is escaped in the generated expression")
    func generatedBackslashIsEscaped() throws {
        let proposals = CucumberExpressionGenerator(registry: ParameterTypeRegistry())
            .generateExpressions(for: #"path a\/b has 3 parts"#)
        #expect(proposals.first?.source == #"path a\\\/b has {int} parts"#)
    }

    @Test("a parameter that is not a whole word is skipped and the next whole-word match is proposed")
    func generatorSkipsPartWordMatch() {
        let proposals = CucumberExpressionGenerator(registry: ParameterTypeRegistry())
            .generateExpressions(for: "a1 and 2x then 3")
        #expect(proposals.first?.source == "a1 and 2x then {int}")
    }

    @Test("a long undefined step text still gets proposals for the parameters at its end")
    func generatorOnLongText() {
        let text = String(repeating: "ab ", count: 300) + "costs 4.5 and 7"
        let proposals = CucumberExpressionGenerator(registry: ParameterTypeRegistry()).generateExpressions(for: text)
        #expect(proposals.first?.source == String(repeating: "ab ", count: 300) + "costs {float} and {int}")
    }

    @Test(
        "a pattern run by NSRegularExpression that backtracks catastrophically throws instead of hanging",
        arguments: [
            ("(?<=a)(a*)*x", String(repeating: "a", count: 40)),
            // The fuzzer's input (pattern and text alike): `$+` sends it to NSRegularExpression.
            (
                "(.*)\0\0\\\0(.*)+\u{FFFD}\0\0\0\u{FFFD}\u{05}b|()$+\u{FFFD}\\w\0b|()+\0\0\0\\w$\u{05}b|()+\u{FFFD}",
                "(.*)\0\0\\\0(.*)+\u{FFFD}\0\0\0\u{FFFD}\u{05}b|()$+\u{FFFD}\\w\0b|()+\0\0\0\\w$\u{05}b|()+\u{FFFD}"
            ),
        ]
    )
    func foundationBacktrackingIsBounded(pattern: String, text: String) throws {
        let expression = try RegularExpression(pattern, registry: ParameterTypeRegistry())
        #expect(!expression.treeRegex.usesBuiltInMatcher)
        let error = #expect(throws: RegularExpressionError.self) { try expression.match(text) }
        #expect(error?.message.contains("needs too many steps to match") == true)
    }

    @Test("a look-behind pattern run by NSRegularExpression still matches a long text")
    func foundationMatchesLongText() throws {
        let expression = try RegularExpression("(?<=a)(b+)$", registry: ParameterTypeRegistry())
        let text = String(repeating: "x", count: 50_000) + "a" + String(repeating: "b", count: 10)
        #expect(try expression.match(text)?.first?.group.value == String(repeating: "b", count: 10))
    }
}
