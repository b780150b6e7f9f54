import Foundation
import Messages
import TestSupport
import Testing

@testable import SpecReports

/// A `.streaming` query (what the command's reports use) against one keeping everything: the same bytes from every
/// formatter, and the memory of test cases that ended given back.
@Suite("Streaming query")
struct StreamingQueryTests {
    /// Every formatter of the module, made over `query`.
    static func formatters(_ query: RunQuery) -> [(name: String, output: MemoryOutput, formatter: any ReportFormatter)]
    {
        let makers: [(String, (MemoryOutput) -> any ReportFormatter)] = [
            ("summary", { SummaryFormatter(output: $0, query: query) }),
            ("progress", { ProgressFormatter(output: $0, flushesEachStep: false, query: query) }),
            ("pretty", { PrettyFormatter(output: $0, flushesEachStep: false, query: query) }),
            ("message", { MessageFormatter(output: $0, query: query) }),
            ("json", { CucumberJSONFormatter(output: $0, query: query) }),
            ("canonical json", { CucumberJSONFormatter(output: $0, style: .canonical, query: query) }),
            ("junit", { JUnitFormatter(output: $0, variant: "memory", query: query) }),
            ("html", { HTMLFormatter(output: $0, query: query) }),
            ("markdown", { MarkdownFormatter(output: $0, query: query) }),
            ("rerun", { RerunFormatter(output: $0, query: query) }),
            ("usage", { UsageFormatter(output: $0, query: query) }),
        ]
        return makers.map { name, make in
            let output = MemoryOutput()
            return (name, output, make(output))
        }
    }

    /// Each formatter's report of `envelopes` through a `Reporter` over a query with `retention`, by name.
    static func reports(_ envelopes: [Envelope], retention: RunQuery.Retention) throws -> [String: String] {
        let query = RunQuery(retention: retention)
        let made = formatters(query)
        let reporter = Reporter(query: query, formatters: made.map(\.formatter))
        for envelope in envelopes { try reporter.consume(envelope) }
        try reporter.finish()
        return Dictionary(uniqueKeysWithValues: made.map { ($0.name, $0.output.text) })
    }

    static func expectSameReports(_ envelopes: [Envelope], _ label: String = "") throws {
        let everything = try reports(envelopes, retention: .everything)
        let streaming = try reports(envelopes, retention: .streaming)
        for (name, text) in everything {
            #expect(streaming[name] == text, "\(name) \(label)")
        }
    }

    @Test(
        "every formatter writes the same report from a streaming query",
        .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"),
        arguments: Conformance.cckSamples)
    func sameReportsOfCompatibilityKitStreams(sample: String) throws {
        try Self.expectSameReports(try Conformance.envelopes(sample), "\(sample)")
    }

    @Test("every formatter writes the same report from a streaming query, retries and interruptions included")
    func sameReportsOfBuiltStreams() throws {
        var builder = StreamBuilder()
        builder.scenario("Passing", tags: ["@fast"], [.passed("a step"), .passed("another step")])
        builder.scenario("Failing", [.passed("a step"), .failed("it breaks"), .skipped("not run")])
        builder.scenario("Undefined", [.undefined("a missing step")])
        builder.scenario("Flaky", [.passed("a step")], retried: [[.failed]])
        builder.scenario("Pending", [.pending("a pending step")], beforeHook: .passed)
        try Self.expectSameReports(builder.build(), "finished run")
        builder.scenario("Unfinished", [.passed("a step"), .passed("never finishes")], unfinished: true)
        builder.finished = false
        try Self.expectSameReports(builder.build(), "interrupted run")
    }

    @Test("a streaming query gives back the test cases that ended, and keeps the totals")
    func streamingQueryDropsSettledTestCases() throws {
        var builder = StreamBuilder()
        for index in 0..<20 { builder.scenario("Scenario \(index)", [.passed("a step"), .failed("it breaks")]) }
        let envelopes = builder.build()
        let streaming = RunQuery(retention: .streaming)
        let everything = RunQuery()
        streaming.update(contentsOf: envelopes)
        everything.update(contentsOf: envelopes)
        #expect(everything.attempts.count == 20)
        #expect(everything.pickles.count == 20)
        #expect(streaming.attempts.isEmpty)
        #expect(streaming.countedAttempts.isEmpty)
        #expect(streaming.pickles.isEmpty && streaming.gherkinDocuments.isEmpty)
        #expect(streaming.statistics() == everything.statistics())
        #expect(streaming.stepUseSummary() == everything.stepUseSummary())
    }

    @Test("test cases that start in another order than they were sent are found again")
    func testCasesOutOfOrder() throws {
        var builder = StreamBuilder()
        for index in 0..<6 { builder.scenario("Scenario \(index)", [.passed("a step \(index)")]) }
        let envelopes = builder.build()
        let reversed = StreamBuilder.withExecutionsReversed(envelopes)
        try Self.expectSameReports(reversed, "reversed run")
        let junit = try Self.reports(reversed, retention: .streaming)["junit"] ?? ""
        // The report lists the scenarios in the order they first started: the last one first.
        let first = try #require(junit.range(of: "name=\"Scenario 5 [memory]\""))
        let last = try #require(junit.range(of: "name=\"Scenario 0 [memory]\""))
        #expect(first.lowerBound < last.lowerBound)
    }
}
