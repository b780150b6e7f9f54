import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `feed-specs` does with report paths that are not plain files, with a disk that fills up, and with a
/// console that is closed early.
@Suite(
    "feed-specs: report files under attack",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct ReportWritingTests {
    /// The files of a report folder: the reports and the run history.
    /// The run history's lock file, which stays beside it (`RunHistory.add`).
    static let historyLock = "history.json.lock"
    static let reportNames = [
        "cucumber-messages.ndjson", "cucumber.json", "history.json", "junit.xml", "report.html", "report.md",
        "rerun.txt", "usage.txt",
    ]

    /// Runs `feed-specs` through `/bin/sh -c SCRIPT` (the executable is `"$0"`, the arguments `"$@"`), with standard
    /// output read to its end.
    static func runInShell(
        _ script: String, _ arguments: [String], in directory: URL
    ) async throws -> (status: Int32, signalled: Bool, output: String, errors: String) {
        let executable = try #require(FeedSpecsCommand.url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, executable.path] + arguments
        process.currentDirectoryURL = directory
        let outcome = try await process.readToEnd(try process.start(), name: "sh -c \(script)")
        return (outcome.status, outcome.signalled, outcome.output, outcome.errorOutput)
    }

    @Test("a FIFO given as a report path is written through to its reader, never replaced")
    func fifo() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("junit.fifo")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let reader = FIFOReader(path: fifo.path)
        let outcome = try await FeedSpecsCommand.run(
            ["--format", "summary", "--format", "junit:\(fifo.path)"], in: directory)
        let read = await String(decoding: reader.wait(seconds: 10) ?? Data(), as: UTF8.self)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(read.hasPrefix("<?xml"), "the reader got the report")
        #expect(read.contains("</testsuite>"))
        #expect(Self.kind(of: fifo.path) == S_IFIFO, "still a FIFO")
    }

    @Test("a symbolic link given as a report path stays a link; its target gets the report")
    func symbolicLink() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("kept/junit.xml")
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: target)
        let link = directory.appendingPathComponent("junit-link.xml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let outcome = try await FeedSpecsCommand.run(
            ["--format", "summary", "--format", "junit:\(link.path)"], in: directory)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(Self.kind(of: link.path) == S_IFLNK, "still a symbolic link")
        #expect(try String(contentsOf: target, encoding: .utf8).contains("</testsuite>"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path) == [
                "junit.xml"
            ])
    }

    @Test(
        "a character device given as a report path (made with mknod, as /dev/null is) stays a device",
        .enabled(if: getuid() == 0 && isLinux, "mknod of the null device's numbers needs root (and Linux's numbering)"))
    func characterDevice() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A node of its own for the null device (1, 3), in a temporary folder: a run that replaced it would
        // replace this node only.
        let device = directory.appendingPathComponent("null")
        #expect(mknod(device.path, S_IFCHR | 0o666, (1 << 8) | 3) == 0)
        let outcome = try await FeedSpecsCommand.run(
            ["--format", "summary", "--format", "junit:\(device.path)"], in: directory)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(Self.kind(of: device.path) == S_IFCHR, "still a character device")
    }

    @Test("a folder or a socket given as a report path is an error naming it, before anything runs")
    func folderOrSocket() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("junit.xml")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let outcome = try await FeedSpecsCommand.run(["--format", "junit:\(folder.path)"], in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("\(folder.path): it is a folder"), "\(outcome.errors)")
        #expect(FeedSpecsCommand.count("scenario", in: outcome.output) == nil, "nothing ran")

        let socketPath = directory.appendingPathComponent("s.sock").path
        #if os(Linux)
            let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let socket = Darwin.socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0)
        let onSocket = try await FeedSpecsCommand.run(["--format", "junit:\(socketPath)"], in: directory)
        #expect(onSocket.status == 2)
        #expect(onSocket.errors.contains("\(socketPath): it is a socket"), "\(onSocket.errors)")
        #expect(Self.kind(of: socketPath) == S_IFSOCK)
    }

    @Test("an --out that is a file is an error naming it")
    func outIsAFile() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("notes".utf8).write(to: directory.appendingPathComponent("out"))
        let outcome = try await FeedSpecsCommand.run(["--out", "out"], in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("out: it is a regular file, not a folder"), "\(outcome.errors)")
        #expect(try String(contentsOf: directory.appendingPathComponent("out"), encoding: .utf8) == "notes")
    }

    @Test(
        "a full disk keeps the previous report, leaves no temporary file, says which and why, lists only what was written"
    )
    func fullDisk() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await FeedSpecsCommand.run(["--out", "out"], in: directory)
        try #require(first.status == 0, "\(first.errors)")
        let scenarios = try #require(FeedSpecsCommand.count("scenario", in: first.output))
        let out = directory.appendingPathComponent("out")
        var previous: [String: Data] = [:]
        for name in Self.reportNames { previous[name] = try Data(contentsOf: out.appendingPathComponent(name)) }
        // 100 KB per file (200 blocks of 512 bytes): the message stream (about 300 KB) and the HTML report
        // (about 190 KB) cannot be written; the smaller reports can. SIGXFSZ ignored: a write past the limit
        // fails with EFBIG, as one fails with ENOSPC on a full disk.
        let limited = try await Self.runInShell(
            "trap '' XFSZ; ulimit -f 200 && exec \"$0\" \"$@\"", ["--out", "out"], in: directory)
        #expect(limited.status == 1, "\(limited.output)\(limited.errors)")
        for name in ["cucumber-messages.ndjson", "report.html"] {
            #expect(try Data(contentsOf: out.appendingPathComponent(name)) == previous[name], "\(name) kept")
            #expect(!limited.output.contains("out/\(name)"), "\(name) not listed as written")
        }
        #expect(limited.errors.contains("the message report was not written"), "\(limited.errors)")
        #expect(limited.errors.contains("out/cucumber-messages.ndjson: File too large"), "\(limited.errors)")
        #expect(limited.errors.contains("the html report was not written"), "\(limited.errors)")
        let junit = try String(contentsOf: out.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(limited.output.contains("out/junit.xml"))
        #expect(junit.contains("tests=\"\(scenarios)\""), "the JUnit report of this whole run")
        #expect(!junit.contains("interrupted"), "written from the whole stream: \(junit.prefix(300))")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == (Self.reportNames + [Self.historyLock]).sorted(), "no temporary file left: \(names)")
    }

    // TMPDIR is where Foundation makes temporary files on Linux (Apple platforms use a per-user folder).
    #if os(Linux)
        @Test(
            "a temporary folder the reports cannot use keeps every previous report and says why, rather than write empty ones"
        )
        func unusableTemporaryFolder() async throws {
            let directory = try FeedSpecsCommand.workspace()
            defer { try? FileManager.default.removeItem(at: directory) }
            // Enough scenarios that the reports' index of the run outgrows its 256 KB in memory and needs a temporary
            // file: before, with TMPDIR unusable, junit.xml said tests="0", cucumber.json [], and the run exited 0.
            var spec = "Feature: Many\n"
            for index in 0..<2_000 { spec += "  Scenario: Number \(index)\n    Given the customer has connectivity\n" }
            try spec.write(
                to: directory.appendingPathComponent("Specs/many.feature"), atomically: true, encoding: .utf8)
            let first = try await FeedSpecsCommand.run(["--dry-run", "--out", "out"], in: directory)
            try #require(first.status == 0, "\(first.errors)")
            let out = directory.appendingPathComponent("out")
            var previous: [String: Data] = [:]
            for name in Self.reportNames { previous[name] = try Data(contentsOf: out.appendingPathComponent(name)) }

            let missing = directory.appendingPathComponent("no-such-folder").path
            let second = try await FeedSpecsCommand.run(
                ["--dry-run", "--out", "out"], in: directory, environment: ["TMPDIR": missing])
            #expect(second.status == 1, "\(second.output)\(second.errors)")
            #expect(second.errors.contains("cannot make a temporary file in \(missing)"), "\(second.errors)")
            for name in ["junit.xml", "cucumber.json", "report.html", "report.md", "rerun.txt", "history.json"] {
                #expect(try Data(contentsOf: out.appendingPathComponent(name)) == previous[name], "\(name) kept")
                #expect(!second.output.contains("out/\(name)"), "\(name) not listed as written")
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            #expect(names == (Self.reportNames + [Self.historyLock]).sorted(), "no temporary file left: \(names)")
        }
    #endif

    @Test("a console closed early (| head) costs no report file: the run finishes them and exits with 141")
    func closedConsole() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Its standard output is a pipe whose only reader (`true`) is gone before it writes: the shell made that
        // pipe, so no other process the tests start can hold it open. The status is said on standard error.
        let outcome = try await Self.runInShell(
            #"("$0" "$@"; echo "status $?" >&2) | true"#, ["--format", "pretty", "--out", "out"], in: directory)
        // The shell says 141 for a process SIGPIPE killed too: what tells them apart is that this one said why and
        // went on to write every report.
        #expect(outcome.errors.contains("status 141"), "\(outcome.errors)")
        #expect(outcome.errors.contains("standard output was closed"), "\(outcome.errors)")
        let out = directory.appendingPathComponent("out")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == (Self.reportNames + [Self.historyLock]).sorted(), "every report, no temporary file: \(names)")
        let messages = try String(contentsOf: out.appendingPathComponent("cucumber-messages.ndjson"), encoding: .utf8)
        #expect(messages.contains("testRunFinished"), "the whole run")
    }

    static func kind(of path: String) -> mode_t {
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        return status.st_mode & S_IFMT
    }
}

#if os(Linux)
    let isLinux = true
#else
    let isLinux = false
#endif

/// Reads a FIFO to its end on a thread of its own (opening it blocks until a writer comes).
final class FIFOReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(path: String) {
        Thread { [self] in
            if let handle = FileHandle(forReadingAtPath: path) {
                data = handle.readDataToEndOfFile()
            }
            done.signal()
        }.start()
    }

    /// What was read, or nil when the reader is still waiting after `seconds` (no writer ever came); the wait is on
    /// a thread of its own.
    func wait(seconds: Int) async -> Data? {
        await offThePool { [self] in done.wait(timeout: .now() + .seconds(seconds)) == .success ? data : nil }
    }
}
