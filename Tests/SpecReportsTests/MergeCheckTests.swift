import Foundation
import Messages
import SpecReports
import Testing

/// `merge` checks its input: what would make scenarios vanish, count twice or pass wrongly is an error naming the
/// file, the line and the id; shards from different runs are said.
@Suite("Merge checks its input")
struct MergeCheckTests {
    private func shard(_ name: String, _ steps: [StreamBuilder.StepSpec]) -> [Envelope] {
        var builder = StreamBuilder(uri: "features/\(name).feature", featureName: name)
        builder.scenario(name, steps)
        builder.scenario(name + " again", steps)
        return builder.build()
    }

    /// The 1-based place of the first envelope `matches` accepts.
    private func line(in stream: [Envelope], where matches: (Envelope) -> Bool) -> Int {
        (stream.firstIndex(where: matches) ?? -1) + 1
    }

    private func expectInvalid(
        _ shards: [[Envelope]], file: String, line: Int, containing text: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(sourceLocation: sourceLocation) {
            _ = try ShardMerger().merge(shards, names: ["a.ndjson", "b.ndjson"])
        } throws: { error in
            guard case .invalidStream(let named, let at, let reason) = error as? ReportError else { return false }
            return named == file && at == line && reason.contains(text)
        }
    }

    @Test("a test step pointing to a pickle step that is not there is an error, not a passed scenario")
    func unknownPickleStep() {
        var second = shard("Beta", [.undefined("a step")])
        second = second.map { envelope in
            guard case .testCase(var testCase) = envelope else { return envelope }
            testCase.testSteps = testCase.testSteps.map { step in
                var step = step
                step.pickleStepId = step.pickleStepId.map { "nowhere-" + $0 }
                return step
            }
            return .testCase(testCase)
        }
        let at = line(in: second) { if case .testCase = $0 { true } else { false } }
        expectInvalid(
            [shard("Alpha", [.passed("a step")]), second], file: "b.ndjson", line: at,
            containing: "points to pickle step nowhere-")
    }

    @Test("a test case id used twice is an error naming it, not a scenario that vanishes")
    func duplicateTestCase() throws {
        var second = shard("Beta", [.passed("a step")])
        var firstId: String?
        var at = 0
        for (index, envelope) in second.enumerated() {
            guard case .testCase(var testCase) = envelope else { continue }
            if let firstId {
                testCase.id = firstId
                second[index] = .testCase(testCase)
                at = index + 1
                break
            }
            firstId = testCase.id
        }
        let id = try #require(firstId)
        expectInvalid(
            [shard("Alpha", [.passed("a step")]), second], file: "b.ndjson", line: at,
            containing: "the test case id \(id) is used twice")
    }

    @Test("a testCaseStarted pointing to no test case is an error naming it")
    func unknownTestCase() {
        var second = shard("Beta", [.passed("a step")])
        let at = line(in: second) { if case .testCaseStarted = $0 { true } else { false } }
        if case .testCaseStarted(var started) = second[at - 1] {
            started.testCaseId = "nowhere"
            second[at - 1] = .testCaseStarted(started)
        }
        expectInvalid(
            [shard("Alpha", [.passed("a step")]), second], file: "b.ndjson", line: at,
            containing: "points to test case nowhere")
    }

    @Test("the same shard given twice is an error (it counted its scenarios twice)")
    func sameShardTwice() {
        let first = shard("Alpha", [.passed("a step")])
        let at = line(in: first) { if case .testCase = $0 { true } else { false } }
        expectInvalid([first, first], file: "b.ndjson", line: at, containing: "that a.ndjson ran too")
    }

    @Test("shards from another implementation, revision or build merge with a warning saying so")
    func otherRun() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("merge-checks-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func withCI(_ stream: [Envelope], revision: String, build: String) -> [Envelope] {
            stream.map { envelope in
                guard case .meta(var meta) = envelope else { return envelope }
                meta.ci = Ci(name: "CI", buildNumber: build, git: Git(remote: "origin", revision: revision))
                return .meta(meta)
            }
        }
        let first = directory.appendingPathComponent("shard-1.ndjson")
        let second = directory.appendingPathComponent("shard-2.ndjson")
        try Data(NDJSONWriter.encode(withCI(shard("Alpha", [.passed("a step")]), revision: "aaa", build: "7")))
            .write(to: first)
        try Data(NDJSONWriter.encode(withCI(shard("Beta", [.passed("a step")]), revision: "bbb", build: "8")))
            .write(to: second)
        let merged = try await ShardMerger().merge(filesAt: [first, second])
        #expect(merged.warnings.count == 1)
        let warning = try #require(merged.warnings.first)
        #expect(warning.contains("shard-2.ndjson seems to come from another run than"))
        #expect(warning.contains("git revision is bbb"))
        #expect(warning.contains("CI build is 8"))

        try Data(NDJSONWriter.encode(withCI(shard("Beta", [.passed("a step")]), revision: "aaa", build: "7")))
            .write(to: second)
        #expect(try await ShardMerger().merge(filesAt: [first, second]).warnings.isEmpty)
    }

    @Test("a duration past 292 years in a shard file is an error naming the file and the line, not a crash")
    func durationOutOfRange() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("merge-checks-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var stream = shard("Alpha", [.passed("a step")])
        let at = line(in: stream) { if case .testStepFinished = $0 { true } else { false } }
        if case .testStepFinished(var finished) = stream[at - 1] {
            finished.testStepResult.duration = MessageDuration(seconds: 9_223_372_037, nanos: 0)
            stream[at - 1] = .testStepFinished(finished)
        }
        let file = directory.appendingPathComponent("shard-1.ndjson")
        try Data(NDJSONWriter.encode(stream)).write(to: file)
        await #expect {
            _ = try await ShardMerger().merge(filesAt: [file])
        } throws: { error in
            "\(error)".hasPrefix("\(file.path):\(at): ") && "\(error)".contains("out of range")
        }
    }
}
