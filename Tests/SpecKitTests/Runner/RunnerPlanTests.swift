import Foundation
import Gherkin
import Messages
import SpecKit
import Testing

@Suite struct RunnerPlanTests {
    static let features = [
        "a.feature": """
        @cache
        Feature: Cache
          Scenario: Expired cache
            Given a step
          @slow
          Scenario: Old cache
            Given a step
          Scenario Outline: Sizes <n>
            Given a step
            Examples:
              | n |
              | 1 |
              | 2 |
        """,
        "b.feature": """
        Feature: Remote
          Rule: Online
            Scenario: Loads
              Given a step
        """,
    ]

    static var steps: StepLibrary<TestWorld> {
        var steps = StepLibrary<TestWorld>()
        steps.given("a step") { _ in }
        return steps
    }

    static func selected(_ configure: (inout RunConfiguration) throws -> Void) throws -> [String] {
        let folder = try FeatureFolder(features)
        defer { folder.remove() }
        var configuration = RunConfiguration()
        configuration.uriBase = folder.url.path
        try configure(&configuration)
        let runner = SpecRunner(library: steps, configuration: configuration) { _ in TestWorld() }
        let plan = try runner.plan(paths: [folder.url.path])
        return try runner.selectedScenarios(in: plan).map(\.name)
    }

    @Test func `a plan lists every scenario with its feature, rule, line and tags`() throws {
        let folder = try FeatureFolder(Self.features)
        defer { folder.remove() }
        let plan = try SpecPlan.load(paths: [folder.url.path], uriBase: folder.url.path)
        #expect(plan.scenarios.map(\.name) == ["Expired cache", "Old cache", "Sizes 1", "Sizes 2", "Loads"])
        #expect(plan.scenarios.map(\.uri) == ["a.feature", "a.feature", "a.feature", "a.feature", "b.feature"])
        #expect(plan.scenarios[2].line == 12)
        #expect(plan.scenarios[1].tags == ["@cache", "@slow"])
        #expect(plan.scenarios[4].ruleName == "Online")
        #expect(plan.scenarios[4].displayName == "Remote › Online › Loads")
    }

