import Foundation
import Messages
import Testing

@testable import SpecReports

/// The kept runs as pictures in the HTML report: scenarios by status per run, each run's duration and what
/// changed in it, and the least stable scenarios and features.
@Suite struct TrendTests {
    static func run(_ statuses: [String: String], milliseconds: Int? = 1200) -> RunHistory.Run {
        RunHistory.Run(
            startedAt: "2026-11-28T05:00:00Z", success: !statuses.values.contains("failed"),
            scenarios: statuses.mapValues { RunHistory.Outcome(status: $0, milliseconds: 10) },
            milliseconds: milliseconds)
    }

    @Test func `stability is how often a scenario passed where it ran, least stable first, features summed`() {
        var history = RunHistory()
        history.append(
            Self.run(["a.feature › One": "passed", "a.feature › Two": "failed", "b.feature › Three": "passed"]))
        history.append(
            Self.run(["a.feature › One": "flaky", "a.feature › Two": "passed", "b.feature › Three": "passed"]))
        history.append(
            Self.run(["a.feature › One": "passed", "a.feature › Two": "failed", "b.feature › Three": "skipped"]))
        history.append(Self.run(["a.feature › One": "passed", "a.feature › Two": "failed"]))
        let scenarios = history.scenarioStability
        #expect(scenarios.map(\.key) == ["a.feature › Two", "a.feature › One", "b.feature › Three"])
        #expect(scenarios.map(\.percent) == [25, 75, 100], "a flaky run is not a pass; a skipped run not a run")
        #expect(scenarios.map(\.ran) == [4, 4, 2])
        let features = RunHistory.featureStability(scenarios)
        #expect(features.map(\.key) == ["a.feature", "b.feature"])
        #expect(features.map(\.percent) == [50, 100])
    }

    @Test func `each run's changes are against the run before it`() {
        var history = RunHistory()
        history.append(Self.run(["s › A": "passed", "s › B": "passed"]))
        history.append(Self.run(["s › A": "failed", "s › B": "passed"]))
        history.append(Self.run(["s › A": "passed", "s › B": "passed", "s › C": "failed"]))
        #expect(history.changes(in: 0).isEmpty)
        #expect(history.changes(in: 1).map { "\($0.key): \($0.old) → \($0.new)" } == ["s › A: passed → failed"])
        #expect(history.changes(in: 2).map { "\($0.key): \($0.old) → \($0.new)" } == ["s › A: failed → passed"])
        #expect(history.counts.map(\.failed) == [0, 1, 1])
    }

    @Test func `the HTML report draws the trend of the kept runs, each bar linked to its run's changes`() throws {
        var history = RunHistory()
        history.append(Self.run(["features/sample.feature › Cart": "passed"], milliseconds: 900))
        var second = Self.run(["features/sample.feature › Cart": "failed"], milliseconds: nil)
        second.environment = [.init(name: "Branch", value: "fix/<cart>"), .init(name: "device", value: "iPhone 15")]
        history.append(second)
        history.append(Self.run(["features/sample.feature › Cart": "passed"], milliseconds: 1500))
        var builder = StreamBuilder()
        builder.scenario("Cart", [.failed("a cart")])
        builder.scenario("Totals", [.passed("a total")])
        let html = try render(builder.build()) { HTMLFormatter(output: $0, history: history) }
        let trends = try #require(html.components(separatedBy: "<section class=\"trends\"").last)
        #expect(trends.contains("<h2>Trends <span class=\"label\">the last 4 runs</span></h2>"))
        #expect(
            trends.contains(
                "role=\"img\" aria-label=\"Scenarios by status in each of the last 4 runs; this run: 1 passed, 0 flaky, 1 failed, 0 other\""
            ))
        #expect(trends.components(separatedBy: "<a href=\"#run-").count - 1 >= 4 + 3, "status bars and duration bars")
        #expect(
            trends.contains("<title>Run 1, 2026-11-28T05:00:00Z: 1 passed, 0 flaky, 0 failed, 0 other · 900 ms</title>")
        )
        #expect(trends.contains("<title>Run 3: 1.5 s</title>"))
        #expect(!trends.contains("<title>Run 2: "), "a run without its duration has no duration bar")
        // What changed in each run, newest first; this run's changes link to its cards.
        #expect(trends.contains("<div id=\"run-4\"><h4>Run 4"))
        #expect(trends.contains("<div id=\"run-2\"><h4>Run 2"))
        #expect(
            trends.contains("<p class=\"run-env\">Branch: fix/&lt;cart&gt; · device: iPhone 15</p>"), "where it ran")
        #expect(trends.contains("features/sample.feature › Cart</a>: <span class=\"hs-passed\">passed</span> → "))
        // Stability: Cart passed in 2 of 4 runs.
        #expect(trends.contains("<h3>Least stable scenarios</h3>"))
        #expect(trends.contains("50% <span class=\"label\">(2 of 4)</span>"))
        #expect(!html.contains("<script src"), "drawn by the page itself")
        let single = try render(builder.build()) { HTMLFormatter(output: $0, history: RunHistory()) }
        #expect(!single.contains("<section class=\"trends\""), "one run has no trend")
    }

    @Test func `a run's duration is kept in the history file, and a file without it still reads`() throws {
        var history = RunHistory()
        history.append(Self.run(["s › A": "passed"], milliseconds: 4321))
        history.append(Self.run(["s › A": "passed"], milliseconds: nil))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trend-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try history.write(to: url)
        let (read, warning) = RunHistory.load(from: url)
        #expect(warning == nil)
        #expect(read.runs.map(\.milliseconds) == [4321, nil])
    }
}

