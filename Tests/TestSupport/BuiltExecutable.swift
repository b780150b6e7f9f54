import Foundation

/// An executable of the package, built with the tests (the test target depends on it) and found next to the test
/// bundle, or at the path in its environment variable when set.
package struct BuiltExecutable: Sendable {
    /// `feed-specs`, the harness's command with the feed's steps (or `FEED_SPECS`).
    package static let feedSpecs = BuiltExecutable(name: "feed-specs", override: "FEED_SPECS")

    /// The executable `name`, or the one at the path in `override` when set.
    package init(name: String, override: String) {
        self.name = name
        self.override = override
    }

    /// The product's name.
    package let name: String
    /// The environment variable that, when set, holds the executable's path.
    package let override: String

    /// Whether the executable is there.
    package var isAvailable: Bool { url != nil }

    /// Where the executable is, or nil when it was not built.
    package var url: URL? {
        if let path = ProcessInfo.processInfo.environment[override] {
            return URL(fileURLWithPath: path)
        }
        #if os(Linux)
            guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
                return nil
            }
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        #else
            guard let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) else {
                return nil
            }
            let directory = bundle.bundleURL.deletingLastPathComponent()
        #endif
        let candidate = directory.appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    package struct Outcome: Sendable {
        package let status: Int32
        package let output: String
        package let errorOutput: String
    }

    /// Runs the executable with `arguments` to completion: one still running after `childProcessHangGuardSeconds` is
    /// killed and `HungChild` thrown. With `fileSizeLimitBlocks`, it runs under `ulimit -f` with SIGXFSZ ignored, so
    /// any write past that many 512-byte blocks fails (EFBIG) as writes fail on a full disk. With `memoryLimitKB`, it
    /// runs under `ulimit -v`: past that much memory, allocations fail and it crashes.
    /// `currentDirectory` and `environment` (the whole environment) default to the test's own. The wait is on
    /// threads of their own, never on the tests' cooperative threads.
    package func run(
        _ arguments: [String], currentDirectory: URL? = nil, environment: [String: String]? = nil,
        fileSizeLimitBlocks: Int? = nil, memoryLimitKB: Int? = nil
    ) async throws -> Outcome {
        guard let url else { throw NotBuilt(name: name) }
        let process = Process()
        var limits: [String] = []
        if let fileSizeLimitBlocks { limits.append("trap '' XFSZ; ulimit -f \(fileSizeLimitBlocks)") }
        if let memoryLimitKB { limits.append("ulimit -v \(memoryLimitKB)") }
        if !limits.isEmpty {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", limits.joined(separator: " && ") + " && exec \"$0\" \"$@\"", url.path] + arguments
        } else {
            process.executableURL = url
            process.arguments = arguments
        }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        if let environment { process.environment = environment }
        let outcome = try await process.readToEnd(try process.start(), name: name)
        return Outcome(status: outcome.status, output: outcome.output, errorOutput: outcome.errorOutput)
    }

    /// `run`, for the one caller that cannot suspend: a store's transaction, whose closure is synchronous and must
    /// stay open while another process reads the store. It holds the calling thread until the child ends (under
    /// the same hang guard): there, the store's own queue (`DiskExecutor`), never a thread of the cooperative pool.
    /// Everything else uses `run`.
    package func runHoldingThread(_ arguments: [String]) throws -> Outcome {
        guard let url else { throw NotBuilt(name: name) }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let outcome = try process.readToEndHoldingThread(try process.start(), name: name)
        return Outcome(status: outcome.status, output: outcome.output, errorOutput: outcome.errorOutput)
    }
}

/// An executable that was not found next to the test bundle.
package struct NotBuilt: Error, CustomStringConvertible {
    package let name: String
    package var description: String { "the \(name) executable was not found next to the test bundle" }
}

/// Reads a pipe to its end on another thread, so a full pipe never blocks the child.
package final class PipeCollector: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    package init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    package func wait() -> Data {
        done.wait()
        return data
    }
}
