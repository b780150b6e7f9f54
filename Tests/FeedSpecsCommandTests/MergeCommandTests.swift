import Foundation
import Testing

/// `feed-specs merge` on streams that are not two clean shards of one run.
@Suite(
    "feed-specs merge checks its input",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct MergeCommandTests {
    /// A workspace holding the message streams of shards 1/2 and 2/2 (`s1.ndjson`, `s2.ndjson`).
    private func shards() async throws -> URL {
        let directory = try FeedSpecsCommand.workspace()
        for index in 1...2 {
            let outcome = try await FeedSpecsCommand.run(
                ["--shard", "\(index)/2", "--format", "summary", "--format", "message:s\(index).ndjson"],
                in: directory)
            try #require(outcome.status == 0, "\(outcome.errors)")
        }
        return directory
    }

    /// Rewrites the lines of `name` that contain `marker` (only the first when `once`) with `edit`; returns the
    /// 1-based number of the first line changed.
    @discardableResult
    private func edit(
        _ name: String, in directory: URL, lineContaining marker: String, once: Bool = true,
        _ edit: (String) -> String
    ) throws -> Int {
        let url = directory.appendingPathComponent(name)
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var first: Int?
        for index in lines.indices where lines[index].contains(marker) {
            lines[index] = edit(lines[index])
            if first == nil { first = index + 1 }
            if once { break }
        }
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return try #require(first)
    }

    @Test(
        "a duration or a timestamp out of range is an error naming the file and line (exit 2), never a crash",
        arguments: [
            ("\"testStepFinished\"", "\"duration\":{\"seconds\":0,", "\"duration\":{\"seconds\":9223372037,"),
            (
                "\"testRunFinished\"", "\"timestamp\":{\"seconds\":",
                "\"timestamp\":{\"seconds\":9223372036854775807,\"x\":"
            ),
        ])
    func outOfRange(marker: String, old: String, new: String) async throws {
        let directory = try await shards()
        defer { try? FileManager.default.removeItem(at: directory) }
        let line = try edit("s1.ndjson", in: directory, lineContaining: marker) {
            $0.replacingOccurrences(of: old, with: new)
        }
        let outcome = try await FeedSpecsCommand.run(
            ["merge", "s1.ndjson", "s2.ndjson", "--out", "merged"], in: directory)
        #expect(outcome.status == 2, "\(outcome.errors)")
        #expect(outcome.errors.contains("s1.ndjson:\(line): "), "\(outcome.errors)")
        #expect(outcome.errors.contains("out of range"), "\(outcome.errors)")
    }

    @Test("a shard that says it passed beside a failed step fails the merged run, in its exit status and reports")
    func streamClaimingSuccess() async throws {
        let directory = try await shards()
        defer { try? FileManager.default.removeItem(at: directory) }
        try edit("s1.ndjson", in: directory, lineContaining: "\"testStepFinished\"") {
            $0.replacingOccurrences(of: "\"status\":\"PASSED\"", with: "\"status\":\"FAILED\",\"message\":\"boom\"")
        }
        let outcome = try await FeedSpecsCommand.run(
            ["merge", "s1.ndjson", "s2.ndjson", "--out", "merged", "--format", "summary", "--format", "html"],
            in: directory)
        #expect(outcome.status == 1, "\(outcome.output)\(outcome.errors)")
        let html = try String(contentsOf: directory.appendingPathComponent("merged/report.html"), encoding: .utf8)
        #expect(html.contains("Failed: 1 scenario</a>") && !html.contains("Passed: 1 scenario"))
    }

    @Test("the merged reports show the environment and the categories given to merge; a bad one is a usage error")
    func environmentAndCategories() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"[{"name": "Every failure"}]"#.utf8).write(to: directory.appendingPathComponent("categories.json"))
        try Data(#"[{"name": "x", "messageRegex": "("}]"#.utf8).write(to: directory.appendingPathComponent("bad.json"))
        // One scenario fails in its shard: the merged reports name its category.
        try FeedSpecsCommand.edit(
            "Specs/online_feed.feature", in: directory, replacing: "Then the app shows 4 images",
            with: "Then the app shows 5 images")
        for index in 1...2 {
            _ = try await FeedSpecsCommand.run(
                ["--shard", "\(index)/2", "--format", "summary", "--format", "message:s\(index).ndjson"],
                in: directory)
        }
        let outcome = try await FeedSpecsCommand.run(
            [
                "merge", "s1.ndjson", "s2.ndjson", "--out", "merged", "--format", "summary", "--format", "html",
                "--format", "junit", "--environment", "app=2.3.0", "--categories", "categories.json",
            ], in: directory)
        #expect(outcome.status == 1, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.output.contains("Category: Every failure"), "\(outcome.output)")
        let html = try String(contentsOf: directory.appendingPathComponent("merged/report.html"), encoding: .utf8)
        #expect(html.contains("<dt>app</dt><dd>2.3.0</dd>"))
        #expect(html.contains("<h3 class=\"category\" id=\"category-0\">Every failure"))
        let junit = try String(contentsOf: directory.appendingPathComponent("merged/junit.xml"), encoding: .utf8)
        #expect(junit.contains("<failure type=\"Every failure\""))
        for (option, value, message) in [
            ("--categories", "bad.json", #"--categories: bad.json:1:16: category 1 ("x"): messageRegex:"#),
            ("--environment", "app", "--environment 'app': expected NAME=VALUE"),
        ] {
            let refused = try await FeedSpecsCommand.run(["merge", "s1.ndjson", option, value], in: directory)
            #expect(refused.status == 2 && refused.errors.contains(message), "\(refused.errors)")
        }
    }

    @Test("the same shard given twice is an error naming the file, the line and the scenario (exit 2)")
    func sameShardTwice() async throws {
        let directory = try await shards()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try await FeedSpecsCommand.run(
            ["merge", "s1.ndjson", "s1.ndjson", "s2.ndjson", "--format", "summary"], in: directory)
        #expect(outcome.status == 2, "\(outcome.output)")
        #expect(outcome.errors.contains("s1.ndjson:"), "\(outcome.errors)")
        #expect(outcome.errors.contains("the same shard given twice"), "\(outcome.errors)")
    }

    @Test(
        "steps or test cases pointing nowhere, or ids used twice, are errors naming the file, line and id (exit 2)",
        arguments: [
            ("\"testCase\"", "\"pickleStepId\":\"", "\"pickleStepId\":\"nowhere-", "points to pickle step nowhere-"),
            ("\"testCaseStarted\"", "\"testCaseId\":\"", "\"testCaseId\":\"nowhere", "points to test case nowhere"),
        ])
    func danglingIds(marker: String, old: String, new: String, message: String) async throws {
        let directory = try await shards()
        defer { try? FileManager.default.removeItem(at: directory) }
        let line = try edit("s1.ndjson", in: directory, lineContaining: marker) {
            $0.replacingOccurrences(of: old, with: new)
        }
        let outcome = try await FeedSpecsCommand.run(
            ["merge", "s1.ndjson", "s2.ndjson", "--format", "summary"], in: directory)
        #expect(outcome.status == 2, "\(outcome.output)")
        #expect(outcome.errors.contains("s1.ndjson:\(line): "), "\(outcome.errors)")
        #expect(outcome.errors.contains(message), "\(outcome.errors)")
    }

    @Test("a test case id used twice is an error naming it (exit 2)")
    func duplicateTestCaseId() async throws {
        let directory = try await shards()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = try String(contentsOf: directory.appendingPathComponent("s1.ndjson"), encoding: .utf8)
            .components(separatedBy: "\n")
        let testCases = lines.enumerated().filter { $0.element.hasPrefix("{\"testCase\":") }
        try #require(testCases.count >= 2)
        let id = try #require(testCases[0].element.split(separator: "\"")[safe: 5])
        let secondId = try #require(testCases[1].element.split(separator: "\"")[safe: 5])
        try edit("s1.ndjson", in: directory, lineContaining: "\"id\":\"\(secondId)\",\"pickleId\"") {
            $0.replacingOccurrences(of: "\"id\":\"\(secondId)\",", with: "\"id\":\"\(id)\",")
        }
        let outcome = try await FeedSpecsCommand.run(
            ["merge", "s1.ndjson", "s2.ndjson", "--format", "summary"], in: directory)
        #expect(outcome.status == 2, "\(outcome.output)")
        #expect(outcome.errors.contains("s1.ndjson:\(testCases[1].offset + 1): the test case id \(id) is used twice"))
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
