import Foundation
import Messages
import SpecKit
import Testing

@testable import SpecKitTesting

/// A world for the bridge's own tests: one number.
actor CounterWorld {
    var value = 0
    func set(_ value: Int) { self.value = value }
}

/// The bridge against small specs written into a temporary folder for each test.
@Suite struct BridgeTests {
    /// A temporary package with `Specs/` holding `files` (name → text).
    final class Sandbox {
        let root: URL
        init(_ files: [String: String]) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-\(UUID().uuidString)")
            let specs = root.appendingPathComponent("Specs")
            try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
            for (name, text) in files {
                try Data(text.utf8).write(to: specs.appendingPathComponent(name))
            }
        }
        deinit { try? FileManager.default.removeItem(at: root) }

        func suite(
            _ environment: [String: String] = [:], failingBeforeAll: Bool = false,
            extraSteps: (inout StepLibrary<CounterWorld>) -> Void = { _ in }
        ) -> SpecSuite<CounterWorld> {
            var steps = StepLibrary<CounterWorld>()
            if failingBeforeAll {
                steps.beforeAll { throw StepFailure("the test server did not start") }
            }
            steps.given("the value is {int}") { (world, value: Int) in world.set(value) }
            steps.then("the value should be {int}") { (world, value: Int) in
                try expectEqual(world.value, value, "the value")
            }
            steps.then("the values should be:") { (world, table: DataTable) in
                for (index, row) in table.rows.enumerated() where row.first != String(world.value) {
                    throw DataTableError(
                        message: "expected \(world.value)", row: index + 1, column: table.header.first,
                        uri: table.uri, location: table.location(row: index + 1, column: 0))
                }
            }
            extraSteps(&steps)
            var environment = environment
            environment["SPECKIT_REPORTS"] = root.appendingPathComponent("reports").path
            return SpecSuite(
                specs: root.appendingPathComponent("Specs"), packageRoot: root, variants: ["a", "b"],
                library: steps, environment: environment
            ) { _, _ in CounterWorld() }
        }
    }

    static let counting = """
        Feature: Counting
          @fast
          Scenario: Setting the value
            Given the value is 3
            Then the value should be 3

          Scenario: A wrong expectation
            Given the value is 3
            Then the value should be 4

          Scenario: An unknown step
            Given the value is 3
            When the value is doubled
        """

    @Test func everyScenarioTimesEveryVariantIsOneNamedCase() throws {
        let sandbox = try Sandbox(["counting.feature": Self.counting])
        let names = sandbox.suite().cases.map(\.name)
        #expect(
            names == [
                "Counting › Setting the value [a]", "Counting › Setting the value [b]",
                "Counting › A wrong expectation [a]", "Counting › A wrong expectation [b]",
                "Counting › An unknown step [a]", "Counting › An unknown step [b]",
            ])
    }

    @Test func tagExpressionFromTheEnvironmentSelectsScenarios() throws {
        let sandbox = try Sandbox(["counting.feature": Self.counting])
        let names = sandbox.suite(["SPECKIT_TAGS": "@fast"]).cases.map(\.name)
        #expect(names == ["Counting › Setting the value [a]", "Counting › Setting the value [b]"])
    }

    @Test func namePatternFromTheEnvironmentSelectsScenarios() throws {
        let sandbox = try Sandbox(["counting.feature": Self.counting])
        let names = sandbox.suite(["SPECKIT_NAME": "unknown"]).cases.map(\.name)
        #expect(names == ["Counting › An unknown step [a]", "Counting › An unknown step [b]"])
    }

    @Test func invalidTagExpressionIsOneFailingCaseNamingIt() throws {
        let sandbox = try Sandbox(["counting.feature": Self.counting])
        let cases = sandbox.suite(["SPECKIT_TAGS": "@fast and"]).cases
        #expect(cases.count == 1)
        #expect(cases.first?.name.contains("@fast and") == true)
    }

    @Test func parseErrorIsAFailingCaseNamingFileLineAndColumnWhileOtherFilesStillRun() async throws {
        let broken = "Feature: Broken\n  Scenario: One\n    Given the value is 1\n    this is not a step\n"
        let sandbox = try Sandbox(["counting.feature": Self.counting, "broken.feature": broken])
        let suite = sandbox.suite()
        let problems = suite.cases.filter {
            if case .parseError = $0.kind { return true }
            return false
        }
        #expect(problems.map(\.name) == ["Specs/broken.feature:4:5: cannot be parsed"])
        #expect(suite.cases.count == 7)
        let problem = try #require(problems.first)
        await withKnownIssue {
            await suite.run(problem)
        } matching: { issue in
            issue.sourceLocation?.line == 4 && issue.sourceLocation?.column == 5
                && issue.sourceLocation?.fileName == "broken.feature"
        }
    }

    private func scenarioCase(_ suite: SpecSuite<CounterWorld>, named name: String) throws -> SpecCase {
        try #require(suite.cases.first { $0.name == name })
    }

    @Test func passingScenarioRecordsNoIssue() async throws {
        let sandbox = try Sandbox(["counting.feature": Self.counting])
        let suite = sandbox.suite()
        await suite.run(try scenarioCase(suite, named: "Counting › Setting the value [a]"))
    }

    @Test func failingStepIsAnIssueAtItsFeatureLineWithTheMessageAndTheSwiftLocation() async throws {
        let sandbox = try Sandbox(["counting.feature": Self.counting])
        let suite = sandbox.suite()
        let spec = try scenarioCase(suite, named: "Counting › A wrong expectation [b]")
        await withKnownIssue {
            await suite.run(spec)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return issue.sourceLocation?.fileName == "counting.feature" && issue.sourceLocation?.line == 9
                && issue.sourceLocation?.column == 5 && text.contains("Then the value should be 4")
                && text.contains("the value: expected 4, got 3") && text.contains("BridgeTests.swift")
        }
    }

    @Test func undefinedStepIsAnIssueShowingItsSnippet() async throws {
        let sandbox = try Sandbox(["counting.feature": Self.counting])
        let suite = sandbox.suite()
        let spec = try scenarioCase(suite, named: "Counting › An unknown step [a]")
        await withKnownIssue {
            await suite.run(spec)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return issue.sourceLocation?.line == 13 && text.contains("Implement it with:")
                && text.contains("the value is doubled")
        }
    }

    @Test func finishWritesTheReportsOfTheCasesThatRan() async throws {
        let sandbox = try Sandbox(["counting.feature": Self.counting])
        let suite = sandbox.suite()
        await suite.run(try scenarioCase(suite, named: "Counting › Setting the value [a]"))
        await suite.run(try scenarioCase(suite, named: "Counting › Setting the value [b]"))
        let folder = try await suite.finish()
        #expect(folder == sandbox.root.appendingPathComponent("reports"))
        // One folder per variant, each counting and naming its own runs.
        for variant in ["a", "b"] {
            let variantFolder = folder.appendingPathComponent(variant)
            let messages = try String(
                contentsOf: variantFolder.appendingPathComponent("cucumber-messages.ndjson"), encoding: .utf8)
            #expect(messages.components(separatedBy: "\"testCaseFinished\"").count - 1 == 1)
            #expect(FileManager.default.fileExists(atPath: variantFolder.appendingPathComponent("report.html").path))
            let junit = try String(contentsOf: variantFolder.appendingPathComponent("junit.xml"), encoding: .utf8)
            #expect(junit.contains("name=\"Setting the value [\(variant)]\""), "\(junit)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("junit.xml").path))
    }

    @Test func `the specs are read once for every variant, and each variant's stream is whole`() async throws {
        let sandbox = try Sandbox(["counting.feature": Self.counting])
        let suite = sandbox.suite()
        await suite.run(try scenarioCase(suite, named: "Counting › Setting the value [a]"))
        await suite.run(try scenarioCase(suite, named: "Counting › Setting the value [b]"))
        let folder = try await suite.finish()
        var documentIds: [[String]] = []
        var allIds: [Set<String>] = []
        for variant in ["a", "b"] {
            let data = try Data(
                contentsOf: folder.appendingPathComponent(variant).appendingPathComponent("cucumber-messages.ndjson"))
            let envelopes = try NDJSONReader().read(data).envelopes
            var ids: [String] = []
            var idsOfVariant = Set<String>()
            for envelope in envelopes {
                switch envelope {
                case .pickle(let pickle): ids.append(pickle.id)
                case .testCase(let testCase): idsOfVariant.insert(testCase.id)
                case .stepDefinition(let definition): idsOfVariant.insert(definition.id)
                default: break
                }
            }
            documentIds.append(ids)
            allIds.append(idsOfVariant)
            // Every id a message refers to is defined in the same stream.
            #expect(envelopes.contains { $0.typeName == "testRunFinished" })
        }
        // One parse: the same pickles (same ids) in both; each variant's own definitions and test cases.
        #expect(documentIds[0] == documentIds[1] && !documentIds[0].isEmpty)
        #expect(allIds[0].isDisjoint(with: allIds[1]))
    }

    @Test func `swift test honours the package's cucumber.json: the default profile, or SPECKIT_PROFILE's`() throws {
        let sandbox = try Sandbox(["counting.feature": Self.counting])
        let profiles = #"{"default": {"tags": "@fast"}, "ci": {"name": ["wrong"]}}"#
        try Data(profiles.utf8).write(to: sandbox.root.appendingPathComponent("cucumber.json"))
        #expect(
            sandbox.suite().cases.map(\.name) == [
                "Counting › Setting the value [a]", "Counting › Setting the value [b]",
            ])
        #expect(
            sandbox.suite(["SPECKIT_PROFILE": "ci"]).cases.map(\.name) == [
                "Counting › A wrong expectation [a]", "Counting › A wrong expectation [b]",
            ])
        let broken = sandbox.suite(["SPECKIT_PROFILE": "nightly"]).cases
        #expect(broken.count == 1)
        #expect(broken.first?.name.contains("cucumber.json") == true, "\(broken)")
        #expect(broken.first?.name.contains("nightly") == true)
    }

    @Test func failingBeforeAllHookFailsEveryScenarioWithItsMessage() async throws {
        let sandbox = try Sandbox(["counting.feature": Self.counting])
        let suite = sandbox.suite(failingBeforeAll: true)
        let spec = try scenarioCase(suite, named: "Counting › Setting the value [a]")
        await withKnownIssue {
            await suite.run(spec)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("the test server did not start")
        }
    }

    @Test func failureNamingALineOfItsTableIsAnIssueAtThatLine() async throws {
        let tables = """
            Feature: Tables
              Scenario: A wrong row
                Given the value is 3
                Then the values should be:
                  | value |
                  | 3     |
                  | 4     |
            """
        let sandbox = try Sandbox(["tables.feature": tables])
        let suite = sandbox.suite()
        let spec = try scenarioCase(suite, named: "Tables › A wrong row [a]")
        await withKnownIssue {
            await suite.run(spec)
        } matching: { issue in
            issue.sourceLocation?.fileName == "tables.feature" && issue.sourceLocation?.line == 7
                && issue.sourceLocation?.column == 9
        }
    }

    static let expecting = """
        Feature: Expecting
          Scenario: A failed expect
            Given the value is 3
            Then the value is 4 by #expect
            And the value should be 3

          Scenario: A failed require
            Given the value is 3
            Then the value is 4 by #require
        """

    private func expectingSuite(_ sandbox: Sandbox) -> SpecSuite<CounterWorld> {
        sandbox.suite { steps in
            steps.then("the value is {int} by #expect") { (world, expected: Int) in
                #expect(world.value == expected)
            }
            steps.then("the value is {int} by #require") { (world, expected: Int) in
                _ = try #require(world.value == expected ? world.value : nil)
            }
        }
    }

    @Test(arguments: [
        ("Expecting › A failed expect [a]", 4, "(world.value → 3) == (expected → 4)"),
        ("Expecting › A failed require [a]", 9, "world.value == expected ? world.value : nil"),
    ])
    func `a failed #expect or #require fails its step, at its feature line with the expectation's text`(
        name: String, line: Int, text: String
    ) async throws {
        let sandbox = try Sandbox(["expecting.feature": Self.expecting])
        let suite = expectingSuite(sandbox)
        let spec = try scenarioCase(suite, named: name)
        await withKnownIssue {
            await suite.run(spec)
        } matching: { issue in
            let comment = issue.comments.map(\.rawValue).joined(separator: "\n")
            return issue.sourceLocation?.fileName == "expecting.feature" && issue.sourceLocation?.line == line
                && comment.contains(text) && comment.contains("BridgeTests.swift")
        }
        let run = try #require(suite.state.value.runs["a"]?.first)
        let statuses = run.execution.compactMap { envelope -> TestStepResultStatus? in
            if case .testStepFinished(let finished) = envelope { return finished.testStepResult.status }
            return nil
        }
        #expect(statuses.contains(.failed))
        // The step after the failed #expect is skipped, as after any failed step.
        if line == 4 { #expect(statuses.last == .skipped) }
    }

    /// Runs the failed `#expect` scenario of `sandbox` (with its `cucumber.json`, if any) and returns the folder of
    /// its reports.
    private func reportsOfAFailedExpect(_ sandbox: Sandbox) async throws -> URL {
        let suite = expectingSuite(sandbox)
        let spec = try scenarioCase(suite, named: "Expecting › A failed expect [a]")
        await withKnownIssue {
            await suite.run(spec)
        }
        return try await suite.finish().appendingPathComponent("a")
    }

    @Test func `the reports show a step failed by #expect as failed`() async throws {
        let sandbox = try Sandbox(["expecting.feature": Self.expecting])
        defer { withExtendedLifetime(sandbox) {} }  // its folder holds the reports read below
        let folder = try await reportsOfAFailedExpect(sandbox)
        let junit = try String(contentsOf: folder.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("failures=\"1\""))
        #expect(junit.contains("type=\"Product defects\"") && junit.contains("ExpectationFailed: "))
    }

    @Test func `swift test's reports take the profile's categories and environment`() async throws {
        let sandbox = try Sandbox(["expecting.feature": Self.expecting])
        let profiles = #"""
            {"default": {"environment": ["device=simulator"],
                         "categories": [{"name": "Expectations", "matchedStatuses": ["failed"]}]}}
            """#
        try Data(profiles.utf8).write(to: sandbox.root.appendingPathComponent("cucumber.json"))
        defer { withExtendedLifetime(sandbox) {} }  // its folder holds the reports read below
        let folder = try await reportsOfAFailedExpect(sandbox)
        let junit = try String(contentsOf: folder.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("<failure type=\"Expectations\""))
        let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("<dt>device</dt><dd>simulator</dd>"))
        #expect(html.contains("<h3 class=\"category\" id=\"category-0\">Expectations"))
    }

    @Test func `a step-library mistake is a case whose issue is at the definition's own line`() async throws {
        let sandbox = try Sandbox(["counting.feature": Self.counting])
        let definitionLine = #line + 3
        let suite = sandbox.suite { steps in
            // The expression gives an Int; the closure takes a String.
            steps.given("a number {int}") { (_, text: String) in _ = text }
        }
        let problem = try #require(
            suite.cases.first {
                if case .problem = $0.kind { return true }
                return false
            })
        guard case .problem(_, let fileID, _, let line) = problem.kind else { return }
        #expect(fileID == "SpecKitTestingTests/BridgeTests.swift")
        #expect(line == definitionLine)
        await withKnownIssue {
            await suite.run(problem)
        } matching: { issue in
            issue.sourceLocation?.fileName == "BridgeTests.swift" && issue.sourceLocation?.line == definitionLine
        }
    }

    @Test func `a suite without variants names its cases without a suffix and finds Specs beside Package.swift`()
        throws
    {
        let sandbox = try Sandbox(["counting.feature": Self.counting])
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: sandbox.root.appendingPathComponent("Package.swift"))
        let testFile = sandbox.root.appendingPathComponent("Tests/CountingTests/CountingTests.swift").path
        var steps = StepLibrary<CounterWorld>()
        steps.given("the value is {int}") { (world, value: Int) in world.set(value) }
        let suite = SpecSuite(library: steps, filePath: testFile, environment: [:]) { _ in CounterWorld() }
        #expect(
            suite.cases.map(\.name).prefix(2) == ["Counting › Setting the value", "Counting › A wrong expectation"])
        #expect(suite.reportsDirectory.path == sandbox.root.appendingPathComponent(".build/spec-reports").path)
    }

    @Test func `the reports trait removes the previous run's reports before the suite runs`() async throws {
        let sandbox = try Sandbox(["counting.feature": Self.counting])
        let suite = sandbox.suite()
        let stale = Data("<testsuite name='STALE'/>".utf8)
        for variant in ["", "a/", "b/"] {
            let folder = suite.reportsDirectory.appendingPathComponent(variant)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try stale.write(to: folder.appendingPathComponent("junit.xml"))
        }
        let trait = SpecReportsTrait(suite: suite, title: "Counting")
        let test = try #require(Test.current)
        // A test process that dies while the suite runs (a crashing step) leaves no report that reads as its run's.
        try await trait.provideScope(for: test, testCase: nil) {
            for variant in ["", "a/", "b/"] {
                let junit = suite.reportsDirectory.appendingPathComponent(variant + "junit.xml")
                #expect(!FileManager.default.fileExists(atPath: junit.path), "\(junit.path) is still there")
            }
        }
    }
}