    @Test func `tag expressions, name patterns and line filters select scenarios`() throws {
        #expect(
            try Self.selected { $0.tagExpressions = ["@cache and not @slow"] } == [
                "Expired cache", "Sizes 1", "Sizes 2",
            ])
        #expect(try Self.selected { $0.namePatterns = ["^Sizes"] } == ["Sizes 1", "Sizes 2"])
        #expect(
            try Self.selected { $0.lineFilters = [try LineFilter(parsing: "a.feature:6:13")] } == [
                "Old cache", "Sizes 2",
            ])
        #expect(
            try Self.selected { $0.lineFilters = [try LineFilter(parsing: "a.feature:8")] } == [
                "Sizes 1", "Sizes 2",
            ])
    }

    @Test func `shards split the scenarios without overlap, the same way every time`() throws {
        let all = try Self.selected { _ in }
        let shards = try (1...3).map { index in
            try Self.selected { $0.shard = try Shard(index: index, count: 3) }
        }
        #expect(shards.flatMap { $0 }.sorted() == all.sorted())
        #expect(try Self.selected { $0.shard = try Shard(parsing: "2/3") } == shards[1])
        #expect(Shard.number(uri: "a.feature", line: 3, count: 3) == Shard.number(uri: "a.feature", line: 3, count: 3))
    }

    @Test func `a random order with a seed is the same on every run`() throws {
        let first = try Self.selected { $0.order = .random(seed: 7) }
        let second = try Self.selected { $0.order = try RunOrder(parsing: "random:7") }
        #expect(first == second)
        #expect(first.sorted() == (try Self.selected { _ in }).sorted())
        #expect(try Self.selected { $0.order = .reverse } == (try Self.selected { _ in }).reversed())
    }

    @Test(arguments: ["@cache and", "((", "2/1", "x", "random:abc"])
    func `bad configuration values are clear errors`(value: String) throws {
        #expect(throws: SpecRunError.self) {
            switch value {
            case "@cache and": _ = try Self.selected { $0.tagExpressions = [value] }
            case "((": _ = try Self.selected { $0.namePatterns = [value] }
            case "2/1": _ = try Shard(parsing: value)
            case "x": _ = try Self.selected { $0.parallel = 0 }
            default: _ = try RunOrder(parsing: value)
            }
        }
    }

    @Test func `one scenario runs on its own with its messages as its result`() async throws {
        let folder = try FeatureFolder(["c.feature": "Feature: F\n  Scenario: S\n    Given a step\n    And a typo\n"])
        defer { folder.remove() }
        var configuration = RunConfiguration()
        configuration.uriBase = folder.url.path
        let runner = SpecRunner(library: Self.steps, configuration: configuration) { _ in TestWorld() }
        let plan = try runner.plan(paths: [folder.url.path])
        let run = try await runner.run(plan.scenarios[0], in: plan)
        #expect(run.failsRun)
        #expect(run.execution.stepStatuses == [.passed, .undefined])
        #expect(run.testCase.pickleId == plan.scenarios[0].pickleId)
        #expect(run.execution.suggestions.first?.snippets.first?.code.contains("steps.given(\"a typo\")") == true)
        #expect(run.envelopes.first?.typeName == "testCase")
        #expect(run.envelopes.last?.typeName == "testCaseFinished")
        let stream = await runner.stream(
            plan: plan, selected: plan.scenarios, runs: [run], beforeAll: ([], nil), afterAll: ([], nil),
            startedAt: Timestamp(seconds: 0, nanos: 0), finishedAt: Timestamp(seconds: 1, nanos: 0))
        #expect(stream.first?.typeName == "meta")
        #expect(stream.last?.typeName == "testRunFinished")
        #expect(stream.testRunFinished?.success == false)
        #expect(stream.contains { $0.typeName == "stepDefinition" })
    }

    @Test func `scenarios run one by one can run concurrently`() async throws {
        let folder = try FeatureFolder(Self.features)
        defer { folder.remove() }
        let runner = SpecRunner(library: Self.steps) { _ in TestWorld() }
        let plan = try runner.plan(paths: [folder.url.path])
        let failing = try await withThrowingTaskGroup(of: Bool.self) { group in
            for scenario in plan.scenarios { group.addTask { try await runner.run(scenario, in: plan).failsRun } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(failing == Array(repeating: false, count: plan.scenarios.count))
    }

    @Test func `a missing specs folder is an error naming the path`() async throws {
        let runner = SpecRunner(library: Self.steps) { _ in TestWorld() }
        do {
            _ = try await runner.run(paths: ["/nonexistent/Specs"], sink: MessageCollector())
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .missingPath)
            #expect(error.message.contains("/nonexistent/Specs"))
        }
    }

    @Test func `a plan of many files draws its ids in file order, as one file after another would`() throws {
        var files: [String: String] = [:]
        for number in 0..<40 {
            let name = "f\(String(format: "%02d", number)).feature"
            files[name] = "Feature: F\(number)\n  Scenario: S\n    Given a step\n  Scenario: T\n    Given a step\n"
        }
        let folder = try FeatureFolder(files)
        defer { folder.remove() }
        let plan = try SpecPlan.load(paths: [folder.url.path], uriBase: folder.url.path)
        #expect(plan.documents.map(\.uri) == files.keys.sorted())
        var oneByOne = IncrementingIdGenerator()
        for document in plan.documents {
            let text = try #require(files[document.uri])
            let again = Gherkin.parse(uri: document.uri, data: Data(text.utf8), idGenerator: &oneByOne)
            #expect(again.pickles.map(\.id) == document.result.pickles.map(\.id))
            #expect(again.pickles.flatMap(\.steps).map(\.id) == document.result.pickles.flatMap(\.steps).map(\.id))
        }
        #expect(plan.scenarios.count == 80)
    }

    @Test func `an unreadable file among many is an error naming it`() throws {
        var files: [String: String] = [:]
        for number in 0..<5 { files["f\(number).feature"] = "Feature: F\n  Scenario: S\n    Given a step\n" }
        let folder = try FeatureFolder(files)
        defer { folder.remove() }
        // A folder named like a feature file cannot be read as one.
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("f2b.feature"), withIntermediateDirectories: false)
        #expect {
            _ = try SpecPlan.load(paths: [folder.url.path], uriBase: folder.url.path)
        } throws: { error in
            guard let error = error as? SpecRunError else { return false }
            return error.kind == .unreadable && error.message.contains("f2b.feature")
        }
    }
}