/// The timeline of a parallel run in the HTML report.
@Suite struct TimelineTests {
    @Test func `a run with two workers has a lane each, a bar per attempt named and linked to its card`() throws {
        var builder = StreamBuilder()
        builder.workerIds = ["1", "0"]
        builder.scenario("Cart", [.passed("a cart")])
        builder.scenario("Totals", [.failed("a total")])
        builder.scenario("Refund", [.passed("a refund")], retried: [[.failed]])
        let html = try render(builder.build()) { HTMLFormatter(output: $0) }
        let timeline = try #require(html.components(separatedBy: "<section class=\"timeline\"").last)
        #expect(timeline.contains("<h2>Timeline <span class=\"label\">2 workers, 4 test case attempts"))
        // Lanes in the workers' order, whichever started first.
        let zero = try #require(timeline.range(of: ">worker 0</text>"))
        let one = try #require(timeline.range(of: ">worker 1</text>"))
        #expect(zero.lowerBound < one.lowerBound)
        #expect(timeline.components(separatedBy: "<rect class=\"t-").count - 1 == 4, "the retried attempt too")
        #expect(timeline.contains("<title>Cart · worker 1 · "))
        #expect(timeline.contains("<rect class=\"t-failed\""))
        #expect(timeline.contains("<a href=\"#"))
    }

    @Test func `a run on one worker, or none named, has no timeline`() throws {
        var builder = StreamBuilder()
        builder.scenario("Cart", [.passed("a cart")])
        #expect(!(try render(builder.build()) { HTMLFormatter(output: $0) }).contains("<section class=\"timeline\""))
        builder.workerIds = ["0"]
        #expect(!(try render(builder.build()) { HTMLFormatter(output: $0) }).contains("<section class=\"timeline\""))
    }

    @Test func `past the named bars, each lane is drawn by columns and the page stays small`() throws {
        var builder = StreamBuilder()
        builder.workerIds = ["0", "1", "2"]
        for index in 0..<(HTMLFormatter.timelineNamedBars + 500) {
            builder.scenario("S\(index)", [.passed("a step")])
        }
        let html = try render(builder.build()) { HTMLFormatter(output: $0) }
        let timeline = try #require(html.components(separatedBy: "<section class=\"timeline\"").last)
            .components(separatedBy: "</section>")[0]
        let rects = timeline.components(separatedBy: "<rect ").count - 1
        #expect(rects >= 3 && rects <= 3 * HTMLFormatter.timelineColumns, "\(rects) bars")
        #expect(!timeline.contains("S1 · worker"), "no names past the limit")
    }

    @Test(arguments: [3, HTMLFormatter.timelineNamedBars + 10])
    func `a worker id from the stream is text, never markup`(scenarios: Int) throws {
        var builder = StreamBuilder()
        builder.workerIds = ["</title><script>alert(1)</script>", "<img src=x onerror=alert(1)>"]
        for index in 0..<scenarios { builder.scenario("S\(index)", [.passed("a step")]) }
        let html = try render(builder.build()) { HTMLFormatter(output: $0) }
        let timeline = try #require(html.components(separatedBy: "<section class=\"timeline\"").last)
            .components(separatedBy: "</section>")[0]
        #expect(!timeline.contains("<script>") && !timeline.contains("<img"))
        #expect(timeline.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }
}
