import Foundation
import TestSupport
import Testing

/// Runs `feed-specs` without holding a thread while it runs: its output and errors go to files, and its end is
/// awaited through its termination handler (a hang guard kills a child that never ends).
enum DetachedRun {
    /// Where a child's end is told, and its hang guard.
    private final class Ending: @unchecked Sendable {
        private let lock = NSLock()
        private var hangGuard: HangGuard?
        private var ended = false

        func arm(_ newGuard: HangGuard) {
            lock.lock()
            defer { lock.unlock() }
            if ended { newGuard.disarm() } else { hangGuard = newGuard }
        }

        func end() {
            lock.lock()
            defer { lock.unlock() }
            ended = true
            hangGuard?.disarm()
        }
    }

    static func run(_ arguments: [String], in directory: URL) async throws -> FeedSpecsCommand.Outcome {
        let url = try #require(FeedSpecsCommand.url, "the feed-specs executable is built beside the tests")
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("detached-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: logs) }
        let outputURL = logs.appendingPathComponent("out")
        let errorURL = logs.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        let errors = try FileHandle(forWritingTo: errorURL)
        defer {
            try? output.close()
            try? errors.close()
        }
        var environment = ProcessInfo.processInfo.environment
        for key in ["TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX", "TEST_SHARD_STATUS_FILE", "GHERKIN_LANGUAGES"] {
            environment[key] = nil
        }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let ending = Ending()
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { ended in
                ending.end()
                continuation.resume(returning: ended.terminationStatus)
            }
            do {
                try process.start(output: .handle(output), errors: .handle(errors))
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            ending.arm(HangGuard(process))
        }
        return FeedSpecsCommand.Outcome(
            status: status, output: try String(contentsOf: outputURL, encoding: .utf8),
            errors: try String(contentsOf: errorURL, encoding: .utf8))
    }
}

@Suite(
    "feed-specs --history under faults",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct HistoryCommandTests {
    @Test(
        "two outputs on one path are a usage error naming both, before the run",
        arguments: [
            (["--format", "json:out.json", "--history", "out.json"], "--format json:out.json and --history out.json"),
            (
                ["--format", "junit:x.xml", "--format", "html:./x.xml"],
                "--format junit:x.xml and --format html:./x.xml"
            ),
            (["--out", "r", "--format", "html", "--format", "json:r/report.html"], "the html report (r/report.html)"),
        ])
    func sharedPath(arguments: [String], named: String) async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try await DetachedRun.run(["Specs/online_feed.feature"] + arguments, in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains(named) && outcome.errors.contains("are one file"), "\(outcome.errors)")
        #expect(!outcome.output.contains("scenario"), "nothing ran")
    }

    @Test("a history of a later version is left byte for byte, with a warning naming it and both versions")
    func newerVersion() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = directory.appendingPathComponent("history.json")
        let bytes = Data(#"{"format":"feedspecs-run-history","version":99,"runs":[],"fields":{"new":true}}"#.utf8)
        try bytes.write(to: history)
        let outcome = try await DetachedRun.run(
            ["Specs/online_feed.feature", "--format", "summary", "--history", "history.json"], in: directory)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(
            outcome.errors.contains(
                "\(history.path) is version 99, newer than this harness's version 2: it is left untouched"),
            "\(outcome.errors)")
        #expect(try Data(contentsOf: history) == bytes)
        #expect(!FileManager.default.fileExists(atPath: history.path + ".unreadable"))
    }

    @Test("four runs started together with one --history each add their run")
    func concurrentRuns() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await DetachedRun.run(
                        ["Specs", "--format", "summary", "--history", "history.json"], in: directory
                    ).status
                }
            }
            var statuses: [Int32] = []
            for try await status in group { statuses.append(status) }
            return statuses
        }
        #expect(statuses == [0, 0, 0, 0])
        let data = try Data(contentsOf: directory.appendingPathComponent("history.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["runs"] as? [Any])?.count == 4)
    }
}

