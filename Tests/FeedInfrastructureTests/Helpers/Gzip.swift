import FeedTestSupport
import Foundation

/// Makes gzip bodies with the system's `gzip` command (part of every Debian and macOS system).
enum Gzip {
    private static let executable = ["/usr/bin/gzip", "/bin/gzip"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static var isAvailable: Bool { executable != nil }

    /// `megabytes` MB of zero bytes, gzip-compressed.
    static func zeros(megabytes: Int) throws -> Data {
        guard let executable else { throw AnyError(tag: "gzip not found") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-c", "-n"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread {
            let block = Data(count: 1024 * 1024)
            for _ in 0..<megabytes { input.fileHandleForWriting.write(block) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let packed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw AnyError(tag: "gzip failed") }
        return packed
    }
}
