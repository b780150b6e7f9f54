import Foundation
import Messages
import SpecReports
import Testing

/// Timestamps and durations at the limits of `Int`: no report traps on them, whatever stream it is given.
@Suite("Reports on extreme timestamps and durations")
struct ExtremeValuesTests {
    /// A small run whose step durations and timestamps are replaced by `seconds`.
    private func stream(durationSeconds: Int, timestampSeconds: (start: Int, end: Int)) -> [Envelope] {
        var builder = StreamBuilder()
        builder.scenario("Passing", [.passed("a step"), .passed("another step")])
        builder.scenario("Failing", [.failed("it breaks")])
        return builder.build().map { envelope in
            switch envelope {
            case .testStepFinished(var finished):
                finished.testStepResult.duration = MessageDuration(seconds: durationSeconds, nanos: 999_999_999)
                return .testStepFinished(finished)
            case .testRunStarted(var started):
                started.timestamp = Timestamp(seconds: timestampSeconds.start, nanos: 999_999_999)
                return .testRunStarted(started)
            case .testRunFinished(var finished):
                finished.timestamp = Timestamp(seconds: timestampSeconds.end, nanos: 0)
                return .testRunFinished(finished)
            case .testCaseStarted(var started):
                started.timestamp = Timestamp(seconds: timestampSeconds.start, nanos: 0)
                return .testCaseStarted(started)
            case .testCaseFinished(var finished):
                finished.timestamp = Timestamp(seconds: timestampSeconds.end, nanos: 999_999_999)
                return .testCaseFinished(finished)
            default:
                return envelope
            }
        }
    }

    @Test(
        "every format writes its report without trapping",
        arguments: [
            (9_223_372_037, (0, 1)), (Int.max, (Int.min, Int.max)), (Int.min, (Int.max, Int.min)),
            (-1, (Int.max, 0)),
        ])
    func everyFormat(durationSeconds: Int, timestamps: (Int, Int)) throws {
        let envelopes = stream(durationSeconds: durationSeconds, timestampSeconds: timestamps)
        for format in ReportFormat.allCases {
            let output = MemoryOutput()
            let formatter = format.makeFormatter(output: output, settings: ReportSettings(), query: RunQuery())
            try formatter.format(envelopes)
            #expect(output.isClosed, "\(format)")
            #expect(!output.bytes.isEmpty, "\(format)")
        }
    }

    @Test("duration arithmetic saturates instead of trapping")
    func saturatingArithmetic() {
        #expect(MessageDuration(seconds: 9_223_372_037, nanos: 0).nanoseconds == Int.max)
        #expect(MessageDuration(seconds: Int.min, nanos: 0).nanoseconds == Int.min)
        #expect(MessageDuration.max + MessageDuration(seconds: 1, nanos: 0) == .max)
        #expect(MessageDuration.min + MessageDuration(seconds: -1, nanos: 0) == .min)
        #expect(Timestamp(seconds: Int.min, nanos: 0).duration(to: Timestamp(seconds: Int.max, nanos: 0)) == .max)
        #expect(Timestamp(seconds: Int.max, nanos: 0).duration(to: Timestamp(seconds: Int.min, nanos: 0)) == .min)
        #expect(MessageDuration(seconds: 1, nanos: 499_999).count(ofNanoseconds: 1_000_000) == 1_000)
        #expect(MessageDuration(seconds: 1, nanos: 500_000).count(ofNanoseconds: 1_000_000) == 1_001)
        #expect(MessageDuration(seconds: Int.max, nanos: 0).count(ofNanoseconds: 1_000_000) == Int.max)
    }

    @Test(
        "a stream's timestamp or duration out of the schema's range is an error naming the line and the field",
        arguments: [
            (
                #"{"testRunStarted":{"timestamp":{"seconds":9223372036854775807,"nanos":0}}}"#,
                "testRunStarted.timestamp.seconds"
            ),
            (#"{"testRunStarted":{"timestamp":{"seconds":0,"nanos":1000000000}}}"#, "testRunStarted.timestamp.nanos"),
            (
                #"{"testStepFinished":{"testCaseStartedId":"1","testStepId":"2","testStepResult":{"duration":{"seconds":9223372037,"nanos":0},"status":"PASSED"},"timestamp":{"seconds":0,"nanos":0}}}"#,
                "testStepFinished.testStepResult.duration.seconds"
            ),
        ])
    func outOfRangeIsAnError(line: String, field: String) {
        let data = Data(
            ("{\"meta\":{\"protocolVersion\":\"1\",\"implementation\":{\"name\":\"x\"},\"runtime\":{\"name\":\"x\"},"
                + "\"os\":{\"name\":\"x\"},\"cpu\":{\"name\":\"x\"}}}\n" + line + "\n").utf8)
        #expect {
            _ = try NDJSONReader().read(data, file: "shard.ndjson")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("shard.ndjson:2: ") && text.contains(field) && text.contains("out of range")
        }
    }
}
