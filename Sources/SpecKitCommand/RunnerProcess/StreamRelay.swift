import Foundation
import Messages

/// Puts the messages of the runner processes of one run together: what they ran (hooks and test cases; the run
/// emits its documents and `testCase`s itself).
///
/// The first runner process's messages go through as they are. When a runner process dies in the middle (a crashing
/// step, `exit()`), `crashed` ends what it left open: the running step fails with the crash's message, the rest of
/// its test case is skipped, and its test case finishes; a run hook it was running fails. The next runner process
/// runs only the test cases not yet told, and the ids it draws for what it runs (test case and hook attempts,
/// suggestions) are told apart from the earlier processes' by a suffix (`-1`, `-2`, …).
struct StreamRelay: Sendable {
    /// An attempt of a test case that started and has not finished.
    private struct OpenAttempt: Sendable {
        let testCaseId: String
        var finishedSteps: Set<String> = []
        /// The step started and not yet finished.
        var runningStep: String?
    }

    /// Which runner process is reading: 0 for the first.
    private(set) var generation = 0
    /// The worker process of a parallel run whose messages these are (nil: the only one). Every id a worker draws
    /// for what it runs is suffixed with its number (`-w1`), as the workers draw the same ids.
    let worker: Int?

    init(worker: Int? = nil) {
        self.worker = worker
    }
    private var open: [String: OpenAttempt] = [:]
    /// `testRunHookStarted` ids without their `testRunHookFinished`.
    private var openHooks: Set<String> = []
    /// The test cases told to their end (their last attempt finished, or they crashed), by id.
    private(set) var told: Set<String> = []
    /// The current process's `testRunFinished`, held back: the run emits its own.
    private(set) var finished: TestRunFinished?
    /// Whether anything came from a runner process.
    private(set) var relayedAny = false
    /// When the last message was made (for the messages made for a crash).
    private var lastTimestamp = Timestamp(seconds: 0, nanos: 0)

    /// Whether any test case attempt is running.
    var hasOpenTestCase: Bool { !open.isEmpty }

    /// A new runner process takes over: its ids are suffixed.
    mutating func nextProcess() {
        generation += 1
        finished = nil
    }

    /// The envelope to pass on for `envelope` of the current runner process (its ids made unique), or nil to keep
    /// it back (its `testRunFinished`).
    mutating func relay(_ envelope: Envelope) -> Envelope? {
        relayedAny = true
        var envelope = envelope
        if generation > 0 || worker != nil { envelope = rewritten(envelope) }
        switch envelope {
        case .testCaseStarted(let started):
            open[started.id] = OpenAttempt(testCaseId: started.testCaseId)
            lastTimestamp = started.timestamp
        case .testStepStarted(let started):
            open[started.testCaseStartedId]?.runningStep = started.testStepId
            lastTimestamp = started.timestamp
        case .testStepFinished(let finished):
            open[finished.testCaseStartedId]?.runningStep = nil
            open[finished.testCaseStartedId]?.finishedSteps.insert(finished.testStepId)
            lastTimestamp = finished.timestamp
        case .testCaseFinished(let finished):
            if let attempt = open.removeValue(forKey: finished.testCaseStartedId), !finished.willBeRetried {
                told.insert(attempt.testCaseId)
            }
            lastTimestamp = finished.timestamp
        case .testRunHookStarted(let started):
            openHooks.insert(started.id)
            lastTimestamp = started.timestamp
        case .testRunHookFinished(let finished):
            openHooks.remove(finished.testRunHookStartedId)
            lastTimestamp = finished.timestamp
        case .testRunFinished(let runFinished):
            finished = runFinished
            return nil
        default:
            break
        }
        return envelope
    }

    /// The messages that end what the runner process that died left open: its running steps fail with `crash`, the
    /// other steps of their test cases (`steps` gives a test case's steps) are skipped, and the test cases finish
    /// (their last attempt); a run hook it was running fails.
    mutating func crashed(
        _ crash: CrashReport, at now: Timestamp, steps: (_ testCaseId: String) -> [String]
    ) -> [Envelope] {
        let timestamp = max(now, lastTimestamp)
        let failure = TestStepResult(
            duration: .zero, message: crash.message, status: .failed,
            exception: Exception(
                type: "Crash", message: crash.message, stackTrace: Exception.stackTrace(crash.frames)))
        let skipped = TestStepResult(duration: .zero, message: nil, status: .skipped, exception: nil)
        var envelopes: [Envelope] = []
        for id in openHooks.sorted() {
            envelopes.append(
                .testRunHookFinished(
                    TestRunHookFinished(testRunHookStartedId: id, result: failure, timestamp: timestamp)))
        }
        openHooks.removeAll()
        for (attemptId, attempt) in open.sorted(by: { $0.key < $1.key }) {
            let testSteps = steps(attempt.testCaseId)
            // The step that was running fails; when none was (the process died between two), the next one does.
            var failing = attempt.runningStep ?? testSteps.first { !attempt.finishedSteps.contains($0) }
            for step in testSteps where !attempt.finishedSteps.contains(step) {
                if step != attempt.runningStep {
                    envelopes.append(
                        .testStepStarted(
                            TestStepStarted(testCaseStartedId: attemptId, testStepId: step, timestamp: timestamp)))
                }
                let result = step == failing ? failure : skipped
                if step == failing { failing = nil }
                envelopes.append(
                    .testStepFinished(
                        TestStepFinished(
                            testCaseStartedId: attemptId, testStepId: step, testStepResult: result,
                            timestamp: timestamp)))
            }
            envelopes.append(
                .testCaseFinished(
                    TestCaseFinished(testCaseStartedId: attemptId, timestamp: timestamp, willBeRetried: false)))
            told.insert(attempt.testCaseId)
        }
        open.removeAll()
        return envelopes
    }

    /// `envelope` of a later runner process, or of a worker process, with the ids it drew for what ran suffixed.
    private func rewritten(_ envelope: Envelope) -> Envelope {
        let suffix = (worker.map { "-w\($0)" } ?? "") + (generation > 0 ? "-\(generation)" : "")
        switch envelope {
        case .testCaseStarted(var message):
            message.id += suffix
            return .testCaseStarted(message)
        case .testStepStarted(var message):
            message.testCaseStartedId += suffix
            return .testStepStarted(message)
        case .testStepFinished(var message):
            message.testCaseStartedId += suffix
            return .testStepFinished(message)
        case .testCaseFinished(var message):
            message.testCaseStartedId += suffix
            return .testCaseFinished(message)
        case .attachment(var message):
            message.testCaseStartedId = message.testCaseStartedId.map { $0 + suffix }
            message.testRunHookStartedId = message.testRunHookStartedId.map { $0 + suffix }
            return .attachment(message)
        case .externalAttachment(var message):
            message.testCaseStartedId = message.testCaseStartedId.map { $0 + suffix }
            message.testRunHookStartedId = message.testRunHookStartedId.map { $0 + suffix }
            return .externalAttachment(message)
        case .suggestion(var message):
            message.id += suffix
            return .suggestion(message)
        case .testRunHookStarted(var message):
            message.id += suffix
            return .testRunHookStarted(message)
        case .testRunHookFinished(var message):
            message.testRunHookStartedId += suffix
            return .testRunHookFinished(message)
        default:
            return envelope
        }
    }
}
