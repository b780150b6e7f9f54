import Foundation
import Messages
import SpecReports
import Testing

@Suite("Report files, interrupted runs and shard merging")
struct OutputAndMergeTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spec-reports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // MARK: Atomic files

    @Test("an atomic file appears only when closed, and replaces the previous report")
    func atomicFileReplacesOnClose() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("junit.xml")
        try Data("old complete report".utf8).write(to: url)
        let output = try AtomicFileOutput(url)
        try output.write("new ")
        #expect(try String(contentsOf: url, encoding: .utf8) == "old complete report")
        try output.write("report")
        try output.close()
        #expect(try String(contentsOf: url, encoding: .utf8) == "new report")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["junit.xml"])
    }

    @Test("a discarded atomic file leaves the previous report and no temporary file")
    func discardedAtomicFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("report.html")
        try Data("previous".utf8).write(to: url)
        do {
            let output = try AtomicFileOutput(url)
            try output.write("half a rep")
        }  // released without close(), as when a run is aborted
        #expect(try String(contentsOf: url, encoding: .utf8) == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.html"])
    }

    @Test("an atomic file creates missing directories")
    func atomicFileCreatesDirectories() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("a/b/rerun.txt")
        try writeAtomically(Array("x".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "x")
    }

    @Test("a report that cannot be created names the path")
    func unwritableDirectory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("not-a-directory")
        try Data().write(to: file)
        #expect {
            _ = try AtomicFileOutput(file.appendingPathComponent("junit.xml"))
        } throws: { error in
            "\(error)".contains(file.path)
        }
    }

    // MARK: Report directory

    @Test("the report directory writes every standard file")
    func reportDirectory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var builder = StreamBuilder()
        builder.scenario("Failing", [.failed("it breaks")])
        try ReportDirectory(directory: directory).write(builder.build())
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(
            names == [
                "cucumber-messages.ndjson", "cucumber.json", "junit.xml", "report.html", "report.md", "rerun.txt",
                "usage.txt",
            ])
        #expect(
            try String(contentsOf: directory.appendingPathComponent("rerun.txt"), encoding: .utf8)
                == "features/sample.feature:3\n")
    }

    @Test("report file names can be changed or switched off")
    func configurableNames() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var names = ReportDirectory.FileNames()
        names.junit = "TEST-specs.xml"
        names.html = nil
        names.usage = nil
        var builder = StreamBuilder()
        builder.scenario("Passing", [.passed("a step")])
        try ReportDirectory(directory: directory, fileNames: names).write(builder.build())
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(written.contains("TEST-specs.xml"))
        #expect(!written.contains("report.html") && !written.contains("usage.txt") && !written.contains("junit.xml"))
    }

    @Test("a stream without testRunFinished still produces every report, each marked as interrupted")
    func interruptedRunProducesEveryReport() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var builder = StreamBuilder()
        builder.scenario("Done", [.passed("a step")])
        builder.scenario("Cut", [.failed("a step")], unfinished: true)
        builder.finished = false
        let summary = MemoryOutput()
        let query = RunQuery()
        let reporter = try ReportDirectory(directory: directory).makeReporter(
            query: query, extra: [SummaryFormatter(output: summary, query: query)])
        for envelope in builder.build() { try reporter.consume(envelope) }
        try reporter.finish()
        func read(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        #expect(summary.text.contains("Interrupted: the run did not finish"))
        #expect(try read("junit.xml").contains("<property name=\"interrupted\" value=\"true\"/>"))
        #expect(try read("report.html").contains("<strong>Interrupted.</strong>"))
        #expect(try read("report.md").contains("> **Interrupted:**"))
        #expect(try read("usage.txt").contains("Interrupted:"))
        #expect(try read("rerun.txt") == "features/sample.feature:13\n")
        #expect(try !read("cucumber-messages.ndjson").contains("testRunFinished"))
    }

    // MARK: Merging

    private func shard(_ name: String, _ steps: [StreamBuilder.StepSpec], finished: Bool = true) -> [Envelope] {
        var builder = StreamBuilder(uri: "features/\(name).feature", featureName: name)
        builder.scenario(name, steps)
        builder.finished = finished
        return builder.build()
    }

    @Test("shards that parsed different files with the same incrementing ids merge without collisions")
    func mergeDisjointFiles() throws {
        let first = shard("Alpha", [.passed("a step")])
        let second = shard("Beta", [.failed("a step")])
        let merged = try ShardMerger().merge([first, second])
        let query = RunQuery()
        query.update(contentsOf: merged)
        #expect(query.gherkinDocuments.count == 2)
        #expect(query.pickles.count == 2)
        #expect(query.statistics().scenarios[.passed] == 1)
        #expect(query.statistics().scenarios[.failed] == 1)
        #expect(query.stepDefinitions.count == 1)  // same pattern and source in both shards
        #expect(!query.success)
        #expect(merged.count(where: { if case .testRunStarted = $0 { true } else { false } }) == 1)
        #expect(merged.count(where: { if case .testRunFinished = $0 { true } else { false } }) == 1)
        #expect(query.countedAttempts.allSatisfy { $0.pickle != nil })
    }

    @Test("the merged run starts at the earliest start and finishes at the latest finish")
    func mergeTimestamps() throws {
        let first = shard("Alpha", [.passed("a step")])
        var second = shard("Beta", [.passed("a step"), .passed("another step")])
        second = second.map { envelope in
            guard case .testRunStarted(var started) = envelope else { return envelope }
            started.timestamp = Timestamp(seconds: 0, nanos: 0)
            return .testRunStarted(started)
        }
        let merged = try ShardMerger().merge([first, second])
        let query = RunQuery()
        query.update(contentsOf: merged)
        #expect(query.testRunStarted?.timestamp == Timestamp(seconds: 0, nanos: 0))
        #expect(query.testRunFinished?.timestamp == Timestamp(seconds: 0, nanos: 7_000_000))
        #expect(query.success)
    }

    @Test("a shard without testRunFinished makes the merged run interrupted")
    func mergeInterruptedShard() throws {
        let merged = try ShardMerger().merge([
            shard("Alpha", [.passed("a step")]), shard("Beta", [.passed("a step")], finished: false),
        ])
        let query = RunQuery()
        query.update(contentsOf: merged)
        #expect(query.isInterrupted)
        #expect(query.statistics().scenarios.total == 2)
    }

    @Test("shards with different versions of the same file cannot be merged")
    func mergeConflictingDocuments() {
        let first = shard("Alpha", [.passed("a step")])
        let second = shard("Alpha", [.passed("a step"), .passed("a new step")])
        #expect(throws: ReportError.self) {
            try ShardMerger().merge([first, second], names: ["a.ndjson", "b.ndjson"])
        }
        do {
            _ = try ShardMerger().merge([first, second], names: ["a.ndjson", "b.ndjson"])
        } catch {
            #expect("\(error)".contains("b.ndjson"))
            #expect("\(error)".contains("features/Alpha.feature"))
        }
    }

    @Test("merging one shard gives back the same run")
    func mergeSingleShard() throws {
        let stream = shard("Alpha", [.passed("a step"), .failed("it breaks")])
        let merged = try ShardMerger().merge([stream])
        #expect(merged.count == stream.count)
        let original = RunQuery()
        original.update(contentsOf: stream)
        let query = RunQuery()
        query.update(contentsOf: merged)
        #expect(query.statistics() == original.statistics())
    }

    @Test("merging no shards gives an empty stream")
    func mergeNothing() throws {
        #expect(try ShardMerger().merge([]).isEmpty)
    }

    @Test("shard files are read and merged; a bad line names the file and line")
    func mergeFiles() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("shard-1.ndjson")
        let second = directory.appendingPathComponent("shard-2.ndjson")
        try Data(NDJSONWriter.encode(shard("Alpha", [.passed("a step")]))).write(to: first)
        try Data(NDJSONWriter.encode(shard("Beta", [.passed("a step")]))).write(to: second)
        let merged = try await ShardMerger().mergeFiles(at: [first, second])
        #expect(merged.count(where: { if case .pickle = $0 { true } else { false } }) == 2)

        try Data("{\"meta\":{}}\nnot json\n".utf8).write(to: second)
        await #expect {
            _ = try await ShardMerger().mergeFiles(at: [first, second])
        } throws: { error in
            "\(error)".contains("shard-2.ndjson:1")
        }
    }
}
