import Foundation
import Messages
import SpecKit
import Testing

/// Issue 7: bad input gives a clear status and message, and the run completes.
@Suite struct RunnerBadInputTests {
    static var steps: StepLibrary<TestWorld> {
        var steps = StepLibrary<TestWorld>()
        steps.given("a step") { _ in }
        steps.given("a table with {int} rows:") { (_, count: Int, table: DataTable) in
            try expectEqual(table.rows.count, count, "rows")
            try expectEqual(table.hashes.last?["n"], String(count))
        }
        steps.given("a doc string of {int} bytes:") { (_, count: Int, text: String) in
            try expectEqual(text.utf8.count, count, "bytes")
        }
        return steps
    }

    @Test func `a malformed feature file is reported at file, line and column and the others still run`()
        async throws
    {
        let (summary, envelopes) = try await runFeatures(
            [
                "bad.feature": "Feature: Bad\n  Scenario: S\n    Given a step\nFeature: Again\n",
                "good.feature": "Feature: Good\n  Scenario: S\n    Given a step\n",
            ], steps: Self.steps)
        #expect(!summary.success)
        #expect(summary.parseErrors.count == 1)
        let error = try #require(summary.parseErrors.first)
        #expect(error.uri == "bad.feature")
        #expect(error.line == 4)
        #expect(error.description.hasPrefix("bad.feature:4:1:"))
        #expect(envelopes.typeNames.contains("parseError"))
        #expect(summary.scenarios[.passed] == 1)
    }

    @Test func `a file that is not UTF-8 is a parse error naming its position and the run completes`() async throws {
        let folder = try FeatureFolder(bytes: [
            "latin1.feature": Array("Feature: Caf".utf8) + [0xE9] + Array("\n  Scenario: S\n    Given a step\n".utf8),
            "good.feature": Array("Feature: Good\n  Scenario: S\n    Given a step\n".utf8),
        ])
        defer { folder.remove() }
        var configuration = RunConfiguration()
        configuration.uriBase = folder.url.path
        let runner = SpecRunner(library: Self.steps, configuration: configuration) { _ in TestWorld() }
        let summary = try await runner.run(paths: [folder.url.path], sink: MessageCollector())
        #expect(!summary.success)
        let error = try #require(summary.parseErrors.first)
        #expect(error.uri == "latin1.feature")
        #expect(error.line == 1)
        #expect(error.column == 13)
        #expect(summary.scenarios[.passed] == 1)
    }

    @Test func `a data table of 100,000 rows reaches its step`() async throws {
        let rows = (1...100_000).map { "      | \($0) |\n" }.joined()
        let feature = "Feature: F\n  Scenario: S\n    Given a table with 100000 rows:\n      | n |\n" + rows
        let (summary, _) = try await runFeature(feature, steps: Self.steps)
        #expect(summary.success)
    }

    @Test func `a doc string of 10 MB reaches its step`() async throws {
        let line = String(repeating: "x", count: 1023) + "\n"
        let content = String(repeating: line, count: 10 * 1024).dropLast()
        let indented = content.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n")
        let feature =
            "Feature: F\n  Scenario: S\n    Given a doc string of \(content.utf8.count) bytes:\n      \"\"\"\n"
            + indented + "\n      \"\"\"\n"
        let (summary, _) = try await runFeature(feature, steps: Self.steps)
        #expect(summary.success)
    }

    @Test func `a scenario with 1,000 tags runs and a tag expression selects it`() async throws {
        let tags = (1...1000).map { "@tag\($0)" }.joined(separator: " ")
        let feature = "Feature: F\n  \(tags)\n  Scenario: S\n    Given a step\n"
        let (summary, envelopes) = try await runFeature(feature, steps: Self.steps) {
            $0.tagExpressions = ["@tag1000 and not @tag1001"]
        }
        #expect(summary.success)
        #expect(summary.scenarios[.passed] == 1)
        let pickle = envelopes.compactMap { envelope -> Pickle? in
            if case .pickle(let pickle) = envelope { return pickle }
            return nil
        }.first
        #expect(pickle?.tags.count == 1000)
    }

    @Test func `a world that cannot be made fails the scenario with the reason and the run completes`()
        async throws
    {
        struct NoDisk: Error {}
        let folder = try FeatureFolder(["a.feature": "Feature: F\n  Scenario: S\n    Given a step\n"])
        defer { folder.remove() }
        let runner = SpecRunner(library: Self.steps) { _ -> TestWorld in throw NoDisk() }
        let plan = try runner.plan(paths: [folder.url.path])
        let run = try await runner.run(plan.scenarios[0], in: plan)
        #expect(run.failsRun)
        let failing = try #require(run.execution.stepResults.first { $0.status == .failed })
        #expect(failing.message?.contains("cannot make the world") == true)
        #expect(failing.message?.contains("NoDisk") == true)
    }
}
