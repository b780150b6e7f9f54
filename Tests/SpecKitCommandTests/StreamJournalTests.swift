import Foundation
import Messages
import Synchronization
import Testing

@testable import SpecKitCommand

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A runner process writes its stream to the pipe in large pieces and keeps the rest in a journal it shares with the
/// command: what the pipe carried and what the journal holds is always the whole stream, in order.
@Suite struct StreamJournalTests {
    /// What the command reads from the pipe of a runner process whose sink emits `sent`, then dies: the pipe is read
    /// to its end on a thread of its own, and what the sink buffered never reaches it.
    static func received(
        _ sent: [Envelope], journal: StreamJournal, writesEachTestCase: Bool
    ) throws -> [UInt8] {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[1]) }
        let readEnd = ends[0]
        let received = Mutex<[UInt8]>([])
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                received.withLock { $0 += buffer[0..<count] }
            }
            close(readEnd)
            done.signal()
        }
        reader.start()
        do {
            let sink = ChildStreamSink(descriptor: ends[1], journal: journal, writesEachTestCase: writesEachTestCase)
            for envelope in sent { sink.emit(envelope) }
            withExtendedLifetime(sink) {
                // The process dies: its end of the pipe closes (the descriptor now names /dev/null, where the sink's
                // buffer goes when it is released).
                let null = open("/dev/null", O_WRONLY)
                _ = dup2(null, ends[1])
                close(null)
                done.wait()
            }
        }
        return received.withLock { $0 }
    }

    /// The envelopes of a test case that passed its first step and started its second, then more test cases.
    static func messages(testCases: Int) -> [Envelope] {
        let at = Timestamp(seconds: 1, nanos: 0)
        let passed = TestStepResult(duration: .zero, message: nil, status: .passed, exception: nil)
        return (0..<testCases).flatMap { index -> [Envelope] in
            let attempt = "a\(index)"
            return [
                .testCaseStarted(
                    TestCaseStarted(attempt: 0, id: attempt, testCaseId: "tc\(index)", workerId: nil, timestamp: at)),
                .testStepStarted(TestStepStarted(testCaseStartedId: attempt, testStepId: "s1", timestamp: at)),
                .testStepFinished(
                    TestStepFinished(
                        testCaseStartedId: attempt, testStepId: "s1", testStepResult: passed, timestamp: at)),
                .testStepStarted(TestStepStarted(testCaseStartedId: attempt, testStepId: "s2", timestamp: at)),
                .testStepFinished(
                    TestStepFinished(
                        testCaseStartedId: attempt, testStepId: "s2", testStepResult: passed, timestamp: at)),
                .testCaseFinished(TestCaseFinished(testCaseStartedId: attempt, timestamp: at, willBeRetried: false)),
            ]
        }
    }

    @Test(arguments: [1, 3, 400])
    func `what the pipe carried and the journal holds is the stream up to the step that runs`(testCases: Int) throws {
        let journal = try #require(StreamJournal.make())
        // The process dies in the last test case's second step.
        let sent = Array(Self.messages(testCases: testCases).dropLast(2))
        let received = try Self.received(sent, journal: journal, writesEachTestCase: false)
        let whole = received + journal.bytes(after: received.count)
        #expect(whole == NDJSONWriter.encode(sent))
        // 400 test cases are more than 64 KiB: part of them went through the pipe, and the journal held the rest.
        if testCases == 400 { #expect(received.count >= 1 << 16) }
        #expect(received.count < whole.count, "the journal held the running test case")
    }

    @Test func `a worker writes each finished test case out, and the journal holds nothing more`() throws {
        let journal = try #require(StreamJournal.make())
        let sent = Self.messages(testCases: 2)
        let received = try Self.received(sent, journal: journal, writesEachTestCase: true)
        #expect(received == NDJSONWriter.encode(sent))
        #expect(journal.bytes(after: received.count).isEmpty)
    }

    @Test func `the journal gives nothing for what the pipe already carried, or for a stream it does not hold`()
        throws
    {
        let journal = try #require(StreamJournal.make())
        let bytes = Array("{\"a\":1}\n{\"b\":2}\n".utf8)
        bytes.withUnsafeBytes { journal.hold($0, from: 100) }
        #expect(journal.bytes(after: 100) == bytes)
        #expect(journal.bytes(after: 108) == Array(bytes[8...]))
        #expect(journal.bytes(after: 116).isEmpty)
        #expect(journal.bytes(after: 99).isEmpty, "the pipe carried less than the journal's start: not this stream")
        journal.empty(at: 116)
        #expect(journal.bytes(after: 116).isEmpty)
    }
}
