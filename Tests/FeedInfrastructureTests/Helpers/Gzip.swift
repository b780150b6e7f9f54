import FeedTestSupport
import Foundation
import TestSupport

/// Makes gzip bodies with the system's `gzip` command (part of every Debian and macOS system).
enum Gzip {
    private static let executable = ["/usr/bin/gzip", "/bin/gzip"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static var isAvailable: Bool { executable != nil }

    /// `megabytes` MB of zero bytes, gzip-compressed.
    static func zeros(megabytes: Int) async throws -> Data {
        guard let executable else { throw AnyError(tag: "gzip not found") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-c", "-n"]
        let pipes = try process.start(input: .pipe, errors: .null)
        let input = pipes.input!
        let output = pipes.output!
        let hangGuard = HangGuard(process)
        let writer = Thread {
            let block = Data(count: 1024 * 1024)
            for _ in 0..<megabytes { input.fileHandleForWriting.write(block) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let reading = output.fileHandleForReading
        let packed = await offThePool {
            let packed = reading.readDataToEndOfFile()
            process.waitUntilExit()
            return packed
        }
        guard !hangGuard.disarm() else { throw AnyError(tag: "gzip was still running after its hang guard") }
        guard process.terminationStatus == 0 else { throw AnyError(tag: "gzip failed") }
        return packed
    }
}
