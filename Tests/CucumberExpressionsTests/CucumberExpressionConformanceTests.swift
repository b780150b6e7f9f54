import Foundation
import TestSupport
import Testing

@testable import CucumberExpressions

private struct MatchingCase: Decodable {
    let name: String
    let expression: String
    let text: String?
    let expectedArgs: ConformanceValue?
    let exception: String?
}

private struct ParserCase: Decodable {
    let name: String
    let expression: String
    let expectedAst: AstNode?
    let exception: String?
}

private struct AstNode: Decodable, Equatable, CustomStringConvertible {
    let type: String
    let start: Int
    let end: Int
    let token: String?
    let nodes: [AstNode]?

    init(type: String, start: Int, end: Int, token: String?, nodes: [AstNode]?) {
        self.type = type
        self.start = start
        self.end = end
        self.token = token
        self.nodes = nodes
    }

    init(_ node: ExpressionNode) {
        self.init(
            type: node.kind.rawValue, start: node.start, end: node.end,
            token: node.kind == .text ? node.token : nil,
            nodes: node.kind == .text ? nil : node.nodes.map(AstNode.init))
    }

    var description: String {
        let inner = token.map { "\"\($0)\"" } ?? "[" + (nodes ?? []).map(\.description).joined(separator: ", ") + "]"
        return "\(type)(\(start)-\(end) \(inner))"
    }
}

private struct TokenizerCase: Decodable {
    let name: String
    let expression: String
    let expectedTokens: [TokenJSON]?
    let exception: String?
}

private struct TokenJSON: Decodable, Equatable {
    let type: String
    let start: Int
    let end: Int
    let text: String
}

private struct TransformationCase: Decodable {
    let name: String
    let expression: String
    let expectedRegex: String
}

private enum Data {
    static let matching = Conformance.load("cucumber-expressions/matching.json", as: [MatchingCase].self)
    static let parser = Conformance.load("cucumber-expressions/parser.json", as: [ParserCase].self)
    static let tokenizer = Conformance.load("cucumber-expressions/tokenizer.json", as: [TokenizerCase].self)
    static let transformation = Conformance.load(
        "cucumber-expressions/transformation.json", as: [TransformationCase].self)
    static let regularExpressionMatching = Conformance.load(
        "cucumber-expressions/regular-expression-matching.json", as: [MatchingCase].self)
}

/// Compares a transformed Swift value with a JSON value by value.
func valueEquals(_ actual: any Sendable, _ expected: ConformanceValue) -> Bool {
    switch (actual, expected) {
    case (let value as Int, .integer(let number)): return Int64(value) == number
    case (let value as Int8, .integer(let number)): return Int64(value) == number
    case (let value as Int16, .integer(let number)): return Int64(value) == number
    case (let value as Int64, .integer(let number)): return value == number
    case (let value as Float, .number(let number)): return value == Float(number)
    case (let value as Float, .integer(let number)): return value == Float(number)
    case (let value as Double, .number(let number)): return value == number
    case (let value as Double, .integer(let number)): return value == Double(number)
    case (let value as String, .string(let text)): return value == text
    case (let value as BigInteger, .string(let text)): return value.description == text
    case (let value as BigDecimal, .string(let text)): return value.description == text
    case (let value as String?, .null): return value == nil
    default: return false
    }
}

@Suite(
    "Cucumber Expressions conformance",
    .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"))
struct CucumberExpressionConformanceTests {
    @Test("matching.json", arguments: Data.matching.map(\.name))
    func matching(name: String) throws {
        let testCase = try #require(Data.matching.first { $0.name == name })
        let registry = ParameterTypeRegistry()
        if let exception = testCase.exception {
            let error = #expect(throws: CucumberExpressionError.self) {
                let expression = try CucumberExpression(testCase.expression, registry: registry)
                _ = try expression.match(testCase.text ?? "")
            }
            #expect(error?.message == exception)
            return
        }
        let expression = try CucumberExpression(testCase.expression, registry: registry)
        let arguments = try expression.match(try #require(testCase.text))
        guard case .array(let expected) = testCase.expectedArgs else {
            #expect(arguments == nil, "expected no match")
            return
        }
        let actual = try #require(arguments, "expected a match")
        #expect(actual.count == expected.count)
        for (argument, expectedValue) in zip(actual, expected) {
            let value = try argument.value()
            #expect(valueEquals(value, expectedValue), "\(value) is not \(expectedValue)")
        }
    }

    @Test("parser.json", arguments: Data.parser.map(\.name))
    func parser(name: String) throws {
        let testCase = try #require(Data.parser.first { $0.name == name })
        if let exception = testCase.exception {
            let error = #expect(throws: CucumberExpressionError.self) {
                _ = try CucumberExpressionParser.parse(testCase.expression)
            }
            #expect(error?.message == exception)
            return
        }
        let ast = try CucumberExpressionParser.parse(testCase.expression)
        #expect(AstNode(ast) == testCase.expectedAst)
    }

    @Test("tokenizer.json", arguments: Data.tokenizer.map(\.name))
    func tokenizer(name: String) throws {
        let testCase = try #require(Data.tokenizer.first { $0.name == name })
        if let exception = testCase.exception {
            let error = #expect(throws: CucumberExpressionError.self) {
                _ = try tokenizeCucumberExpression(testCase.expression)
            }
            #expect(error?.message == exception)
            return
        }
        let tokens = try tokenizeCucumberExpression(testCase.expression).map {
            TokenJSON(type: $0.kind.rawValue, start: $0.start, end: $0.end, text: $0.text)
        }
        #expect(tokens == testCase.expectedTokens)
    }

    @Test("transformation.json", arguments: Data.transformation.map(\.name))
    func transformation(name: String) throws {
        let testCase = try #require(Data.transformation.first { $0.name == name })
        let expression = try CucumberExpression(testCase.expression, registry: ParameterTypeRegistry())
        #expect(expression.regexPattern == testCase.expectedRegex)
    }

    @Test("regular-expression-matching.json", arguments: Data.regularExpressionMatching.map(\.name))
    func regularExpressionMatching(name: String) throws {
        let testCase = try #require(Data.regularExpressionMatching.first { $0.name == name })
        let expression = try RegularExpression(testCase.expression, registry: ParameterTypeRegistry())
        let text = try #require(testCase.text)
        let arguments = try #require(try expression.match(text))
        guard case .array(let expected) = testCase.expectedArgs else {
            Issue.record("the case expects no match")
            return
        }
        #expect(arguments.count == expected.count)
        for (argument, expectedValue) in zip(arguments, expected) {
            let value = try argument.value()
            #expect(valueEquals(value, expectedValue), "\(value) is not \(expectedValue)")
        }
    }
}
