import Foundation
import Messages
import TestSupport
import Testing

@testable import SpecKit

/// Runs each Cucumber Compatibility Kit sample through the whole-run entry point with the Swift step
/// definitions of `CompatibilityKitSteps`, and compares the message stream with the sample's `.ndjson`, envelope
/// by envelope, after the normalisation described in `CompatibilityKitStream`.
@Suite(
    "Compatibility Kit runs",
    .enabled(if: CompatibilityKitSample.isAvailable, "needs ../shared/conformance/cck beside the package"))
struct CompatibilityKitRunTests {
    /// The samples left out, with the reason: a feature the harness does not have.
    static let leftOut: [String: String] = [
        "test-run-exception":
            "`--error` makes the official fake runner fail outside any step or hook; nothing in a Swift step "
            + "library can cause that"
    ]

    /// Samples that do not pass yet because of an open finding in /work/coord/cck-findings.md (the runner's);
    /// each is a known issue until the finding is fixed, then it leaves this list.
    static let openFindings: [String: String] = [:]

    /// Every sample with a stream, except those left out.
    static let samples: [String] = CompatibilityKitSample.all.filter { leftOut[$0] == nil }

    /// The samples issue 8 requires to pass.
    static let required = [
        "minimal", "backgrounds", "data-tables", "doc-strings", "examples-tables", "examples-tables-undefined",
        "rules", "rules-backgrounds", "markdown", "undefined", "undefined-multiple", "pending", "skipped", "ambiguous",
        "all-statuses", "hooks", "hooks-conditional", "hooks-named", "global-hooks", "parameter-types",
        "unknown-parameter-type", "regular-expression", "retry", "empty", "multiple-features", "unused-steps", "cdata",
    ]

    @Test("every required sample is run")
    func requiredSamplesRun() {
        for name in Self.required {
            #expect(Self.samples.contains(name), "the required sample \(name) is not run")
        }
    }

    @Test("every sample is run or left out with a reason")
    func everySampleIsAccountedFor() throws {
        for name in CompatibilityKitSample.all where Self.leftOut[name] == nil {
            let library = try CompatibilityKitSteps.library(
                for: name, folder: CompatibilityKitSample(name: name).folder)
            #expect(library != nil, "no step definitions for the sample \(name)")
        }
        for name in Self.leftOut.keys {
            #expect(CompatibilityKitSample.all.contains(name), "\(name) is left out but is not a sample")
        }
    }

    @Test("the runner's message stream equals the sample's", arguments: samples)
    func stream(of name: String) async throws {
        try await Self.expectingOpenFindings(of: name) {
            let sample = CompatibilityKitSample(name: name)
            let runner = try Self.runner(for: sample)
            let messages = MessageCollector()
            _ = try await runner.run(paths: try sample.featureFiles().map(\.path), sink: messages)
            try Self.compare(messages.envelopes, with: sample)
        }
    }

    /// The Swift Testing bridge's way: a plan, the `beforeAll` hooks, each selected scenario run on its own, the
    /// `afterAll` hooks, then one stream, with the run hooks' messages where a whole run emits them.
    @Test("scenarios run one by one make the sample's stream", arguments: samples)
    func streamOfScenariosRunOneByOne(of name: String) async throws {
        try await Self.expectingOpenFindings(of: name) {
            let sample = CompatibilityKitSample(name: name)
            let runner = try Self.runner(for: sample)
            let plan = try runner.plan(paths: try sample.featureFiles().map(\.path))
            let selected = try runner.selectedScenarios(in: plan)
            let beforeAll = await runner.runTestRunHooks(.beforeAll)
            var runs: [ScenarioRun] = []
            if beforeAll.failure == nil {
                for scenario in selected { runs.append(try await runner.run(scenario, in: plan)) }
            }
            let afterAll = await runner.runTestRunHooks(.afterAll)
            let time = Timestamp(seconds: 0, nanos: 0)
            let stream = await runner.stream(
                plan: plan, selected: selected, runs: runs, beforeAll: beforeAll, afterAll: afterAll, startedAt: time,
                finishedAt: time)
            try Self.compare(stream, with: sample)
        }
    }

    /// Runs `body`, as a known issue while the sample has an open finding.
    static func expectingOpenFindings(of name: String, _ body: () async throws -> Void) async throws {
        if let finding = openFindings[name] {
            await withKnownIssue(Comment(rawValue: finding)) { try await body() }
        } else {
            try await body()
        }
    }

    /// A runner with the sample's step definitions and configuration.
    static func runner(for sample: CompatibilityKitSample) throws -> SpecRunner<CCKWorld> {
        let library = try #require(try CompatibilityKitSteps.library(for: sample.name, folder: sample.folder))
        return SpecRunner(library: library, configuration: try configuration(for: sample)) { _ in CCKWorld() }
    }

    /// Records the differences between `envelopes` and the sample's stream, after normalisation.
    static func compare(_ envelopes: [Envelope], with sample: CompatibilityKitSample) throws {
        let stream = try json(envelopes)
        for envelope in stream {
            // Normalised away below: here, each definition must point at its Swift file and line.
            guard let definition = envelope["stepDefinition"] ?? envelope["hook"] ?? envelope["parameterType"]
            else { continue }
            let reference = definition["sourceReference"]
            #expect(reference?["uri"] == .string("SpecKitTests/CompatibilityKitSteps.swift"), "\(definition)")
            #expect(reference?["location"]?["line"].map { $0 != .integer(0) } == true, "\(definition)")
        }
        let actual = CompatibilityKitStream.normalised(stream)
        let expected = CompatibilityKitStream.normalised(try sample.expectedEnvelopes())
        let differences = CompatibilityKitStream.differences(actual: actual, expected: expected)
        if !differences.isEmpty { Issue.record("\(sample.name): \(differences)") }
    }

    /// The configuration the sample's arguments ask for, with reproducible ids and times.
    static func configuration(for sample: CompatibilityKitSample) throws -> RunConfiguration {
        var configuration = RunConfiguration()
        configuration.idStyle = .incrementing
        configuration.clock = .stepping(
            from: Timestamp(seconds: 0, nanos: 0), by: MessageDuration(nanoseconds: 1_000_000))
        configuration.uriBase = sample.folder.path
        var arguments = try sample.arguments()[...]
        while let argument = arguments.popFirst() {
            switch argument {
            case "--retry":
                let count = arguments.popFirst().flatMap { Int($0) }
                configuration.retry = try #require(count, "\(sample.name): --retry needs a count")
            case "--order":
                let order = arguments.popFirst()
                configuration.order = try RunOrder(
                    parsing: try #require(order, "\(sample.name): --order needs a value"))
            default: Issue.record("\(sample.name): the argument \(argument) has no configuration")
            }
        }
        return configuration
    }

    /// The envelopes as JSON values, written by the Messages NDJSON writer.
    static func json(_ envelopes: [Envelope]) throws -> [ConformanceValue] {
        let bytes = NDJSONWriter.encode(envelopes)
        return try bytes.split(separator: UInt8(ascii: "\n")).map { try ConformanceValue(parsing: Data($0)) }
    }
}
