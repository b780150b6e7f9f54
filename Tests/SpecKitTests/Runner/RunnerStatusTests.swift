import Foundation
import Messages
import SpecKit
import Testing

@Suite struct RunnerStatusTests {
    static let cukes = """
        Feature: Cukes
          Scenario: Eating
            Given I have 3 cukes
            When I eat 1 cuke
            Then I have 2 cukes left
        """

    static func library(eatenMakesItWrong: Bool = false) -> StepLibrary<TestWorld> {
        var steps = StepLibrary<TestWorld>()
        steps.given("I have {int} cukes") { (world, count: Int) in world.number = count }
        steps.when("I eat {int} cuke(s)") { (world, count: Int) in
            world.number -= eatenMakesItWrong ? count + 1 : count
        }
        steps.then("I have {int} cukes left") { (world, count: Int) in
            try expectEqual(world.number, count, "cukes left")
        }
        return steps
    }

    @Test func `a passing scenario emits the full message stream in order`() async throws {
        let (summary, envelopes) = try await runFeature(Self.cukes, steps: Self.library())
        #expect(summary.success)
        #expect(summary.scenarios[.passed] == 1)
        #expect(summary.steps[.passed] == 3)
        #expect(
            envelopes.typeNames == [
                "meta", "source", "gherkinDocument", "pickle", "stepDefinition", "stepDefinition", "stepDefinition",
                "testRunStarted", "testCase", "testCaseStarted", "testStepStarted", "testStepFinished",
                "testStepStarted", "testStepFinished", "testStepStarted", "testStepFinished", "testCaseFinished",
                "testRunFinished",
            ])
        #expect(envelopes.testRunFinished?.success == true)
    }

    @Test func `a failing assertion fails its step with expected and actual and skips the rest`() async throws {
        let feature = Self.cukes + "\n    And I have 2 cukes left\n"
        let (summary, envelopes) = try await runFeature(feature, steps: Self.library(eatenMakesItWrong: true))
        #expect(!summary.success)
        #expect(envelopes.stepStatuses == [.passed, .passed, .failed, .skipped])
        #expect(envelopes.stepResults[2].message == "cukes left: expected 2, got 1")
        let failing = try #require(envelopes.failingResult)
        #expect(failing.exception?.type == "StepFailure")
        let frame = try #require(failing.exception?.frames.first)
        #expect(frame.file == "SpecKitTests/RunnerStatusTests.swift")
        #expect(frame.line > 0 && frame.column != nil)
        #expect(failing.exception?.stackTrace == "at \(frame)")
    }

    @Test func `an undefined step gets a Swift snippet, a suggestion message and did-you-mean`() async throws {
        let feature = """
            Feature: Cukes
              Scenario: Typo
                Given I have 3 cukez
                When I eat 1 cuke
            """
        let (summary, envelopes) = try await runFeature(feature, steps: Self.library())
        #expect(!summary.success)
        #expect(envelopes.stepStatuses == [.undefined, .skipped])
        let suggestion = try #require(
            envelopes.compactMap { envelope -> Suggestion? in
                if case .suggestion(let suggestion) = envelope { return suggestion }
                return nil
            }.first)
        #expect(suggestion.snippets.first?.language == "swift")
        #expect(
            suggestion.snippets.first?.code
                == "steps.given(\"I have {int} cukez\") { (world, int: Int) in\n    throw Pending()\n}")
        #expect(envelopes.failingResult?.message == nil)
        #expect(envelopes.suggestions.count == 1)
    }

    @Test func `an ambiguous step lists every matching definition with its file and line`() async throws {
        var steps = StepLibrary<TestWorld>()
        steps.given("I have {int} cukes") { (_, _: Int) in }
        steps.given("I have {word} cukes") { (_, _: String) in }
        let feature = "Feature: F\n  Scenario: S\n    Given I have 3 cukes\n"
        let (summary, envelopes) = try await runFeature(feature, steps: steps)
        #expect(envelopes.stepStatuses == [.ambiguous])
        let definitions = envelopes.compactMap { envelope -> String? in
            if case .stepDefinition(let definition) = envelope { return definition.id }
            return nil
        }
        let testStep = try #require(
            envelopes.compactMap { envelope -> TestStep? in
                if case .testCase(let testCase) = envelope { return testCase.testSteps.first }
                return nil
            }.first)
        #expect(testStep.stepDefinitionIds == definitions)
        #expect(!summary.success)
    }

    @Test(arguments: [
        ("pending", TestStepResultStatus.pending, false),
        ("skipped", TestStepResultStatus.skipped, true),
    ])
    func `pending and skipped steps take their status and skip the rest`(
        name: String, status: TestStepResultStatus, succeeds: Bool
    ) async throws {
        var steps = StepLibrary<TestWorld>()
        steps.given("a pending step") { _ in throw Pending() }
        steps.given("a skipped step") { _ in throw Skipped() }
        steps.given("a passing step") { _ in }
        let feature = "Feature: F\n  Scenario: S\n    Given a \(name) step\n    And a passing step\n"
        let (summary, envelopes) = try await runFeature(feature, steps: steps)
        #expect(envelopes.stepStatuses == [status, .skipped])
        #expect(summary.scenarios[status] == 1)
        #expect(summary.success == succeeds)
    }

    @Test func `a step throwing another error fails with the error's type and description`() async throws {
        struct DiskFull: Error, CustomStringConvertible {
            var description: String { "the disk is full" }
        }
        var steps = StepLibrary<TestWorld>()
        steps.given("the disk fills up") { _ in throw DiskFull() }
        let (summary, envelopes) = try await runFeature(
            "Feature: F\n  Scenario: S\n    Given the disk fills up\n", steps: steps)
        let result = try #require(envelopes.stepResults.first)
        #expect(result.status == .failed)
        #expect(result.message == "the disk is full")
        #expect(result.exception?.type.hasSuffix("DiskFull") == true)
        #expect(result.exception?.frames.first?.file == "SpecKitTests/RunnerStatusTests.swift")
        #expect(!summary.success)
    }

    @Test func `undefined steps in work-in-progress scenarios do not fail the run`() async throws {
        let feature = "Feature: F\n  @wip\n  Scenario: S\n    Given something nobody wrote\n"
        let (summary, _) = try await runFeature(feature, steps: StepLibrary())
        #expect(summary.scenarios[.undefined] == 1)
        #expect(summary.success)
    }

    @Test func `without strict, undefined and pending steps do not fail the run`() async throws {
        let feature = "Feature: F\n  Scenario: S\n    Given something nobody wrote\n"
        let (summary, _) = try await runFeature(feature, steps: StepLibrary()) { $0.strict = false }
        #expect(summary.success)
    }

    @Test func `a dry run matches steps without running them`() async throws {
        let log = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.given("a step") { _ in log.append("ran") }
        let feature = "Feature: F\n  Scenario: S\n    Given a step\n    And an undefined one\n"
        let (summary, envelopes) = try await runFeature(feature, steps: steps) { $0.dryRun = true }
        #expect(envelopes.stepStatuses == [.skipped, .undefined])
        #expect(log.entries.isEmpty)
        #expect(!summary.success)
    }

    @Test func `a data table and a doc string reach the step as trailing arguments`() async throws {
        let log = RunLog()
        var steps = StepLibrary<TestWorld>()
        steps.given("these images:") { (_, table: DataTable) in
            log.append(table.hashes.map { $0["name"] ?? "?" }.joined(separator: ","))
        }
        steps.given("the payload:") { (_, body: DocString) in
            log.append("\(body.mediaType ?? "none"):\(body.content)")
        }
        steps.given("the text:") { (_, text: String) in log.append(text) }
        let feature = """
            Feature: F
              Scenario: S
                Given these images:
                  | name | size |
                  | a    | 1    |
                  | b    | 2    |
                And the payload:
                  ```json
                  {}
                  ```
                And the text:
                  \"\"\"
                  hello
                  \"\"\"
            """
        let (summary, _) = try await runFeature(feature, steps: steps)
        #expect(summary.success)
        #expect(log.entries == ["a,b", "json:{}", "hello"])
    }

    @Test func `a closure whose argument type does not fit is reported with both types and fails its steps`()
        async throws
    {
        var steps = StepLibrary<TestWorld>()
        steps.given("I have {int} cukes") { (_, _: String) in }
        let problems = steps.problems()
        #expect(problems.count == 1)
        #expect(problems.first?.description.contains("RunnerStatusTests.swift:") == true)
        #expect(problems.first?.message.contains("String") == true)
        #expect(problems.first?.message.contains("Int") == true)
        let (summary, envelopes) = try await runFeature(
            "Feature: F\n  Scenario: S\n    Given I have 3 cukes\n", steps: steps)
        #expect(envelopes.stepStatuses == [.failed])
        #expect(!summary.success)
    }

    @Test func `an unknown parameter type emits undefinedParameterType and leaves its steps undefined`() async throws {
        var steps = StepLibrary<TestWorld>()
        steps.given("{airport} is closed") { (_, _: String) in }
        let (summary, envelopes) = try await runFeature(
            "Feature: F\n  Scenario: S\n    Given CDG is closed\n", steps: steps)
        #expect(envelopes.typeNames.contains("undefinedParameterType"))
        #expect(!envelopes.typeNames.contains("stepDefinition"))
        #expect(envelopes.stepStatuses == [.undefined])
        #expect(!summary.success)
    }

    @Test func `an invalid expression is reported with the caret message and the definition's line`() {
        var steps = StepLibrary<TestWorld>()
        steps.given("I have {int cukes") { _ in }
        let problem = steps.problems().first
        #expect(problem?.kind == .invalidExpression)
        #expect(problem?.message.contains("^") == true)
        #expect(problem?.location.fileID.hasSuffix("RunnerStatusTests.swift") == true)
    }
}
