import Foundation
import Messages
import SpecKit
import Testing

/// What a new user writes first: floats, parameter types defined without `try`, and Swift Testing's `#require`.
@Suite struct StepLibraryAdoptionTests {
    @Test(arguments: ["2.97", "-0.5", "1.5E+3"])
    func `a {float} parameter is given as a Double or, if the step says so, a Float`(text: String) async throws {
        let seen = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.given("a double {float}") { (_, value: Double) in seen.append("double \(value)") }
        steps.given("a float {float}") { (_, value: Float) in seen.append("float \(value)") }
        let (summary, _) = try await runFeature(
            "Feature: F\n  Scenario: S\n    Given a double \(text)\n    And a float \(text)\n", steps: steps)
        #expect(summary.success)
        #expect(seen.entries == ["double \(Double(text)!)", "float \(Float(text)!)"])
    }

    @Test func `a parameter type is defined without try, and its mistakes are problems at their own line`() {
        var steps = StepLibrary<TestWorld>()
        let badLine = #line + 1
        steps.define(parameterType: "money", regexp: "(unclosed") { values in values[0] ?? "" }
        let duplicateLine = #line + 1
        steps.define(parameterType: "int", regexp: "\\d+") { values in values[0] ?? "" }
        steps.define(parameterType: "colour", regexp: "red|green") { values in values[0] ?? "" }
        let problems = steps.problems()
        #expect(problems.map(\.location.line) == [badLine, duplicateLine])
        #expect(problems.first?.message.contains("{money}") == true)
        #expect(problems.allSatisfy { $0.location.fileID == "SpecKitTests/StepLibraryAdoptionTests.swift" })
    }

    @Test func `a parameter type's transform that throws fails the step with its reason`() async throws {
        var steps = StepLibrary<TestWorld>()
        steps.define(parameterType: "colour", regexp: "[a-z]+") { values -> String in
            guard values[0] == "red" || values[0] == "green" else {
                throw ParameterTransformError(parameterTypeName: "colour", values: values, reason: "not red or green")
            }
            return values[0] ?? ""
        }
        steps.given("the colour {colour}") { (_, colour: String) in _ = colour }
        let (summary, envelopes) = try await runFeature(
            "Feature: F\n  Scenario: S\n    Given the colour blue\n", steps: steps)
        #expect(!summary.success)
        #expect(envelopes.stepResults.first?.message?.contains("not red or green") == true)
    }

    @Test func `a failed #require outside the bridge fails its step with the expectation, not an error dump`()
        async throws
    {
        var steps = StepLibrary<TestWorld>()
        let requireLine = #line + 2
        steps.then("the total is {int}") { (_, total: Int) in
            _ = try #require(total == 3 ? total : nil)
        }
        var outcome: (summary: RunSummary, envelopes: [Envelope])?
        // Swift Testing records the failed #require as an issue of this test too: expected here.
        await withKnownIssue {
            outcome = try await runFeature("Feature: F\n  Scenario: S\n    Then the total is 4\n", steps: steps)
        }
        let result = try #require(outcome?.envelopes.stepResults.first)
        #expect(result.status == .failed)
        #expect(result.exception?.type == "ExpectationFailed")
        let message = try #require(result.message)
        #expect(message.hasPrefix("#require(total == 3 ? total : nil) failed"))
        #expect(message.contains("StepLibraryAdoptionTests.swift:\(requireLine)"))
        #expect(!message.contains("ExpectationFailedError("))
    }

    @Test func `closures of six to nine arguments need no annotation of the world; ten take an isolated world`()
        async throws
    {
        var steps = StepLibrary<TestWorld>()
        steps.given("six {int} {int} {int} {int} {int} {int}") { world, a, b, c, d, e, f in
            world.number = a + b + c + d + e + f
        }
        steps.when(regex: #"^nine (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)$"#) {
            (world, a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int, i: Int) in
            world.number += a + b + c + d + e + f + g + h + i
        }
        steps.then("ten {int} {int} {int} {int} {int} {int} {int} {int} {int} {int}") {
            (world: isolated TestWorld, a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int, i: Int, j: Int)
            in
            try expectEqual(world.number, a + b + c + d + e + f + g + h + i + j)
        }
        #expect(steps.problems().isEmpty)
        let (summary, _) = try await runFeature(
            """
            Feature: F
              Scenario: S
                Given six 1 2 3 4 5 6
                When nine 1 1 1 1 1 1 1 1 1
                Then ten 3 3 3 3 3 3 3 0 0 9
            """, steps: steps)
        #expect(summary.success)
        #expect(summary.steps[.passed] == 3)
    }
}
