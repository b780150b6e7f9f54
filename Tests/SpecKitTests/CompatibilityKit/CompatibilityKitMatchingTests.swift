import Foundation
import TestSupport
import Testing

@testable import CucumberExpressions
@testable import RegexEngine
@testable import SpecKit

/// Replays the step definitions of each Cucumber Compatibility Kit sample against its pickle steps and
/// compares the matches (definition ids, argument groups with start offsets, parameter type names) with the
/// `testCase` envelopes the official implementation wrote.
@Suite(
    "Compatibility Kit step matches",
    .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"))
struct CompatibilityKitMatchingTests {
    /// The samples whose run matched steps or reported an undefined parameter type.
    static let samples: [String] = Conformance.folders("cck").filter { sample in
        guard let envelopes = try? envelopes(of: sample) else { return false }
        return envelopes.contains { envelope in
            envelope["undefinedParameterType"] != nil
                || envelope["testCase"]?["testSteps"]?.array?.contains { $0["pickleStepId"] != nil } == true
        }
    }

    /// The envelopes that matter for matching (the others are skipped without decoding).
    static func envelopes(of sample: String) throws -> [ConformanceValue] {
        let url = Conformance.url("cck/\(sample)/\(sample).ndjson")
        let text = try String(contentsOf: url, encoding: .utf8)
        let kinds = ["stepDefinition", "parameterType", "pickle", "testCase", "undefinedParameterType"]
        return try text.split(separator: "\n").filter { line in
            kinds.contains { line.hasPrefix("{\"\($0)\":") }
        }.map { line in
            try ConformanceValue(parsing: Foundation.Data(line.utf8))
        }
    }

    @Test("step matches equal the official ones", arguments: samples)
    func stepMatches(sample: String) throws {
        let envelopes = try Self.envelopes(of: sample)
        var registry = ParameterTypeRegistry()
        for envelope in envelopes {
            guard let parameterType = envelope["parameterType"] else { continue }
            let regexps = (parameterType["regularExpressions"]?.array ?? []).compactMap(\.string)
            try registry.define(
                ParameterType(
                    name: try #require(parameterType["name"]?.string), regexps: regexps,
                    useForSnippets: parameterType["useForSnippets"] == .bool(true),
                    preferForRegexpMatch: parameterType["preferForRegularExpressionMatch"] == .bool(true),
                    transform: { values in values.compactMap { $0 } }))
        }

        var index = StepDefinitionIndex()
        var definitionIds: [String] = []
        var undefinedParameterTypes: [ConformanceValue] = []
        for envelope in envelopes {
            guard let definition = envelope["stepDefinition"] else { continue }
            let source = try #require(definition["pattern"]?["source"]?.string)
            let id = try #require(definition["id"]?.string)
            do {
                if definition["pattern"]?["type"] == .string("REGULAR_EXPRESSION") {
                    index.add(try RegularExpression(source, registry: registry))
                } else {
                    index.add(try CucumberExpression(source, registry: registry))
                }
                definitionIds.append(id)
            } catch let error as CucumberExpressionError {
                let name = try #require(error.undefinedParameterTypeName, "\(error)")
                undefinedParameterTypes.append(.object(["name": .string(name), "expression": .string(source)]))
            }
        }
        // The official run reports these without a stepDefinition envelope: compile them here.
        for undefined in envelopes.compactMap({ $0["undefinedParameterType"] }) {
            let source = try #require(undefined["expression"]?.string)
            let error = #expect(throws: CucumberExpressionError.self) {
                try CucumberExpression(source, registry: registry)
            }
            undefinedParameterTypes.append(
                .object(["name": .string(error?.undefinedParameterTypeName ?? "?"), "expression": .string(source)]))
        }
        let expectedUndefined = envelopes.compactMap { $0["undefinedParameterType"] }
        #expect(undefinedParameterTypes == expectedUndefined)

        var stepTexts: [String: String] = [:]
        for envelope in envelopes {
            for step in envelope["pickle"]?["steps"]?.array ?? [] {
                if let id = step["id"]?.string, let text = step["text"]?.string {
                    stepTexts[id] = text
                }
            }
        }

        for envelope in envelopes {
            for testStep in envelope["testCase"]?["testSteps"]?.array ?? [] {
                guard let pickleStepId = testStep["pickleStepId"]?.string else { continue }
                let text = try #require(stepTexts[pickleStepId])
                let matches = try index.matches(for: text)
                let ids = ConformanceValue.array(matches.map { .string(definitionIds[$0.definition]) })
                #expect(ids == testStep["stepDefinitionIds"], "definitions of \"\(text)\"")
                let lists = ConformanceValue.array(
                    matches.map { match in
                        .object(["stepMatchArguments": .array(match.arguments.map(Self.json))])
                    })
                #expect(lists == testStep["stepMatchArgumentsLists"], "arguments of \"\(text)\"")
            }
        }
    }

    static func json(_ argument: MatchArgument) -> ConformanceValue {
        var object: [String: ConformanceValue] = ["group": json(argument.group)]
        if let name = argument.parameterTypeName {
            object["parameterTypeName"] = .string(name)
        }
        return .object(object)
    }

    static func json(_ group: MatchGroup) -> ConformanceValue {
        var object: [String: ConformanceValue] = [:]
        if let start = group.start { object["start"] = .integer(Int64(start)) }
        if let value = group.value { object["value"] = .string(value) }
        if !group.children.isEmpty { object["children"] = .array(group.children.map(json)) }
        return .object(object)
    }
}
