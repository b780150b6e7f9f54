import Foundation
import Messages

/// Decodes the lines of a runner process's stream. The four messages every step and scenario sends
/// (`testCaseStarted`, `testStepStarted`, `testStepFinished` without a message, `testCaseFinished`) are read straight
/// from the bytes, in the exact shape the harness's own writer gives them; any other line, or one of another shape,
/// goes through `JSONDecoder`. Foundation's decoder alone made a run in a runner process several times slower than
/// in one process.
struct ExecutionLineDecoder {
    private let decoder = JSONDecoder()

    /// The envelope of one line.
    ///
    /// - Throws: the decoder's error, for a line that is not an envelope.
    func decode(_ line: ArraySlice<UInt8>) throws -> Envelope {
        let fast = line.withUnsafeBufferPointer { buffer -> Envelope? in
            var scanner = Scanner(bytes: buffer)
            return scanner.envelope()
        }
        if let fast { return fast }
        return try decoder.decode(Envelope.self, from: Data(line))
    }

    /// Reads one line of the shapes it knows; nil for anything else.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func envelope() -> Envelope? {
            guard literal("{\"test") else { return nil }
            if literal("StepStarted\":{\"testCaseStartedId\":") {
                guard let testCaseStartedId = string(), literal(",\"testStepId\":"), let testStepId = string(),
                    literal(",\"timestamp\":"), let timestamp = timestamp(), literal("}}"), atEnd
                else { return nil }
                return .testStepStarted(
                    TestStepStarted(testCaseStartedId: testCaseStartedId, testStepId: testStepId, timestamp: timestamp))
            }
            if literal("StepFinished\":{\"testCaseStartedId\":") {
                guard let testCaseStartedId = string(), literal(",\"testStepId\":"), let testStepId = string(),
                    literal(",\"testStepResult\":{\"duration\":"), let duration = duration(), literal(",\"status\":"),
                    let statusText = string(), let status = TestStepResultStatus(rawValue: statusText), literal("}"),
                    literal(",\"timestamp\":"), let timestamp = timestamp(), literal("}}"), atEnd
                else { return nil }
                return .testStepFinished(
                    TestStepFinished(
                        testCaseStartedId: testCaseStartedId, testStepId: testStepId,
                        testStepResult: TestStepResult(
                            duration: duration, message: nil, status: status, exception: nil),
                        timestamp: timestamp))
            }
            if literal("CaseStarted\":{\"attempt\":") {
                guard let attempt = integer(), literal(",\"id\":"), let id = string(), literal(",\"testCaseId\":"),
                    let testCaseId = string()
                else { return nil }
                var workerId: String?
                if literal(",\"workerId\":") {
                    guard let worker = string() else { return nil }
                    workerId = worker
                }
                guard literal(",\"timestamp\":"), let timestamp = timestamp(), literal("}}"), atEnd else { return nil }
                return .testCaseStarted(
                    TestCaseStarted(
                        attempt: attempt, id: id, testCaseId: testCaseId, workerId: workerId, timestamp: timestamp))
            }
            if literal("CaseFinished\":{\"testCaseStartedId\":") {
                guard let testCaseStartedId = string(), literal(",\"timestamp\":"), let timestamp = timestamp(),
                    literal(",\"willBeRetried\":")
                else { return nil }
                let willBeRetried: Bool
                if literal("true") {
                    willBeRetried = true
                } else if literal("false") {
                    willBeRetried = false
                } else {
                    return nil
                }
                guard literal("}}"), atEnd else { return nil }
                return .testCaseFinished(
                    TestCaseFinished(
                        testCaseStartedId: testCaseStartedId, timestamp: timestamp, willBeRetried: willBeRetried))
            }
            return nil
        }

        var atEnd: Bool {
            var end = bytes.count
            while end > index, bytes[end - 1] == UInt8(ascii: "\r") || bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            return index == end
        }

        /// Consumes `text` when the bytes go on with it.
        mutating func literal(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let matches = text.withUTF8Buffer { expected in
                for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
                return true
            }
            if matches { index += count }
            return matches
        }

        /// A string without escapes (the ids and statuses the harness writes); nil for one with any.
        mutating func string() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index + 1
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                if bytes[end] == UInt8(ascii: "\\") || bytes[end] < 0x20 { return nil }
                end += 1
            }
            guard end < bytes.count else { return nil }
            index = end + 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        /// A whole number of at most 18 digits, maybe negative.
        mutating func integer() -> Int? {
            var negative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            var value = 0
            var digits = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
                if digits > 18 { return nil }
            }
            guard digits > 0 else { return nil }
            return negative ? -value : value
        }

        mutating func timestamp() -> Timestamp? {
            guard literal("{\"seconds\":"), let seconds = integer(), literal(",\"nanos\":"), let nanos = integer(),
                literal("}"), (0..<1_000_000_000).contains(nanos), Timestamp.validSeconds.contains(seconds)
            else { return nil }
            return Timestamp(seconds: seconds, nanos: nanos)
        }

        mutating func duration() -> MessageDuration? {
            guard literal("{\"seconds\":"), let seconds = integer(), literal(",\"nanos\":"), let nanos = integer(),
                literal("}"), (0..<1_000_000_000).contains(nanos), MessageDuration.validSeconds.contains(seconds)
            else { return nil }
            return MessageDuration(seconds: seconds, nanos: nanos)
        }
    }
}