@Suite(
    "feed-specs: the HTML report's trends and timeline, from the built command",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct TrendReportCommandTests {
    @Test("five runs, the last failing with --parallel 2: the trend, categories with counts, environment, two lanes")
    func fiveRuns() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The team's own category, before the built-in ones, and a fact of its own.
        try Data(
            #"""
            { "default": {
                "categories": [{ "name": "Wrong image count", "matchedStatuses": ["failed"],
                                 "messageRegex": "Expected the app to show \\d+ images.*" }],
                "environment": ["device=simulator"] } }
            """#.utf8
        ).write(to: directory.appendingPathComponent("cucumber.json"))
        let original = "Then the app shows 4 images"
        let specs = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("Specs").path)
        let file = try #require(
            specs.first { name in
                let text = try? String(
                    contentsOf: directory.appendingPathComponent("Specs/\(name)"), encoding: .utf8)
                return text?.contains(original) ?? false
            })
        let runs: [(edit: Bool, arguments: [String], status: Int32)] = [
            (false, [], 0), (true, [], 1), (false, [], 0), (false, [], 0),
            (true, ["--parallel", "2", "--environment", "app=2.3.0"], 1),
        ]
        var edited = false
        for (index, run) in runs.enumerated() {
            if run.edit != edited {
                try FeedSpecsCommand.edit(
                    "Specs/\(file)", in: directory, replacing: run.edit ? original : "Then the app shows 5 images",
                    with: run.edit ? "Then the app shows 5 images" : original)
                edited = run.edit
            }
            if index == runs.count - 1 {
                // A step no definition matches, in a spec of its own: a second category.
                try "Feature: New\n  Scenario: Shared\n    When the customer shares the feed\n".write(
                    to: directory.appendingPathComponent("Specs/new.feature"), atomically: true, encoding: .utf8)
            }
            let outcome = try await FeedSpecsCommand.run(
                ["--out", "out", "--format", "summary"] + run.arguments, in: directory)
            #expect(outcome.status == run.status, "\(outcome.output)\(outcome.errors)")
            if index == runs.count - 1 {
                #expect(outcome.output.contains("Category: Wrong image count"), "\(outcome.output)")
                #expect(outcome.output.contains("Category: Undefined steps"), "\(outcome.output)")
            }
        }
        let html = try String(contentsOf: directory.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(html.contains("<h2>Trends <span class=\"label\">the last 5 runs</span></h2>"))
        #expect(html.contains("this run: ") && html.contains("<div id=\"run-2\">"))
        #expect(html.contains("<h3>Least stable scenarios</h3>"))
        #expect(html.contains("60% <span class=\"label\">(3 of 5)</span>"), "the edited scenario failed twice")
        #expect(html.contains("<h2>Timeline <span class=\"label\">2 workers, "))
        #expect(html.contains(">worker 0</text>") && html.contains(">worker 1</text>"))
        // The failures grouped by category, the team's first, each with its count.
        let team = try #require(html.range(of: "<h3 class=\"category\" id=\"category-0\">Wrong image count"))
        let undefined = try #require(html.range(of: "<h3 class=\"category\" id=\"category-1\">Undefined steps"))
        #expect(team.lowerBound < undefined.lowerBound)
        #expect(html.contains("Wrong image count <span class=\"label\">1</span></a>"))
        #expect(html.contains("Undefined steps <span class=\"label\">1</span></a>"))
        // Where it ran: the profile's fact and the command line's.
        #expect(html.contains("<dt>device</dt><dd>simulator</dd>") && html.contains("<dt>app</dt><dd>2.3.0</dd>"))
        let junit = try String(contentsOf: directory.appendingPathComponent("out/junit.xml"), encoding: .utf8)
        #expect(junit.contains("<failure type=\"Wrong image count\""))
        #expect(junit.contains("<failure type=\"Undefined steps\""))
        let markdown = try String(contentsOf: directory.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(markdown.contains("  - Category: Wrong image count"))
    }
}
