import Testing

@testable import CucumberExpressions
@testable import RegexEngine

@Suite("Regular-expression step definitions")
struct RegularExpressionTests {
    let registry = ParameterTypeRegistry()

    @Test("types capture groups by the parameter type whose regexp they are")
    func typedGroups() throws {
        let expression = try RegularExpression(#"^I have (\d+) cukes? in my (.*?)$"#, registry: registry)
        let arguments = try #require(try expression.match("I have 42 cukes in my belly"))
        #expect(arguments[0].parameterTypeName == "int")
        #expect(try arguments[0].value() as? Int == 42)
        #expect(arguments[1].parameterTypeName == nil)
        #expect(try arguments[1].value() as? String == "belly")
        #expect(arguments.map(\.group.start) == [7, 22])
    }

    @Test("(.*) is the anonymous type; a negative integer regexp is {int}")
    func anonymousAndNegative() throws {
        let expression = try RegularExpression(#"^(-?\d+) and (.*)$"#, registry: registry)
        let arguments = try #require(try expression.match("-3 and more"))
        #expect(arguments.map(\.parameterTypeName) == ["int", ""])
        #expect(try arguments[0].value() as? Int == -3)
        #expect(try arguments[1].value() as? String == "more")
    }

    @Test("a group that did not match has no value and transforms to nil")
    func unmatchedGroup() throws {
        let expression = try RegularExpression(#"^I should( not)? be on the map$"#, registry: registry)
        let argument = try #require(try expression.match("I should be on the map")?.first)
        #expect(argument.group == MatchGroup(value: nil, start: nil, end: nil))
        let value = try argument.value()
        #expect((value as? String?) == .some(nil))
    }

    @Test("an unmatched {int} group transforms to Int?.none")
    func unmatchedBuiltInGroup() throws {
        let expression = try RegularExpression(#"^count(?: (\d+))?$"#, registry: registry)
        let value = try #require(try expression.match("count")?.first).value()
        #expect((value as? Int?) == .some(nil))
    }

    @Test("patterns without anchors match anywhere, as in JavaScript")
    func unanchored() throws {
        let expression = try RegularExpression(#"(\d+) cukes"#, registry: registry)
        #expect(try expression.match("Given I have 5 cukes in my belly")?.first?.value() as? Int == 5)
    }

    @Test("a capture group's transformer receives its nested groups, as in cucumber-js")
    func nestedGroups() throws {
        let expression = try RegularExpression(#"^((a)(b))$"#, registry: registry)
        let argument = try #require(try expression.match("ab")?.first)
        #expect(argument.group.value == "ab")
        #expect(argument.group.values == ["a", "b"])
        #expect(try argument.value() as? String == "a")
    }

    @Test("a regexp shared by several non-preferential types is ambiguous, with the official message")
    func ambiguous() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "name", regexp: "[A-Z][a-z]+") { $0[0] ?? "" })
        try registry.define(ParameterType(name: "city", regexp: "[A-Z][a-z]+") { $0[0] ?? "" })
        let expression = try RegularExpression("^([A-Z][a-z]+) lives in ([A-Z][a-z]+)$", registry: registry)
        #expect(try expression.match("nobody lives here") == nil)
        let error = #expect(throws: AmbiguousParameterTypeError.self) {
            try expression.match("Alice lives in Paris")
        }
        #expect(error?.parameterTypes.map(\.name) == ["city", "name"])
        #expect(
            error?.message == """
                Your Regular Expression /^([A-Z][a-z]+) lives in ([A-Z][a-z]+)$/
                matches multiple parameter types with regexp [A-Z][a-z]+:
                   {city}
                   {name}

                I couldn't decide which one to use. You have two options:

                1) Use a Cucumber Expression instead of a Regular Expression. Try one of these:
                   {city} lives in {city}
                   {city} lives in {name}
                   {name} lives in {city}
                   {name} lives in {name}

                2) Make one of the parameter types preferential and continue to use a Regular Expression.

                """)
    }

    @Test("the float regexp belongs to three types: ambiguous")
    func floatIsAmbiguous() throws {
        let pattern = "^(" + BuiltInParameterTypes.floatRegexp + ")$"
        let expression = try RegularExpression(pattern, registry: registry)
        let error = #expect(throws: AmbiguousParameterTypeError.self) { try expression.match("1.5") }
        #expect(error?.parameterTypes.map(\.name) == ["bigdecimal", "double", "float"])
        #expect(error?.generatedExpressions.map(\.source) == ["{float}"])
    }

    @Test("lists the parameter type of each capture group, nil where ambiguous")
    func parameterTypes() throws {
        let expression = try RegularExpression(
            "^(\\d+) (.*) (" + BuiltInParameterTypes.floatRegexp + ") ([a-z]+)$", registry: registry)
        #expect(expression.parameterTypes.map { $0?.name } == ["int", "", nil, .some(nil)])
    }

    @Test("value(as:) gives the typed value, or an error naming both types")
    func typedValue() throws {
        let expression = try RegularExpression(#"^(\d+)( cukes)?$"#, registry: registry)
        let arguments = try #require(try expression.match("42"))
        #expect(try arguments[0].value(as: Int.self) == 42)
        let wrongType = #expect(throws: ParameterTransformError.self) { try arguments[0].value(as: String.self) }
        #expect(
            wrongType?.message == #"The parameter type {int} could not transform "42": its value is Int, not String"#)
        let unmatched = #expect(throws: ParameterTransformError.self) { try arguments[1].value(as: String.self) }
        #expect(
            unmatched?.message
                == "The capture group's implicit type could not transform a group that did not match: its value is Optional<String>, not String"
        )
        #expect(try arguments[1].value(as: String?.self) == nil)
    }

    @Test("an invalid pattern is reported with the pattern")
    func invalid() {
        let error = #expect(throws: RegularExpressionError.self) {
            try RegularExpression("^a (b$", registry: registry)
        }
        #expect(error?.message == "Invalid regular expression /^a (b$/: unterminated group at offset 3")
    }
}
