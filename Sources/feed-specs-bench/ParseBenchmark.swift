import Foundation
import Gherkin
import Messages
import SpecKit

/// Parses and compiles every `.feature` file under some directories and writes the pickles as NDJSON,
/// timing the whole (reading, parsing, compiling, writing).
///
/// By default the NDJSON is written on a second thread while the next file is parsed (a pipeline of two
/// stages); `serial` does everything on one thread.
struct ParseBenchmark {
    var directories: [String]
    var output = "/dev/null"
    var serial = false

    struct Figures {
        var files = 0
        var bytes = 0
        var pickles = 0
        var steps = 0
        var errors = 0
        var seconds = 0.0

        var summary: String {
            let megabytes = Double(bytes) / 1_000_000
            return """
                files:   \(files)
                bytes:   \(bytes) (\(String(format: "%.2f", megabytes)) MB)
                pickles: \(pickles) (\(steps) steps)
                errors:  \(errors)
                seconds: \(String(format: "%.3f", seconds))
                MB/s:    \(String(format: "%.1f", seconds > 0 ? megabytes / seconds : 0))
                """
        }
    }

    /// The `.feature` files under the directories, sorted by path (found as the runner finds them).
    static func featureFiles(in directories: [String]) throws -> [String] {
        do {
            return try SpecPaths.find(directories)
        } catch {
            throw BenchError(error.message)
        }
    }

    func run() throws -> Figures {
        let files = try Self.featureFiles(in: directories)
        guard let handle = FileHandle(forWritingAtPath: output) ?? createFile() else {
            throw BenchError("\(output): cannot open for writing")
        }
        let sink = PickleSink(writer: NDJSONWriter(fileHandle: handle, name: output))
        let queue = DispatchQueue(label: "feed-specs-bench.writer")
        var figures = Figures()
        var ids = IncrementingIdGenerator()
        let clock = ContinuousClock()
        let start = clock.now
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw BenchError("\(path): cannot read the file")
            }
            let result = Gherkin.parse(uri: path, data: data, idGenerator: &ids)
            figures.files += 1
            figures.bytes += data.count
            figures.errors += result.errors.count
            figures.pickles += result.pickles.count
            for pickle in result.pickles {
                figures.steps += pickle.steps.count
            }
            let pickles = result.pickles
            if serial {
                sink.write(pickles)
            } else {
                queue.async { sink.write(pickles) }
            }
        }
        try queue.sync {
            try sink.finish()
        }
        let elapsed = clock.now - start
        figures.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        try? handle.close()
        return figures
    }

    private func createFile() -> FileHandle? {
        guard FileManager.default.createFile(atPath: output, contents: nil) else { return nil }
        return FileHandle(forWritingAtPath: output)
    }
}

/// The writing stage: owns the NDJSON writer. Only the writer queue touches it after the benchmark starts (or
/// only the main thread, when serial), which is what makes the unchecked `Sendable` sound.
final class PickleSink: @unchecked Sendable {
    private var writer: NDJSONWriter
    private var failure: NDJSONWriteError?

    init(writer: consuming NDJSONWriter) {
        self.writer = writer
    }

    func write(_ pickles: [Pickle]) {
        guard failure == nil else { return }
        do {
            for pickle in pickles {
                try writer.write(.pickle(pickle))
            }
        } catch {
            failure = error
        }
    }

    func finish() throws {
        if let failure { throw failure }
        try writer.flush()
    }
}

/// A benchmark failure with a message for the user.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
