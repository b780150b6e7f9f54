import Testing

@testable import CucumberExpressions
@testable import RegexEngine
@testable import SpecKit
@testable import TagExpressions

/// Absurd input gets a clear error, never a crash or a hang.
@Suite("Robustness")
struct RobustnessTests {
    @Test("deeply nested optionals are the nested-optional error, not a stack overflow")
    func nestedOptionals() {
        let expression = String(repeating: "(", count: 5_000) + "a" + String(repeating: ")", count: 5_000)
        let error = #expect(throws: CucumberExpressionError.self) {
            try CucumberExpression(expression, registry: ParameterTypeRegistry())
        }
        #expect(error?.kind == .optionalIsNotAllowedInOptional)
        #expect(error?.column == 2)
    }

    @Test("deeply nested groups in a regular expression are refused with the pattern")
    func nestedGroups() {
        let pattern = String(repeating: "(", count: 5_000) + "a" + String(repeating: ")", count: 5_000)
        let error = #expect(throws: RegularExpressionError.self) {
            try RegularExpression(pattern, registry: ParameterTypeRegistry())
        }
        #expect(error?.message.hasSuffix(": parentheses nest deeper than 200 levels") == true)
    }

    @Test("deeply nested tag expressions are refused")
    func nestedTags() {
        for text in [String(repeating: "not ", count: 5_000) + "a", String(repeating: "a and ", count: 5_000) + "b"] {
            let error = #expect(throws: TagExpressionError.self) { try TagExpression(text) }
            #expect(error?.kind == .tooDeep)
        }
    }

    @Test("a long step text with much backtracking still matches (the stack grows on the heap)")
    func longText() throws {
        let text = String(repeating: "ab", count: 20_000) + "c"
        let expression = try RegularExpression("^((?:a|b)*)c$", registry: ParameterTypeRegistry())
        #expect(try expression.match(text)?.first?.group.value?.count == 40_000)
        let anonymous = try CucumberExpression("{} and {}", registry: ParameterTypeRegistry())
        let arguments = try #require(try anonymous.match(String(repeating: "x and ", count: 10_000) + "y"))
        #expect(arguments[1].group.value == "y")
    }

    @Test("searching a long text for an unanchored pattern that is absent is not taken for backtracking")
    func longUnanchoredSearch() throws {
        let expression = try RegularExpression("x(y)z", registry: ParameterTypeRegistry())
        #expect(try expression.match(String(repeating: "xy", count: 500_000)) == nil)
    }

    @Test("an empty expression matches only the empty text")
    func emptyExpression() throws {
        let expression = try CucumberExpression("", registry: ParameterTypeRegistry())
        #expect(try expression.match("")?.isEmpty == true)
        #expect(try expression.match(" ") == nil)
    }
}
