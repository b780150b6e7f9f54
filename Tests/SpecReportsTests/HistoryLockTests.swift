import Foundation
import SpecReports
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs writing one history at once: each adds its run, read and merged with what is on disk under the lock
/// beside the history; a history of a later version is left untouched.
@Suite struct HistoryLockTests {
    static func run(_ name: String) -> RunHistory.Run {
        RunHistory.Run(
            startedAt: name, success: true, scenarios: ["a.feature › \(name)": .init(status: "passed", milliseconds: 1)]
        )
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-lock-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Holds the history's lock as another run would, until released.
    final class Holder {
        let descriptor: Int32
        init(_ history: URL) throws {
            descriptor = open(history.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            try #require(descriptor >= 0)
            try #require(flock(descriptor, LOCK_EX) == 0)
        }
        func release() {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// Runs `body` on a thread of its own (it may block on the lock) and waits for it without holding one.
    static func onThread(_ body: @escaping @Sendable () -> String?) async -> String? {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    @Test func `a run adds to the history it read when the file is unchanged, and to the file's when another wrote it`()
        async throws
    {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("history.json")
        #expect(await Self.onThread { RunHistory.add(Self.run("A"), to: url) } == nil)
        // Unchanged since it was read: what was read is added to (its runs are the file's).
        let read = RunHistory.load(from: url).history
        #expect(await Self.onThread { RunHistory.add(Self.run("B"), to: url, read: read) } == nil)
        #expect(RunHistory.load(from: url).history.runs.map(\.startedAt) == ["A", "B"])
        // Another run wrote the file since: its run is kept, not replaced by what this one read.
        let stale = RunHistory.load(from: url).history
        #expect(await Self.onThread { RunHistory.add(Self.run("C"), to: url) } == nil)
        #expect(await Self.onThread { RunHistory.add(Self.run("D"), to: url, read: stale) } == nil)
        #expect(RunHistory.load(from: url).history.runs.map(\.startedAt) == ["A", "B", "C", "D"])
    }

    @Test
    func `a run is added to the history on disk when it ends, read inside the lock, not to the one it began with`()
        async throws
    {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("history.json")
        try RunHistory(runs: [Self.run("A")]).write(to: url)
        let holder = try Holder(url)
        // Started while another run holds the lock: it waits for it.
        async let added = Self.onThread { RunHistory.add(Self.run("B"), to: url) }
        // Meanwhile the other run adds its own, then releases the lock.
        try RunHistory(runs: [Self.run("A"), Self.run("C")]).write(to: url)
        holder.release()
        #expect(await added == nil)
        #expect(RunHistory.load(from: url).history.runs.map(\.startedAt) == ["A", "C", "B"])
    }

    @Test func `runs adding at once each add theirs`() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("history.json")
        let warnings = await withTaskGroup(of: String?.self) { group in
            for index in 0..<8 {
                group.addTask { await Self.onThread { RunHistory.add(Self.run("\(index)"), to: url) } }
            }
            var warnings: [String] = []
            for await warning in group { if let warning { warnings.append(warning) } }
            return warnings
        }
        #expect(warnings.isEmpty)
        #expect(Set(RunHistory.load(from: url).history.runs.map(\.startedAt)) == Set((0..<8).map { "\($0)" }))
    }

    @Test func `a lock held past the wait: the run is not added, with a warning naming the lock file`() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("history.json")
        try RunHistory(runs: [Self.run("A")]).write(to: url)
        let holder = try Holder(url)
        defer { holder.release() }
        let warning = await Self.onThread { RunHistory.add(Self.run("B"), to: url, lockWait: .milliseconds(20)) }
        #expect(warning?.contains("another run held its lock file \(url.path).lock") == true, "\(warning ?? "")")
        #expect(RunHistory.load(from: url).history.runs.map(\.startedAt) == ["A"])
    }

    @Test func `a history of a later version is left byte for byte, with a warning naming the file and both versions`()
        async throws
    {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("history.json")
        let bytes = Data(
            #"{"format":"feedspecs-run-history","version":99,"runs":[{"new":"field"}],"more":{"x":1}}"#.utf8)
        try bytes.write(to: url)
        let expected =
            "the run history \(url.path) is version 99, newer than this harness's version 2: it is left untouched "
            + "and this run is not added to it"
        #expect(RunHistory.load(from: url).warning == expected)
        #expect(await Self.onThread { RunHistory.add(Self.run("B"), to: url) } == expected)
        #expect(throws: ReportError.self) { try RunHistory(runs: [Self.run("B")]).write(to: url) }
        #expect(try Data(contentsOf: url) == bytes)
        #expect(!FileManager.default.fileExists(atPath: url.path + ".unreadable"))
    }
}
