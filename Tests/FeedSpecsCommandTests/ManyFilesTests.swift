import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A streamed run's memory per spec file.
@Suite(
    "feed-specs on very many spec files",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct ManyFilesTests {
    /// The peak resident memory of process `pid` so far, in bytes (`VmHWM` in `/proc/PID/status`).
    static func peakMemory(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        let kilobytes = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        return kilobytes * 1024
    }

    /// The run is measured from outside while it waits in watch mode after its first run: the exit status of a
    /// child started by this (large) test process would count this process's memory too.
    @Test(
        "30,000 empty .feature files run in less than 100 MB (each kept a 4 KB buffer: 160 MB)",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "reads /proc (Linux)"))
    func emptyFiles() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("many-specs-\(UUID().uuidString)")
        let specs = directory.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for index in 0..<30_000 {
            let path = specs.appendingPathComponent("f\(index).feature").path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            try #require(descriptor >= 0)
            close(descriptor)
        }
        let process = Process()
        process.executableURL = FeedSpecsCommand.url
        process.arguments = ["specs", "--format", "summary", "--watch"]
        process.currentDirectoryURL = directory
        let output = try process.start(errors: .null).output!
        defer { if process.isRunning { process.terminate() } }
        let reading = output.fileHandleForReading
        let text = await offThePool {
            var text = ""
            while !text.contains("Watching") {
                let chunk = reading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
        #expect(text.contains("0 scenarios"), "\(text)")
        let bytes = try Self.peakMemory(of: process.processIdentifier)
        process.interrupt()
        #expect(await process.waitUntilExit(orKillAfter: 20), "Ctrl-C did not stop watch mode within 20 s")
        #expect(bytes < 100 << 20, "peak \(bytes >> 20) MB")
    }
}
