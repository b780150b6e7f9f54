import Foundation
import Messages
import Testing

@testable import SpecKit
@testable import SpecKitCommand

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the command hands the test cases of a parallel run to its worker processes: what each worker's pipe
/// receives, read back with the worker's own reader (`PipeDispatch`).
@Suite struct WorkerDispatcherTests {
    /// A worker's pipe: the dispatcher writes the one end, the test reads the other.
    final class WorkerPipe {
        let readEnd: Int32
        let write: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            readEnd = ends[0]
            write = ends[1]
            // Nonblocking, so that reading what was written so far never waits.
            _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        }

        deinit { close(readEnd) }

        /// The lines written so far; "EOF" once the dispatcher closed its end.
        func lines() -> [String] {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count > 0 {
                    bytes.append(contentsOf: buffer[0..<count])
                    continue
                }
                let text = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
                return count == 0 ? text + ["EOF"] : text
            }
        }
    }

    static func testCase(_ id: Int) -> TestCase {
        TestCase(id: "tc\(id)", pickleId: "p\(id)", testSteps: [], testRunStartedId: "run")
    }

    static func started(_ id: Int, attempt: String) -> Envelope {
        .testCaseStarted(
            TestCaseStarted(
                attempt: 0, id: attempt, testCaseId: "tc\(id)", workerId: nil,
                timestamp: Timestamp(seconds: 0, nanos: 0)))
    }

    static func stepFinished(_ attempt: String, _ status: TestStepResultStatus) -> Envelope {
        .testStepFinished(
            TestStepFinished(
                testCaseStartedId: attempt, testStepId: "s",
                testStepResult: TestStepResult(duration: .zero, message: nil, status: status, exception: nil),
                timestamp: Timestamp(seconds: 0, nanos: 0)))
    }

    static func finished(_ attempt: String, retried: Bool = false) -> Envelope {
        .testCaseFinished(
            TestCaseFinished(
                testCaseStartedId: attempt, timestamp: Timestamp(seconds: 0, nanos: 0), willBeRetried: retried))
    }

    /// Runs test case `id` on `worker` to its end with `status`.
    static func run(_ id: Int, on worker: Int, _ dispatcher: WorkerDispatcher, status: TestStepResultStatus = .passed) {
        let attempt = "a\(id)-\(worker)"
        dispatcher.saw(
            [started(id, attempt: attempt), stepFinished(attempt, status), finished(attempt)], worker: worker)
    }

    @Test func `nothing is handed out before every worker has started, then one each before anyone gets a second`()
        throws
    {
        let dispatcher = WorkerDispatcher(workers: 2, verdict: RunVerdict(), failFast: false, handedAhead: 3)
        let (first, second) = (try WorkerPipe(), try WorkerPipe())
        dispatcher.attach(worker: 0, pipe: first.write)
        for id in 0..<8 { dispatcher.observe(Self.testCase(id), idStart: id * 10, exclusive: false, tags: []) }
        #expect(first.lines().isEmpty, "worker 0 alone took test cases")
        dispatcher.attach(worker: 1, pipe: second.write)
        #expect(first.lines() == ["0 0 0", "2 20 0", "4 40 0"])
        #expect(second.lines() == ["1 10 0", "3 30 0", "5 50 0"])
        Self.run(1, on: 1, dispatcher)
        #expect(second.lines() == ["6 60 0"], "a finished test case makes room for the next one")
        #expect(first.lines().isEmpty)
    }

    @Test
    func `while many are left, a worker gets the next test cases of a file with the first`()
        throws
    {
        let dispatcher = WorkerDispatcher(workers: 2, verdict: RunVerdict(), failFast: false, handedAhead: 3)
        let (first, second) = (try WorkerPipe(), try WorkerPipe())
        // Files of 2, 3 and 1 test cases, then more files of 2 than the workers hold.
        let files = [0, 0, 1, 1, 1, 2] + (0..<10).flatMap { [3 + $0, 3 + $0] }
        var index: [Int: Int32] = [:]
        for (id, file) in files.enumerated() {
            let origin = PickleOrigin(file: Int32(file), index: index[file, default: 0], firstId: file * 100)
            index[file, default: 0] += 1
            dispatcher.observe(Self.testCase(id), idStart: id * 10, exclusive: false, tags: [], origin: origin)
        }
        dispatcher.attach(worker: 0, pipe: first.write)
        dispatcher.attach(worker: 1, pipe: second.write)
        // Worker 0 takes file 0 whole, worker 1 file 1; then each has room for one more.
        #expect(first.lines() == ["0 0 0 0 0 0", "1 10 0 0 1 0", "5 50 0 2 0 200"])
        #expect(second.lines() == ["2 20 0 1 0 100", "3 30 0 1 1 100", "4 40 0 1 2 100"])
        dispatcher.observedEveryTestCase()
        // Each finished test case makes room for one more: the next of a file, else the first of the next.
        for id in 0..<5 { Self.run(id, on: id < 2 ? 0 : 1, dispatcher) }
        #expect(first.lines() == ["6 60 0 3 0 300", "7 70 0 3 1 300"])
        #expect(second.lines() == ["8 80 0 4 0 400", "9 90 0 4 1 400", "10 100 0 5 0 500"])
    }

    @Test func `a run with few test cases left hands them one each, round by round, whatever their files`() throws {
        let dispatcher = WorkerDispatcher(workers: 2, verdict: RunVerdict(), failFast: false, handedAhead: 3)
        let (first, second) = (try WorkerPipe(), try WorkerPipe())
        for id in 0..<4 {
            let origin = PickleOrigin(file: 0, index: Int32(id), firstId: 0)
            dispatcher.observe(Self.testCase(id), idStart: id * 10, exclusive: false, tags: [], origin: origin)
        }
        dispatcher.observedEveryTestCase()
        dispatcher.attach(worker: 0, pipe: first.write)
        dispatcher.attach(worker: 1, pipe: second.write)
        // Four scenarios of one file on two workers: both run, as the scenarios of a small suite should.
        #expect(first.lines() == ["0 0 0 0 0 0", "2 20 0 0 2 0", "done"])
        #expect(second.lines() == ["1 10 0 0 1 0", "3 30 0 0 3 0", "done"])
    }

    @Test func `every test case of an exclusive group goes to worker 0, each worker in the run's order`() throws {
        let dispatcher = WorkerDispatcher(workers: 2, verdict: RunVerdict(), failFast: false, handedAhead: 3)
        let (first, second) = (try WorkerPipe(), try WorkerPipe())
        dispatcher.attach(worker: 0, pipe: first.write)
        dispatcher.attach(worker: 1, pipe: second.write)
        for id in 0..<6 { dispatcher.observe(Self.testCase(id), idStart: id, exclusive: id < 3, tags: []) }
        dispatcher.observedEveryTestCase()
        let zero = first.lines()
        let one = second.lines()
        #expect(zero == ["0 0 0", "1 1 0", "2 2 0", "done"])
        #expect(one == ["3 3 0", "4 4 0", "5 5 0", "done"])
        for id in 0..<3 { Self.run(id, on: 0, dispatcher) }
        #expect(first.lines().isEmpty, "the end waits for every worker")
        for id in 3..<6 { Self.run(id, on: 1, dispatcher) }
        #expect(first.lines() == ["EOF"], "every worker is told the end once every test case has finished")
        #expect(second.lines() == ["EOF"])
    }

    @Test func `with fail-fast, what is handed out after a failure skips its steps; a retried attempt fails nothing`()
        throws
    {
        let dispatcher = WorkerDispatcher(workers: 1, verdict: RunVerdict(), failFast: true, handedAhead: 3)
        let only = try WorkerPipe()
        dispatcher.attach(worker: 0, pipe: only.write)
        for id in 0..<5 { dispatcher.observe(Self.testCase(id), idStart: id, exclusive: false, tags: []) }
        #expect(only.lines() == ["0 0 0", "1 1 0", "2 2 0"])
        dispatcher.saw(
            [Self.started(0, attempt: "x"), Self.stepFinished("x", .failed), Self.finished("x", retried: true)],
            worker: 0)
        #expect(only.lines().isEmpty, "an attempt to be retried finishes nothing")
        Self.run(0, on: 0, dispatcher, status: .failed)
        #expect(only.lines() == ["3 3 1"])
    }

    @Test func `a failure of work in progress does not make fail-fast skip the rest`() throws {
        let dispatcher = WorkerDispatcher(workers: 1, verdict: RunVerdict(), failFast: true, handedAhead: 3)
        let only = try WorkerPipe()
        dispatcher.attach(worker: 0, pipe: only.write)
        dispatcher.observe(Self.testCase(0), idStart: 0, exclusive: false, tags: ["@wip"])
        for id in 1..<5 { dispatcher.observe(Self.testCase(id), idStart: id, exclusive: false, tags: []) }
        _ = only.lines()
        Self.run(0, on: 0, dispatcher, status: .failed)
        #expect(only.lines() == ["3 3 0"])
    }

    @Test func `a worker's new process is handed again what the crashed one held and did not finish`() throws {
        let dispatcher = WorkerDispatcher(workers: 1, verdict: RunVerdict(), failFast: false, handedAhead: 3)
        let crashed = try WorkerPipe()
        dispatcher.attach(worker: 0, pipe: crashed.write)
        for id in 0..<4 { dispatcher.observe(Self.testCase(id), idStart: id, exclusive: false, tags: []) }
        dispatcher.observedEveryTestCase()
        #expect(crashed.lines() == ["0 0 0", "1 1 0", "2 2 0"])
        dispatcher.detach(worker: 0)
        #expect(crashed.lines() == ["EOF"])
        // The crash finished test case 0 (its running step failed).
        Self.run(0, on: 0, dispatcher, status: .failed)
        let next = try WorkerPipe()
        dispatcher.attach(worker: 0, pipe: next.write)
        // Near the end of the run a worker holds fewer ahead: one left for one worker, so two at most.
        #expect(next.lines() == ["1 1 0", "2 2 0"])
        Self.run(1, on: 0, dispatcher)
        #expect(next.lines() == ["3 3 0", "done"])
    }

    @Test func `stopping ends every worker at once`() throws {
        let dispatcher = WorkerDispatcher(workers: 2, verdict: RunVerdict(), failFast: false, handedAhead: 3)
        let (first, second) = (try WorkerPipe(), try WorkerPipe())
        dispatcher.attach(worker: 0, pipe: first.write)
        dispatcher.attach(worker: 1, pipe: second.write)
        dispatcher.observe(Self.testCase(0), idStart: 0, exclusive: false, tags: [])
        dispatcher.stop()
        #expect(first.lines() == ["0 0 0", "EOF"])
        #expect(second.lines() == ["EOF"])
        dispatcher.observe(Self.testCase(1), idStart: 1, exclusive: false, tags: [])
        let late = try WorkerPipe()
        dispatcher.attach(worker: 1, pipe: late.write)
        #expect(late.lines() == ["EOF"], "a process started after the end is handed nothing")
    }

    @Test func `the worker reads what the dispatcher writes, and stops at done or at a line that is not one`() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let reader = PipeDispatch(descriptor: ends[0])
        for line in [
            [UInt8]("4 40 1\n".utf8), PipeDispatch.line(DispatchedTestCase(ordinal: 7, idStart: 9, skipAll: false)),
        ]
            + [PipeDispatch.doneLine]
        {
            _ = line.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        }
        close(ends[1])
        #expect(reader.next() == DispatchedTestCase(ordinal: 4, idStart: 40, skipAll: true))
        #expect(reader.next() == DispatchedTestCase(ordinal: 7, idStart: 9, skipAll: false))
        #expect(reader.next() == nil)

        var other: [Int32] = [0, 0]
        try #require(pipe(&other) == 0)
        let garbled = PipeDispatch(descriptor: other[0])
        _ = Array("-1 x 0\n2 2 0\n".utf8).withUnsafeBytes { write(other[1], $0.baseAddress, $0.count) }
        close(other[1])
        #expect(garbled.next() == nil, "a line that is not the command's ends the worker's test cases")

        let origin = PickleOrigin(file: 12, index: 3, firstId: 4_500)
        var withOrigin: [Int32] = [0, 0]
        try #require(pipe(&withOrigin) == 0)
        let located = PipeDispatch(descriptor: withOrigin[0])
        _ = PipeDispatch.line(DispatchedTestCase(ordinal: 5, idStart: 4_600, skipAll: false, origin: origin))
            .withUnsafeBytes { write(withOrigin[1], $0.baseAddress, $0.count) }
        close(withOrigin[1])
        #expect(located.next() == DispatchedTestCase(ordinal: 5, idStart: 4_600, skipAll: false, origin: origin))

        for line in [
            "1 9223372036854775807 0\n", "1 2 maybe\n", "1 2\n", "1 2 0 3 4\n", "1 2 0 -3 4 5\n", "1 2 0 3 x 5\n",
            "1 2 0 3 4 9223372036854775807\n", "1 2 0 4294967296 4 5\n", "1  2 0\n",
        ] {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            let reader = PipeDispatch(descriptor: ends[0])
            _ = Array(line.utf8).withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
            close(ends[1])
            #expect(reader.next() == nil, "\(line.debugDescription) is refused")
        }
    }
}

/// The steps a runner session keeps of each test case, for a crash to name them.
@Suite struct TestCaseStepsTests {
    @Test(arguments: [IdSource.incrementing(), IdSource.uuid(key: IdKey.random())])
    func `a test case's step ids are drawn again from its position`(ids: IdSource) {
        var table = TestCaseSteps()
        var emitted: [(id: String, steps: [String])] = []
        for steps in [3, 0, 5, 1] {
            let position = ids.nextPosition
            let id = ids.next()
            emitted.append((id, (0..<steps).map { _ in ids.next() }))
            table.add(id: id, position: position, count: steps)
            _ = ids.next()  // an id drawn between test cases (a hook's)
        }
        for (id, steps) in emitted {
            #expect(table.stepIds(of: id, ids: ids) == steps)
        }
        #expect(table.stepIds(of: "not a test case", ids: ids).isEmpty)
        #expect(table.stepIds(of: "999999", ids: ids).isEmpty)
    }
}
