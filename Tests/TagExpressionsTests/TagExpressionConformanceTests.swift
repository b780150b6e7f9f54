import TestSupport
import Testing

@testable import TagExpressions

private struct ParsingCase: Decodable {
    let expression: String
    let formatted: String
}

private struct EvaluationCase: Decodable {
    struct Test: Decodable {
        let variables: [String]
        let result: Bool
    }

    let expression: String
    let tests: [Test]
}

private struct ErrorCase: Decodable {
    let expression: String
    let error: String
}

private enum Data {
    static let parsing = Conformance.load("tag-expressions/parsing.json", as: [ParsingCase].self)
    static let evaluations = Conformance.load("tag-expressions/evaluations.json", as: [EvaluationCase].self)
    static let errors = Conformance.load("tag-expressions/errors.json", as: [ErrorCase].self)

    /// One name per evaluation: `#case.test expression with [variables]`.
    static let evaluationNames: [String] = evaluations.enumerated().flatMap { index, evaluation in
        evaluation.tests.indices.map { "#\(index).\($0) \(evaluation.expression)" }
    }

    static func evaluation(named name: String) -> (String, EvaluationCase.Test)? {
        guard let position = evaluationNames.firstIndex(of: name) else { return nil }
        var remaining = position
        for evaluation in evaluations {
            if remaining < evaluation.tests.count { return (evaluation.expression, evaluation.tests[remaining]) }
            remaining -= evaluation.tests.count
        }
        return nil
    }
}

@Suite(
    "Tag expressions conformance",
    .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"))
struct TagExpressionConformanceTests {
    @Test("parsing.json", arguments: Data.parsing.indices.map { "#\($0) \(Data.parsing[$0].expression)" })
    func parsing(name: String) throws {
        let index = try #require(Int(name.dropFirst().prefix { $0 != " " }))
        let testCase = Data.parsing[index]
        let expression = try TagExpression(testCase.expression)
        #expect(expression.description == testCase.formatted)
    }

    @Test("evaluations.json", arguments: Data.evaluationNames)
    func evaluations(name: String) throws {
        let (text, test) = try #require(Data.evaluation(named: name))
        let expression = try TagExpression(text)
        #expect(expression.evaluate(Set(test.variables)) == test.result, "with \(test.variables)")
    }

    @Test("errors.json", arguments: Data.errors.map(\.expression))
    func errors(expression text: String) throws {
        let testCase = try #require(Data.errors.first { $0.expression == text })
        let error = #expect(throws: TagExpressionError.self) { try TagExpression(testCase.expression) }
        #expect(error?.message == testCase.error)
    }
}
