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
/// case, `ORDINAL ID-START SKIP` (`SKIP` 1 when every step is skipped), followed by `FILE INDEX FIRST-ID` when the
/// command says where its pickle is (`PickleOrigin`); `done` when there are none left for this worker; the end of
/// the pipe once every worker has finished its test cases. Written by `WorkerDispatcher`.
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
        var line = "\(testCase.ordinal) \(testCase.idStart) \(testCase.skipAll ? 1 : 0)"
        if let origin = testCase.origin { line += " \(origin.file) \(origin.index) \(origin.firstId)" }
        return Array((line + "\n").utf8)
    }

    /// The line saying there are no test cases left for the worker.
    static let doneLine = Array("done\n".utf8)

    func next() -> DispatchedTestCase? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if line == "done" { return nil }
                guard let dispatched = Self.testCase(line) else {
                    // Not the command's: nothing more is taken from it.
                    ended = true
                    StandardStreams.writeError("the worker's test cases are unreadable at \(line.debugDescription)\n")
                    return nil
                }
                return dispatched
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

    /// The test case `line` (without its newline) hands over, or nil when it is not a line `line(_:)` writes.
    static func testCase(_ line: String) -> DispatchedTestCase? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        func position(_ field: Substring) -> Int? {
            guard let value = Int(field), value >= 0, value < IdSource.positionLimit else { return nil }
            return value
        }
        guard fields.count == 3 || fields.count == 6, let ordinal = position(fields[0]),
            let idStart = position(fields[1]), ["0", "1"].contains(fields[2])
        else { return nil }
        var origin: PickleOrigin?
        if fields.count == 6 {
            guard let file = Int32(fields[3]), file >= 0, let index = Int32(fields[4]), index >= 0,
                let firstId = position(fields[5])
            else { return nil }
            origin = PickleOrigin(file: file, index: index, firstId: firstId)
        }
        return DispatchedTestCase(ordinal: ordinal, idStart: idStart, skipAll: fields[2] == "1", origin: origin)
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
