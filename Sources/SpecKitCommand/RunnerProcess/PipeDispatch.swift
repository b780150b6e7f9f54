import Foundation
import SpecKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The test cases handed to a worker process, read from the pipe its command writes them to: one line per test
/// case, `ORDINAL ID-START SKIP` (`SKIP` 1 when every step is skipped); `done` when there are none left for this
/// worker; the end of the pipe once every worker has finished its test cases. Written by `WorkerDispatcher`.
final class PipeDispatch: TestCaseDispatch, @unchecked Sendable {
    // @unchecked: `pending` and `ended` are touched by the one thread that calls `next()` (the supply's
    // `spec-preparer`), and then by the one that waits for the end, after the supply has ended.
    private let descriptor: Int32
    private var pending: [UInt8] = []
    private var ended = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The line for `testCase`.
    static func line(_ testCase: DispatchedTestCase) -> [UInt8] {
        Array("\(testCase.ordinal) \(testCase.idStart) \(testCase.skipAll ? 1 : 0)\n".utf8)
    }

    /// The line saying there are no test cases left for the worker.
    static let doneLine = Array("done\n".utf8)

    func next() -> DispatchedTestCase? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if line == "done" { return nil }
                let fields = line.split(separator: " ")
                // Positions far past any run's (2^52) are refused: drawing ids from there could overflow.
                guard fields.count == 3, let ordinal = Int(fields[0]), let idStart = Int(fields[1]),
                    ordinal >= 0, idStart >= 0, ordinal < 1 << 52, idStart < 1 << 52, ["0", "1"].contains(fields[2])
                else {
                    // Not the command's: nothing more is taken from it.
                    ended = true
                    StandardStreams.writeError("the worker's test cases are unreadable at \(line.debugDescription)\n")
                    return nil
                }
                return DispatchedTestCase(ordinal: ordinal, idStart: idStart, skipAll: fields[2] == "1")
            }
            guard !ended else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                ended = true
                continue
            }
            pending.append(contentsOf: buffer[0..<count])
        }
    }

    func everyWorkerFinished() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread { [self] in
                var buffer = [UInt8](repeating: 0, count: 256)
                while !ended {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { ended = true }
                }
                continuation.resume()
            }
            thread.name = "spec-worker-end"
            thread.start()
        }
    }
}
