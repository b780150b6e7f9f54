import Foundation
import TestSupport
import Testing

/// The command runs its steps in a runner process of its own: what the run tells must be what it tells in one
/// process (`--in-process`), message for message. The crashing steps themselves are run by `.ci/differential`.
@Suite(
    "feed-specs: runner processes",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct RunnerProcessCommandTests {
    /// The stream of `folder/cucumber-messages.ndjson` with what differs from run to run taken out: timestamps and
    /// durations zeroed, and, since two workers start test cases in an order of their own, each test case attempt
    /// named by its test case and attempt, without its worker.
    static func stream(_ folder: URL) throws -> [String] {
        let data = try Data(contentsOf: folder.appendingPathComponent("cucumber-messages.ndjson"))
        let time = try Regex(#""(seconds|nanos)":\d+"#)
        var attempts: [String: String] = [:]
        var lines: [String] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if var started = object["testCaseStarted"] as? [String: Any], let id = started["id"] as? String,
                let testCaseId = started["testCaseId"] as? String, let attempt = started["attempt"] as? Int
            {
                attempts[id] = "\(testCaseId)#\(attempt)"
                started["id"] = attempts[id]
                started["workerId"] = nil
                let rewritten = try JSONSerialization.data(
                    withJSONObject: ["testCaseStarted": started], options: .sortedKeys)
                lines.append(String(decoding: rewritten, as: UTF8.self).replacing(time, with: "\"t\":0"))
                continue
            }
            var text = String(line)
            if let range = text.firstRange(of: try Regex(#""testCaseStartedId":"([^"]*)""#)) {
                let id = String(text[range].dropFirst(#""testCaseStartedId":""#.count).dropLast())
                text.replaceSubrange(range, with: "\"testCaseStartedId\":\"\(attempts[id] ?? id)\"")
            }
            lines.append(text.replacing(time, with: "\"t\":0"))
        }
        return lines.sorted()
    }

    @Test(arguments: [
        ["--store", "all", "--parallel", "2"], ["--order", "random:42", "--tags", "not @boundary"],
        ["--parallel", "3", "--order", "random:7"],
    ])
    func `a run in a runner process tells what a run in one process tells`(options: [String]) async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let separate = try await DetachedRun.run(["--out", "separate", "--no-history"] + options, in: directory)
        let together = try await DetachedRun.run(
            ["--out", "together", "--no-history", "--in-process"] + options, in: directory)
        #expect(separate.status == 0, "\(separate.output)\(separate.errors)")
        #expect(together.status == 0, "\(together.output)\(together.errors)")
        let folders = options.contains("all") ? ["memory", "file", "sqlite"] : [""]
        for folder in folders {
            let (separateStream, togetherStream) = (
                try Self.stream(directory.appendingPathComponent("separate/" + folder)),
                try Self.stream(directory.appendingPathComponent("together/" + folder))
            )
            // With two workers, the order of test cases running at once differs from run to run: compared sorted.
            #expect(separateStream.count == togetherStream.count)
            let differing = zip(separateStream, togetherStream).filter { $0 != $1 }
            #expect(differing.isEmpty, "\(folder): \(differing.count) lines differ, e.g. \(differing.prefix(2))")
            #expect(separateStream.filter { $0.contains("\"testCaseFinished\"") }.count > 20)
        }
        #expect(separate.output.contains("scenarios (") && !separate.errors.contains("runner process"))
    }
}
