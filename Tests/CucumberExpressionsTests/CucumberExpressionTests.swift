import Testing

@testable import CucumberExpressions
@testable import RegexEngine

@Suite("Cucumber Expressions")
struct CucumberExpressionTests {
    let registry = ParameterTypeRegistry()

    @Test("compiles optionals, alternations and parameters to the documented regular expression")
    func regexPattern() throws {
        let expression = try CucumberExpression("I have {int} cuke(s) in my belly/stomach", registry: registry)
        #expect(expression.regexPattern == #"^I have ((?:-?\d+)|(?:\d+)) cuke(?:s)? in my (?:belly|stomach)$"#)
        #expect(expression.parameterTypes.map(\.name) == ["int"])
        #expect(expression.source == "I have {int} cuke(s) in my belly/stomach")
        #expect(try expression.match("I have 42 cukes in my stomach")?.first?.value() as? Int == 42)
        #expect(try expression.match("I have 1 cuke in my belly") != nil)
        #expect(try expression.match("I have 1 cuke in my mouth") == nil)
    }

    @Test("reports each argument's group with its start offset and value")
    func groups() throws {
        let expression = try CucumberExpression("I have {int} cukes", registry: registry)
        let group = try #require(try expression.match("I have 42 cukes")?.first?.group)
        #expect(group == MatchGroup(value: "42", start: 7, end: 9, children: []))
    }

    @Test("the {string} group nests the quoted content like the official implementations")
    func stringGroup() throws {
        let expression = try CucumberExpression("three {string} mice", registry: registry)
        let argument = try #require(try expression.match(#"three "blind" mice"#)?.first)
        #expect(argument.group.value == #""blind""#)
        #expect(argument.group.start == 6)
        #expect(argument.group.children.map(\.value) == ["blind", nil])
        #expect(argument.group.children.map(\.start) == [7, nil])
        #expect(argument.group.children[0].children == [MatchGroup(value: nil, start: nil, end: nil)])
        #expect(argument.group.children[1].children == [MatchGroup(value: nil, start: nil, end: nil)])
        #expect(try argument.value() as? String == "blind")
    }

    @Test("start offsets count UTF-16 code units before the argument")
    func nonASCIIOffsets() throws {
        let expression = try CucumberExpression("{word} ate {int} 🥒 on {word}", registry: registry)
        let arguments = try #require(try expression.match("Zoë ate 3 🥒 on Tuesday"))
        #expect(arguments.map(\.group.start) == [0, 8, 16])
        #expect(arguments.map(\.group.value) == ["Zoë", "3", "Tuesday"])
    }

    @Test("escaped characters match literally")
    func escapes() throws {
        let expression = try CucumberExpression(#"a \(b\) \{c\} d\/e f\\g"#, registry: registry)
        #expect(expression.regexPattern == #"^a \(b\) \{c\} d/e f\\g$"#)
        #expect(try expression.match(#"a (b) {c} d/e f\g"#) != nil)
    }

    @Test("regular-expression characters in the text match literally")
    func regexCharacters() throws {
        let expression = try CucumberExpression("it costs $5.00 [approx.] + tax? *yes* ^_^ |", registry: registry)
        #expect(try expression.match("it costs $5.00 [approx.] + tax? *yes* ^_^ |") != nil)
        #expect(try expression.match("it costs $5X00 [approx.] + tax? *yes* ^_^ |") == nil)
    }

    @Test("an unknown parameter type is distinguishable and names itself")
    func undefinedParameterType() {
        let error = #expect(throws: CucumberExpressionError.self) {
            try CucumberExpression("{airport} is closed because of a strike", registry: registry)
        }
        #expect(error?.kind == .undefinedParameterType(name: "airport"))
        #expect(error?.undefinedParameterTypeName == "airport")
        #expect(error?.expression == "{airport} is closed because of a strike")
        #expect(error?.column == 1)
        #expect(error?.pointer == "^-------^")
    }

    @Test("syntax errors expose kind, column, pointer, problem and solution")
    func structuredErrors() {
        let error = #expect(throws: CucumberExpressionError.self) {
            try CucumberExpression("three () mice", registry: registry)
        }
        #expect(error?.kind == .optionalMayNotBeEmpty)
        #expect(error?.index == 6)
        #expect(error?.column == 7)
        #expect(error?.pointer == "      ^^")
        #expect(error?.problem == "An optional must contain some text")
        #expect(error?.solution == "If you did not mean to use an optional you can use '\\(' to escape the '('")
        #expect(error?.undefinedParameterTypeName == nil)
        #expect(error?.description == error?.message)
    }

    @Test(
        "each kind of invalid expression is reported with its kind",
        arguments: [
            ("a(b/c)", CucumberExpressionError.Kind.alternationNotAllowedInOptional),
            ("a//b", .alternativeMayNotBeEmpty),
            ("(a)/b", .alternativeMayNotExclusivelyContainOptionals),
            ("()", .optionalMayNotBeEmpty),
            ("(a(b))", .optionalIsNotAllowedInOptional),
            ("({int})", .parameterIsNotAllowedInOptional),
            ("{a/b}", .invalidParameterTypeName),
            ("{int", .missingEndToken),
            ("(a", .missingEndToken),
            (#"\a"#, .cannotEscape),
            (#"a\"#, .endOfLineCannotBeEscaped),
            ("{nope}", .undefinedParameterType(name: "nope")),
        ])
    func errorKinds(expression: String, kind: CucumberExpressionError.Kind) {
        let error = #expect(throws: CucumberExpressionError.self) {
            try CucumberExpression(expression, registry: registry)
        }
        #expect(error?.kind == kind)
        #expect(error?.message.hasPrefix("This Cucumber Expression has a problem at column ") == true)
    }

    @Test("the pointer counts Unicode scalars, like the column")
    func pointerWithEmoji() {
        let error = #expect(throws: CucumberExpressionError.self) {
            try CucumberExpression("😀 ()", registry: registry)
        }
        #expect(error?.column == 3)
        #expect(
            error?.message
                == "This Cucumber Expression has a problem at column 3:\n\n😀 ()\n  ^^\nAn optional must contain some text.\nIf you did not mean to use an optional you can use '\\(' to escape the '('"
        )
    }

    @Test("a parameter type with several regexps becomes one group of alternatives")
    func severalRegexps() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "answer", regexps: ["yes|y", "no|n"]) { $0[0] ?? "" })
        let expression = try CucumberExpression("say {answer}", registry: registry)
        #expect(expression.regexPattern == "^say ((?:yes|y)|(?:no|n))$")
        #expect(try expression.match("say n")?.first?.value() as? String == "n")
    }

    @Test("a custom regexp with capture groups hands their values to the transformer")
    func customCaptureGroups() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(
            ParameterType(name: "flight", regexp: "([A-Z]{3})-([A-Z]{3})") { values in
                values.compactMap { $0 }.joined(separator: "→")
            })
        let expression = try CucumberExpression("{flight} has been delayed", registry: registry)
        let argument = try #require(try expression.match("LHR-CDG has been delayed")?.first)
        #expect(try argument.value() as? String == "LHR→CDG")
        #expect(argument.group.children.map(\.start) == [0, 4])
        #expect(argument.group.values == ["LHR", "CDG"])
    }

    @Test("matching is anchored at both ends")
    func anchored() throws {
        let expression = try CucumberExpression("I have {int} cukes", registry: registry)
        #expect(try expression.match("so I have 3 cukes") == nil)
        #expect(try expression.match("I have 3 cukes today") == nil)
    }
}
