import Foundation
import Messages
import SpecKit
import SpecReports
import Testing

extension SpecSuite {
    /// Ends the run: runs the `afterAll` hooks, then writes every report (NDJSON messages, Cucumber JSON, JUnit,
    /// HTML, Markdown, rerun, usage) of the cases that ran into `reportsDirectory`; with several variants, into
    /// one folder per variant below it (`memory/`, `sqlite/`...), titled and with JUnit names ending in
    /// ` [variant]`. Returns the reports' folder.
    ///
    /// - Throws: `ReportError` naming the file that cannot be written.
    @discardableResult
    public func finish(title: String = "Acceptance specs") async throws -> URL {
        let (runs, startedAt, beforeAll) = state.withLock { state in
            (state.runs, state.startedAt ?? Timestamp.now, state.beforeAll)
        }
        let beforeAllHooks = await beforeAll?.value
        var afterAllHooks: (envelopes: [Envelope], failure: String?) = ([], nil)
        if beforeAll != nil, let lane = laneOrder.first.flatMap({ lanes[$0] }) {
            afterAllHooks = await lane.runner.runTestRunHooks(.afterAll)
            if let failure = afterAllHooks.failure {
                Issue.record(Comment(rawValue: "An afterAll hook failed: \(failure)"))
            }
        }
        let finishedAt = Timestamp.now
        var streams: [[Envelope]] = []
        var names: [String] = []
        let position = Dictionary((specs?.order ?? []).enumerated().map { ($1.pickleId, $0) }) { first, _ in first }
        for (index, variant) in laneOrder.enumerated() {
            guard let lane = lanes[variant], let specs else { continue }
            let ran = runs[variant] ?? []
            guard !ran.isEmpty || index == 0 else { continue }
            let ordered = ran.sorted {
                (position[$0.testCase.pickleId] ?? 0) < (position[$1.testCase.pickleId] ?? 0)
            }
            // The run hooks ran once, with the first variant's runner: their messages go in its stream.
            let isFirst = index == 0
            streams.append(
                await lane.runner.stream(
                    plan: specs.plan, selected: specs.order, runs: ordered,
                    beforeAll: isFirst ? beforeAllHooks ?? ([], nil) : ([], nil),
                    afterAll: isFirst ? afterAllHooks : ([], nil), startedAt: startedAt, finishedAt: finishedAt,
                    strayIssues: strayIssues.collected))
            names.append(variant)
        }
        guard laneOrder.count > 1 else {
            var reports = ReportDirectory(
                directory: reportsDirectory, title: title, tagLinks: tagLinks,
                historyFile: reportsDirectory.appendingPathComponent("history.json"))
            reports.environment = reportEnvironment
            reports.categories = categories
            reports.verdict = configuration.verdict
            let warnings = try reports.write(streams.first ?? [])
            for warning in warnings { Issue.record(Comment(rawValue: warning), severity: .warning) }
            return reportsDirectory
        }
        // One folder per variant, as `--store all` writes them: each report counts and names its variant's runs.
        ReportDirectory(directory: reportsDirectory).removeReportFiles()
        for (stream, variant) in zip(streams, names) {
            let folder = reportsDirectory.appendingPathComponent(variant, isDirectory: true)
            var reports = ReportDirectory(
                directory: folder, title: "\(title) [\(variant)]", variant: variant,
                tagLinks: tagLinks, historyFile: folder.appendingPathComponent("history.json"))
            reports.environment = reportEnvironment
            reports.categories = categories
            reports.verdict = configuration.verdict
            let warnings = try reports.write(stream)
            for warning in warnings { Issue.record(Comment(rawValue: warning), severity: .warning) }
        }
        return reportsDirectory
    }
}

/// A suite trait that writes a spec suite's reports when the suite's tests are done: put it on the suite whose
/// test runs the suite's cases.
///
/// ```swift
/// @Suite(.specReports(specs)) struct FeedSpecsTests { ... }
/// ```
public struct SpecReportsTrait<World: Actor>: SuiteTrait, TestScoping {
    /// The suite whose reports are written.
    public let suite: SpecSuite<World>
    /// The title of the HTML and Markdown reports.
    public let title: String

    /// Runs the suite's tests, then `suite.finish(title:)`; a report that cannot be written is a recorded issue.
    /// The previous run's reports are removed first: a run that dies before it writes its own (a crashing step ends
    /// the test process) leaves none that would read as its own.
    ///
    /// While the tests run, an issue recorded off every test's task (on a `Thread`, in a detached `Task`, in a
    /// world's `deinit`), which Swift Testing hands to every configuration in the process, reaches this suite once:
    /// the one step running takes it (`RunningTestCases`), or else the suite's run (its `testRunFinished` fails in
    /// the reports). Swift Testing still shows it, once, as an issue of no test.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        ReportDirectory(directory: suite.reportsDirectory).removeReportFiles()
        if suite.laneOrder.count > 1 {
            for variant in suite.laneOrder {
                let folder = suite.reportsDirectory.appendingPathComponent(variant, isDirectory: true)
                ReportDirectory(directory: folder).removeReportFiles()
            }
        }
        RunningTestCases.shared.runStarted(suite.strayIssues)
        suite.catchesOffTaskIssues.withLock { $0 = true }
        let offTask = IssueHandlingTrait.compactMapIssues { issue in
            // On a test's task, an issue is that test's (a scenario's own handler has seen it): passed on.
            guard Test.current == nil else { return issue }
            if issue.severity == .error { _ = RunningTestCases.shared.record(SpecSuite<World>.recordedIssue(issue)) }
            // Swift Testing gave its own configuration a copy of it too, which shows it: not passed on twice.
            return nil
        }
        do {
            defer {
                suite.catchesOffTaskIssues.withLock { $0 = false }
                RunningTestCases.shared.runEnded(suite.strayIssues)
            }
            try await offTask.provideScope(for: test, testCase: testCase, performing: function)
        }
        do {
            try await suite.finish(title: title)
        } catch {
            Issue.record(error, "The spec reports cannot be written to \(suite.reportsDirectory.path)")
        }
    }
}

extension Trait {
    /// Writes the reports of `suite` into its `reportsDirectory` after the suite's tests
    /// (`.build/spec-reports/` by default, or `$SPECKIT_REPORTS`).
    public static func specReports<World: Actor>(_ suite: SpecSuite<World>, title: String = "Acceptance specs")
        -> Self where Self == SpecReportsTrait<World>
    {
        SpecReportsTrait(suite: suite, title: title)
    }
}
