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

    @Test("the report directory's verdict decides its reports, whether it writes them or makes their formatters")
    func directoryVerdict() throws {
        var builder = StreamBuilder()
        builder.scenario("Undefined", [.undefined("a missing step")])
        builder.scenario("Unfinished", tags: ["@inprogress"], [.failed("a step")])
        builder.success = false
        let stream = builder.build()
        func junit(_ verdict: RunVerdict?, byFormatters: Bool) throws -> String {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            var reports = ReportDirectory(directory: directory)
            if let verdict { reports.verdict = verdict }
            if byFormatters {
                // A query of the caller's own, made before the directory's verdict was known.
                let query = RunQuery(retention: .streaming)
                let reporter = Reporter(query: query, formatters: try reports.makeFormatters(query: query))
                for envelope in stream { try reporter.consume(envelope) }
                try reporter.finish()
            } else {
                try reports.write(stream)
            }
            return try String(contentsOf: directory.appendingPathComponent("junit.xml"), encoding: .utf8)
        }
        let lenient = RunVerdict(strict: false, workInProgressTag: "@inprogress")
        for byFormatters in [false, true] {
            #expect(try junit(nil, byFormatters: byFormatters).contains(#"failures="2""#))
            #expect(try junit(lenient, byFormatters: byFormatters).contains(#"failures="0""#))
        }
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

/// Which output a report path gets, and what one failing report costs the others.
@Suite("Report paths that are not plain files, and failing reports")
struct ReportPathTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "spec-report-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func kind(of path: String) -> mode_t {
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        return status.st_mode & S_IFMT
    }

    /// Whether `/dev/null` is the null device (a process elsewhere on the machine may have replaced it).
    static var nullIsADevice: Bool {
        var status = stat()
        return lstat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
    }

    @Test(
        "/dev/null is written through and is still a character device afterwards",
        .enabled(if: nullIsADevice, "/dev/null is not a character device on this machine: something replaced it"))
    func devNull() throws {
        let output = try reportFileOutput(at: URL(fileURLWithPath: "/dev/null"))
        #expect(output is WriteThroughOutput, "a device is never replaced")
        try output.write("<testsuite/>")
        try output.close()
        #expect(kind(of: "/dev/null") == S_IFCHR)
    }

    @Test("an atomic output refuses a destination that is not a regular file, so it can never replace it")
    func atomicRefusesSpecialFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("report.fifo")
        try #require(mkfifo(fifo.path, 0o644) == 0)
        #expect(throws: ReportError.notAFile(path: fifo.path, kind: "a FIFO")) {
            _ = try AtomicFileOutput(fifo)
        }
        #expect(throws: ReportError.notAFile(path: directory.path, kind: "a folder")) {
            _ = try reportFileOutput(at: directory)
        }
        #expect(kind(of: fifo.path) == S_IFIFO)
    }

    @Test("a FIFO that no process reads is an error after a bounded wait, not a hang")
    func fifoWithoutReader() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("lonely.fifo")
        try #require(mkfifo(fifo.path, 0o644) == 0)
        #expect {
            _ = try reportFileOutput(at: fifo, fifoReaderWait: .milliseconds(100))
        } throws: { error in
            "\(error)".contains(fifo.path) && "\(error)".contains("no process opened the FIFO for reading")
        }
    }

    @Test("a symbolic link to nothing yet creates its target and stays a link; a link loop is an error")
    func danglingLinkAndLoop() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("junit.xml")
        let target = directory.appendingPathComponent("real/junit.xml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/junit.xml")
        try writeAtomically(Array("report".utf8), to: link)
        #expect(kind(of: link.path) == S_IFLNK)
        #expect(try String(contentsOf: target, encoding: .utf8) == "report")

        let loop = directory.appendingPathComponent("loop.xml")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: "loop.xml")
        #expect {
            try writeAtomically(Array("report".utf8), to: loop)
        } throws: { error in
            "\(error)".contains(loop.path) && "\(error)".contains("loop")
        }
    }

    @Test("a report folder whose path is a file is an error naming the file")
    func folderThatIsAFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("reports")
        try Data("x".utf8).write(to: file)
        #expect(throws: ReportError.notAFolder(path: file.path, kind: "a regular file")) {
            _ = try reportFileOutput(at: file.appendingPathComponent("sub/junit.xml"))
        }
    }

    @Test("clearing a report folder's top removes its report files only: a FIFO or a symbolic link stays")
    func removeReportFilesKeepsSpecialFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("old".utf8).write(to: directory.appendingPathComponent("report.md"))
        try #require(mkfifo(directory.appendingPathComponent("junit.xml").path, 0o644) == 0)
        try Data("kept".utf8).write(to: directory.appendingPathComponent("elsewhere.json"))
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("cucumber.json").path, withDestinationPath: "elsewhere.json")
        ReportDirectory(directory: directory).removeReportFiles()
        #expect(kind(of: directory.appendingPathComponent("report.md").path) == 0, "a report file is removed")
        #expect(kind(of: directory.appendingPathComponent("junit.xml").path) == S_IFIFO)
        #expect(kind(of: directory.appendingPathComponent("cucumber.json").path) == S_IFLNK)
    }

    @Test("a replaced report keeps the previous file's permissions")
    func keepsPermissions() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("report.md")
        try Data("old".utf8).write(to: url)
        try #require(chmod(url.path, 0o600) == 0)
        try writeAtomically(Array("new".utf8), to: url)
        var status = stat()
        try #require(stat(url.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
    }

    /// An output whose writes fail, as a full disk's do.
    final class FailingOutput: ReportOutput {
        let name = "full.xml"
        func write(_ bytes: UnsafeRawBufferPointer) throws(ReportError) {
            throw ReportError.cannotWrite(destination: name, reason: "No space left on device")
        }
        func close() throws(ReportError) {}
    }

    @Test("one report failing costs only that report: the others get the whole stream")
    func failingReportIsolated() throws {
        var builder = StreamBuilder()
        builder.scenario("Passing", [.passed("a step")])
        builder.scenario("Failing", [.failed("it breaks")])
        let query = RunQuery()
        let failing = MessageFormatter(output: FailingOutput(), query: query)
        let junitOutput = MemoryOutput()
        let junit = JUnitFormatter(output: junitOutput, query: query)
        let reporter = Reporter(query: query, formatters: [failing, junit])
        for envelope in builder.build() { try? reporter.consume(envelope) }
        #expect(throws: ReportError.cannotWrite(destination: "full.xml", reason: "No space left on device")) {
            try reporter.finish()
        }
        #expect(reporter.error(of: failing) != nil)
        #expect(reporter.error(of: junit) == nil)
        #expect(reporter.errors.count == 1)
        #expect(junitOutput.isClosed)
        #expect(junitOutput.text.contains("tests=\"2\""), "\(junitOutput.text.prefix(300))")
        #expect(junitOutput.text.contains("failures=\"1\""))
        #expect(!junitOutput.text.contains("interrupted"))
    }
}
