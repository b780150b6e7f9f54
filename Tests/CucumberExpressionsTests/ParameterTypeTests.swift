import Foundation
import Testing

@testable import CucumberExpressions

/// A duration like the feed's: `7 days`, `6 days 23 hours 59 minutes 59 seconds`, `7 days minus 1 second`.
private struct FeedDuration: Sendable, Equatable {
    var seconds: Int
}

private enum DurationError: Error, CustomStringConvertible {
    case unknownUnit(String)
    var description: String {
        switch self {
        case .unknownUnit(let unit): "unknown unit \(unit)"
        }
    }
}

private let unit = "(?:day|hour|minute|second|fortnight)s?"

/// Two regexps (a sum of parts, optionally minus a part; or `1 day`/`a day` style), transformed to seconds.
private func durationType(useForSnippets: Bool = true) throws -> ParameterType {
    try ParameterType(
        name: "duration",
        regexps: [#"\d+ "# + unit + #"(?: \d+ "# + unit + ")*(?: minus \\d+ " + unit + ")?", "an? " + unit],
        useForSnippets: useForSnippets,
        transform: { values -> FeedDuration in
            let text = values.compactMap { $0 }.first ?? ""
            var total = 0
            var sign = 1
            let words = text.split(separator: " ").map(String.init)
            var index = 0
            while index < words.count {
                if words[index] == "minus" {
                    sign = -1
                    index += 1
                    continue
                }
                let count = words[index] == "a" || words[index] == "an" ? 1 : Int(words[index]) ?? 0
                let unit = words[index + 1].hasSuffix("s") ? String(words[index + 1].dropLast()) : words[index + 1]
                let seconds: Int
                switch unit {
                case "day": seconds = 86_400
                case "hour": seconds = 3_600
                case "minute": seconds = 60
                case "second": seconds = 1
                default: throw DurationError.unknownUnit(unit)
                }
                total += sign * count * seconds
                index += 2
            }
            return FeedDuration(seconds: total)
        })
}

private func storeType() throws -> ParameterType {
    try ParameterType(name: "store", regexp: "memory|file|sqlite") { values in values[0] ?? "" }
}

@Suite("Parameter types")
struct ParameterTypeTests {
    @Test(
        "a custom duration type with several regexps transforms every feed duration",
        arguments: [
            ("7 days", 604_800), ("6 days 23 hours 59 minutes 59 seconds", 604_799),
            ("7 days minus 1 second", 604_799), ("1 day", 86_400), ("30 seconds", 30), ("a day", 86_400),
        ])
    func duration(text: String, seconds: Int) throws {
        var registry = ParameterTypeRegistry()
        try registry.define(durationType())
        let expression = try CucumberExpression("the cache holds {int} images saved {duration} ago", registry: registry)
        let arguments = try #require(try expression.match("the cache holds 3 images saved \(text) ago"))
        #expect(try arguments[0].value() as? Int == 3)
        #expect(try arguments[1].value() as? FeedDuration == FeedDuration(seconds: seconds))
        #expect(arguments[1].parameterTypeName == "duration")
        #expect(arguments[1].group.value == text)
        #expect(arguments[1].group.start == 31)
        #expect(ObjectIdentifier(arguments[1].parameterType.valueType) == ObjectIdentifier(FeedDuration.self))
    }

    @Test("a transformer's error names the parameter type and the text")
    func transformerErrors() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(durationType())
        let expression = try CucumberExpression("wait {duration}", registry: registry)
        let argument = try #require(try expression.match("wait 2 fortnights")?.first)
        let error = #expect(throws: ParameterTransformError.self) { try argument.value() }
        #expect(error?.parameterTypeName == "duration")
        #expect(
            error?.message
                == #"The parameter type {duration} could not transform "2 fortnights": unknown unit fortnight"#)
    }

    @Test("a store type matches its alternatives only")
    func store() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(storeType())
        let expression = try CucumberExpression("a {store} store", registry: registry)
        for store in ["memory", "file", "sqlite"] {
            #expect(try expression.match("a \(store) store")?.first?.value() as? String == store)
        }
        #expect(try expression.match("a redis store") == nil)
    }

    @Test("useForSnippets decides whether the generator proposes a type")
    func useForSnippets() throws {
        var proposing = ParameterTypeRegistry()
        try proposing.define(durationType(useForSnippets: true))
        var silent = ParameterTypeRegistry()
        try silent.define(durationType(useForSnippets: false))
        let text = "I wait 7 days"
        #expect(
            CucumberExpressionGenerator(registry: proposing).generateExpressions(for: text).map(\.source).contains(
                "I wait {duration}"))
        #expect(
            CucumberExpressionGenerator(registry: silent).generateExpressions(for: text).map(\.source) == [
                "I wait {int} days", "I wait {float} days",
            ])
    }

    @Test("preferForRegexpMatch picks the type of a regular expression's capture group")
    func preferForRegexpMatch() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "name", regexp: "[A-Z][a-z]+") { $0[0] ?? "" })
        try registry.define(
            ParameterType(name: "city", regexp: "[A-Z][a-z]+", preferForRegexpMatch: true) { "city:" + ($0[0] ?? "") })
        let expression = try RegularExpression("^([A-Z][a-z]+) is lovely$", registry: registry)
        let argument = try #require(try expression.match("Paris is lovely")?.first)
        #expect(argument.parameterTypeName == "city")
        #expect(try argument.value() as? String == "city:Paris")
    }

    @Test("the built-in types transform to their documented Swift types")
    func builtInTypes() throws {
        let registry = ParameterTypeRegistry()
        func value(_ type: String, _ text: String) throws -> (any Sendable)? {
            try CucumberExpression("{\(type)}", registry: registry).match(text)?.first?.value()
        }
        #expect(try value("int", "-42") as? Int == -42)
        #expect(try value("float", "1.5") as? Double == 1.5)
        #expect(try value("double", "1.5") as? Double == 1.5)
        #expect(try value("byte", "-128") as? Int8 == -128)
        #expect(try value("short", "32767") as? Int16 == 32_767)
        #expect(try value("long", "-9223372036854775808") as? Int64 == .min)
        #expect(
            try value("biginteger", "123456789012345678901234567890") as? BigInteger
                == BigInteger("123456789012345678901234567890"))
        #expect(
            try value("bigdecimal", "-0.000000000000000000000000000000000000000001") as? BigDecimal
                == BigDecimal("-1E-42"))
        #expect(try value("word", "cukes!") as? String == "cukes!")
        #expect(try value("string", #""a \"b\" 'c'""#) as? String == #"a "b" 'c'"#)
        #expect(try value("string", #"'it\'s \n'"#) as? String == #"it's \n"#)
        #expect(try value("", "anything at all") as? String == "anything at all")
        let types = [
            "int", "float", "word", "string", "", "double", "bigdecimal", "byte", "short", "long", "biginteger",
        ]
        #expect(registry.parameterTypes.map(\.name) == types)
        #expect(registry.parameterTypes.allSatisfy { $0.isBuiltIn })
        #expect(registry.parameterTypes.filter(\.useForSnippets).map(\.name) == ["int", "float", "string"])
        #expect(registry.parameterTypes.filter(\.preferForRegexpMatch).map(\.name) == ["int", ""])
    }

    @Test(
        "an out-of-range number is a transform error naming the type and the text",
        arguments: [
            ("int", "99999999999999999999", "Int"), ("byte", "128", "Int8"), ("short", "-32769", "Int16"),
            ("long", "9223372036854775808", "Int64"),
        ])
    func outOfRange(type: String, text: String, swiftType: String) throws {
        let expression = try CucumberExpression("{\(type)}", registry: ParameterTypeRegistry())
        let argument = try #require(try expression.match(text)?.first)
        let error = #expect(throws: ParameterTransformError.self) { try argument.value() }
        #expect(
            error?.message
                == "The parameter type {\(type)} could not transform \"\(text)\": not a valid \(swiftType) (out of range?)"
        )
    }

    @Test(
        "names with reserved characters are refused",
        arguments: ["{x", "x}", "(x)", "a/b", "a\\b"])
    func illegalNames(name: String) {
        let error = #expect(throws: ParameterTypeError.self) {
            try ParameterType(name: name, regexp: "x") { $0[0] ?? "" }
        }
        #expect(error?.kind == .illegalName)
        #expect(
            error?.message
                == "Illegal character in parameter name {\(name)}. Parameter names may not contain '{', '}', '(', ')', '\\' or '/'"
        )
    }

    @Test("an invalid or missing regexp is refused at creation, naming the type")
    func invalidRegexps() {
        let invalid = #expect(throws: ParameterTypeError.self) {
            try ParameterType(name: "broken", regexp: "a(b") { $0[0] ?? "" }
        }
        #expect(invalid?.kind == .invalidRegexp)
        #expect(
            invalid?.message
                == "The parameter type {broken} has an invalid regexp: Invalid regular expression /a(b/: unterminated group at offset 1"
        )
        let missing = #expect(throws: ParameterTypeError.self) {
            try ParameterType(name: "empty", regexps: []) { $0[0] ?? "" }
        }
        #expect(missing?.kind == .noRegexp)
    }

    @Test("a name can be defined once; the anonymous type is already defined")
    func duplicateNames() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(storeType())
        let duplicate = #expect(throws: ParameterTypeError.self) { try registry.define(storeType()) }
        #expect(duplicate?.message == "There is already a parameter type with name store")
        #expect(duplicate?.kind == .duplicateName)
        let anonymous = #expect(throws: ParameterTypeError.self) {
            try registry.define(ParameterType(name: "", regexp: "x") { $0[0] ?? "" })
        }
        #expect(anonymous?.message == "The anonymous parameter type has already been defined")
    }

    @Test("two preferential types may not share a regexp")
    func twoPreferential() throws {
        var registry = ParameterTypeRegistry()
        let error = #expect(throws: ParameterTypeError.self) {
            try registry.define(
                ParameterType(name: "count", regexp: #"\d+"#, preferForRegexpMatch: true) { $0[0] ?? "" })
        }
        #expect(error?.kind == .duplicatePreferential)
        #expect(
            error?.message
                == #"There can only be one preferential parameter type per regexp. The regexp /\d+/ is used for two preferential parameter types, {int} and {count}"#
        )
    }

    @Test("a registry lists the types sharing a regexp, preferential first, then by name")
    func typesByRegexp() {
        let registry = ParameterTypeRegistry()
        #expect(
            registry.parameterTypes(forRegexp: #"\d+"#).map(\.name) == ["int", "biginteger", "byte", "long", "short"])
        #expect(
            registry.parameterTypes(forRegexp: BuiltInParameterTypes.floatRegexp).map(\.name) == [
                "bigdecimal", "double", "float",
            ])
    }
}
