import Foundation
import Messages
import SpecReports
import TestSupport
import Testing

@Suite struct RunHistoryTests {
    /// A run of two scenarios, `Cart` with `cart` status and `Totals` passed.
    static func run(cart: StreamBuilder.StepSpec, retried: [[TestStepResultStatus]] = []) -> RunQuery {
        var builder = StreamBuilder()
        builder.scenario("Cart", [cart], retried: retried)
        builder.scenario("Totals", [.passed("a total")])
        let query = RunQuery()
        query.update(contentsOf: builder.build())
        return query
    }

    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString).json")
    }

    @Test func `each run adds every scenario's status and duration, and the oldest runs go past the limit`() {
        var history = RunHistory(limit: 3)
        for _ in 0..<5 { history.record(Self.run(cart: .passed("a cart"))) }
        #expect(history.runs.count == 3)
        let key = "features/sample.feature › Cart"
        #expect(history.timeline(of: key).map { $0?.status } == ["passed", "passed", "passed"])
        #expect(history.timeline(of: "nowhere").allSatisfy { $0 == nil })
    }

    @Test func `a change between the last two runs is named, old and new`() {
        var history = RunHistory()
        history.record(Self.run(cart: .passed("a cart")))
        #expect(history.changes.isEmpty)
        history.record(Self.run(cart: .failed("a cart")))
        #expect(
            history.changes.map { "\($0.key): \($0.old) → \($0.new)" } == [
                "features/sample.feature › Cart: passed → failed"
            ])
        history.record(Self.run(cart: .passed("a cart"), retried: [[.failed]]))
        #expect(history.changes.map(\.new) == ["flaky"])
        let trend = history.trend(of: "features/sample.feature › Cart")
        #expect(trend.changedRunsAgo == 1 && trend.changedFrom == "failed")
        #expect(trend.isFlaky)
        #expect(!history.trend(of: "features/sample.feature › Totals").isFlaky)
    }

    @Test func `scenarios of one file and one name are told apart by their order`() {
        var builder = StreamBuilder()
        builder.scenario("Row", [.passed("a")])
        builder.scenario("Row", [.failed("b")])
        let query = RunQuery()
        query.update(contentsOf: builder.build())
        #expect(
            Set(RunHistory.keys(in: query).values) == [
                "features/sample.feature › Row", "features/sample.feature › Row #2",
            ])
    }

    @Test func `a history written and loaded again is the same`() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        var history = RunHistory(limit: 5)
        history.record(Self.run(cart: .failed("a cart")))
        history.record(Self.run(cart: .passed("a cart")))
        try history.write(to: url)
        let (loaded, warning) = RunHistory.load(from: url, limit: 5)
        #expect(warning == nil)
        #expect(loaded == history)
    }

    @Test func `version 2 keeps each scenario's key once and a run's outcomes as two strings`() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        var history = RunHistory()
        history.record(Self.run(cart: .failed("a cart")))
        history.record(Self.run(cart: .passed("a cart"), retried: [[.failed]]))
        try history.write(to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(#""version":2"#))
        #expect(text.components(separatedBy: "features/sample.feature › Cart").count - 1 == 1, "\(text)")
        #expect(text.contains(#""statuses":"F.""#) && text.contains(#""statuses":"~.""#), "\(text)")
        #expect(RunHistory.load(from: url).history == history)
    }

    @Test func `a version 1 history is read, and written again as version 2`() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let old = #"""
            {"format":"feedspecs-run-history","version":1,"limit":30,"runs":[
              {"startedAt":"2026-11-27T10:00:00Z","success":false,"ms":1200,"environment":[["app","2.3"]],
               "scenarios":{"a.feature › One":{"status":"failed","ms":12},"a.feature › Two":{"status":"passed","ms":3}}},
              {"startedAt":"2026-11-28T10:00:00Z","success":true,
               "scenarios":{"a.feature › One":{"status":"passed","ms":10}}}]}
            """#
        try Data(old.utf8).write(to: url)
        let (history, warning) = RunHistory.load(from: url)
        #expect(warning == nil)
        #expect(history.runs.count == 2)
        #expect(history.runs[0].scenarios["a.feature › Two"] == RunHistory.Outcome(status: "passed", milliseconds: 3))
        #expect(history.runs[0].environment.map(\.value) == ["2.3"] && history.runs[0].milliseconds == 1200)
        #expect(history.runs[1].scenarios.count == 1)
        try history.write(to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(#""version":2"#) && text.contains(#""statuses":". ""#), "\(text)")
        #expect(text.contains(#""durations":"10,""#), "\(text)")
        #expect(RunHistory.load(from: url).history == history)
    }

    @Test(
        arguments: [
            #"{"format":"feedspecs-run-history","version":2,"keys":["a"],"runs":[{"startedAt":"","success":true,"statuses":"..","durations":"1,2"}]}"#,
            #"{"format":"feedspecs-run-history","version":2,"keys":["a","b"],"runs":[{"startedAt":"","success":true,"statuses":". ","durations":"1,2"}]}"#,
            #"{"format":"feedspecs-run-history","version":2,"keys":["a"],"runs":[{"startedAt":"","success":true,"statuses":"x","durations":"1"}]}"#,
            #"{"format":"feedspecs-run-history","version":2,"keys":["a"],"runs":[{"startedAt":"","success":true,"statuses":".","durations":""}]}"#,
            #"{"format":"feedspecs-run-history","version":2,"keys":["a"],"runs":[{"startedAt":"","success":true,"statuses":".","durations":"99999999999999999999"}]}"#,
            #"{"format":"feedspecs-run-history","version":2,"keys":[1],"runs":[]}"#,
        ])
    func `a damaged version 2 history is not read as one`(text: String) throws {
        let url = Self.temporaryFile()
        defer {
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(at: url.appendingPathExtension("unreadable"))
        }
        try Data(text.utf8).write(to: url)
        let (history, warning) = RunHistory.load(from: url)
        #expect(history.runs.isEmpty)
        #expect(warning?.contains("is not a run history") == true, "\(String(describing: warning))")
    }

    @Test func `a missing file is an empty history, with no warning`() {
        let (history, warning) = RunHistory.load(from: Self.temporaryFile())
        #expect(history.runs.isEmpty && warning == nil)
    }

    @Test(arguments: ["{ not json", #"{"runs": "yes"}"#, #"{"format":"someone-else","runs":[]}"#, ""])
    func `a corrupt or foreign file is a warning and a fresh history, and its bytes are kept aside`(text: String)
        throws
    {
        let url = Self.temporaryFile()
        defer {
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(at: url.appendingPathExtension("unreadable"))
        }
        try Data(text.utf8).write(to: url)
        var (history, warning) = RunHistory.load(from: url)
        #expect(history.runs.isEmpty)
        #expect(warning?.contains("is not a run history") == true)
        history.record(Self.run(cart: .passed("a cart")))
        try history.write(to: url)
        #expect(try Data(contentsOf: url.appendingPathExtension("unreadable")) == Data(text.utf8))
        #expect(RunHistory.load(from: url).history.runs.count == 1)
    }

    @Test(.hangLimit)
    func `a FIFO or a folder as the history file is a warning, neither read nor written, and nothing waits`() throws {
        let fifo = Self.temporaryFile()
        try #require(mkfifo(fifo.path, 0o600) == 0)
        let folder = Self.temporaryFile()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer {
            try? FileManager.default.removeItem(at: fifo)
            try? FileManager.default.removeItem(at: folder)
        }
        for (url, kind) in [(fifo, "a FIFO"), (folder, "a folder")] {
            var (history, warning) = RunHistory.load(from: url)
            #expect(history.runs.isEmpty)
            #expect(warning == "the run history \(url.path) is \(kind), not a file: no history is kept")
            history.record(Self.run(cart: .passed("a cart")))
            #expect(throws: ReportError.cannotWrite(destination: url.path, reason: "it is \(kind), not a file")) {
                try history.write(to: url)
            }
        }
        var status = stat()
        #expect(lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO is still one")
    }

    @Test func `the HTML report shows each scenario's last results and what changed`() throws {
        var history = RunHistory()
        for _ in 0..<4 { history.record(Self.run(cart: .passed("a cart"))) }
        var builder = StreamBuilder()
        builder.scenario("Cart", [.failed("a cart")])
        builder.scenario("Totals", [.passed("a total")])
        let html = try render(builder.build()) { HTMLFormatter(output: $0, history: history) }
        #expect(html.components(separatedBy: "aria-label=\"Last 5 runs\"").count - 1 == 2, "one strip per scenario")
        #expect(html.contains("changed in this run (was passed)"))
        #expect(html.contains("same status for 5 runs"))
        #expect(html.contains("<h2>Changed since the last run <span class=\"label\">1 scenario</span>"))
        #expect(html.contains("features/sample.feature › Cart</a>: <span class=\"hs-passed\">passed</span> → "))
        let plain = try render(builder.build()) { HTMLFormatter(output: $0) }
        #expect(!plain.contains("class=\"history\""))
    }

    @Test func `the console summary ends with the scenarios whose status changed`() throws {
        var history = RunHistory()
        history.record(Self.run(cart: .passed("a cart")))
        var builder = StreamBuilder()
        builder.scenario("Cart", [.failed("a cart")])
        builder.scenario("Totals", [.passed("a total")])
        let text = try render(builder.build()) { SummaryFormatter(output: $0, history: history) }
        #expect(text.hasSuffix("\nChanged since the last run:\n  features/sample.feature › Cart: passed → failed\n"))
        let first = try render(builder.build()) { SummaryFormatter(output: $0, history: RunHistory()) }
        #expect(!first.contains("Changed since"))
    }
}
