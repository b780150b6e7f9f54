import Foundation
import Messages

/// Puts the message streams of the runner processes of one run together into the one stream of the run.
///
/// The first runner process's stream goes through as it is. When a runner process dies in the middle (a crashing
/// step, `exit()`), `crashed` ends what it left open: the running step fails with the crash's message, the rest of
/// its test case is skipped, and its test case finishes. The next runner process, which runs only the test cases
/// not yet told, starts its stream again from `meta`: everything up to its `testRunStarted` and its `testCase`s are
/// the same messages with the same ids and are dropped, and the ids it draws for what runs (test case and hook
/// attempts, suggestions) are told apart from the earlier processes' by a suffix (`-1`, `-2`, …).
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
    /// Whether this process's stream has reached the point where its messages are new (the first process: from
    /// the start; a later one: after its `testRunStarted`).
    private var pastPreamble = true
    private var testRunStartedId: String?
    /// Each test case's steps and pickle, from the first process's `testCase`s.
    private var testCases: [String: (pickleId: String, steps: [String])] = [:]
    private var open: [String: OpenAttempt] = [:]
    /// `testRunHookStarted` ids without their `testRunHookFinished`.
    private var openHooks: Set<String> = []
    /// The pickles whose test case was told to its end (its last attempt finished, or it crashed).
    private(set) var told: Set<String> = []
    /// Test cases told since the current runner process started.
    private(set) var toldByThisProcess = 0
    /// The last process's `testRunFinished`, held back until the process has ended.
    private(set) var finished: TestRunFinished?
    /// Whether a runner process died in the middle of the run.
    private(set) var crashes = 0
    /// When the last message was made (for the messages made for a crash).
    private var lastTimestamp = Timestamp(seconds: 0, nanos: 0)

    /// Whether any test case attempt is running.
    var hasOpenTestCase: Bool { !open.isEmpty }

    /// A new runner process takes over: its preamble is dropped, its ids suffixed.
    mutating func nextProcess() {
        generation += 1
        pastPreamble = false
        toldByThisProcess = 0
        finished = nil
    }

    /// The envelope to pass on for `envelope` of the current runner process (its ids made unique), or nil to drop it.
    mutating func relay(_ envelope: Envelope) -> Envelope? {
        if !pastPreamble {
            if case .testRunStarted = envelope { pastPreamble = true }
            return nil
        }
        var envelope = envelope
        if generation > 0 { envelope = rewritten(envelope) }
        switch envelope {
        case .testRunStarted(let started):
            testRunStartedId = started.id
            lastTimestamp = started.timestamp
        case .testCase(let testCase):
            if generation > 0 { return nil }
            testCases[testCase.id] = (testCase.pickleId, testCase.testSteps.map(\.id))
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
            if let attempt = open.removeValue(forKey: finished.testCaseStartedId), !finished.willBeRetried,
                let pickleId = testCases[attempt.testCaseId]?.pickleId
            {
                told.insert(pickleId)
                toldByThisProcess += 1
            }
            lastTimestamp = finished.timestamp
        case .testRunHookStarted(let started):
            openHooks.insert(started.id)
            lastTimestamp = started.timestamp
        case .testRunHookFinished(let finished):
            openHooks.remove(finished.testRunHookStartedId)
            lastTimestamp = finished.timestamp
        case .testRunFinished(let runFinished):
            var runFinished = runFinished
            if crashes > 0 { runFinished.success = false }
            finished = runFinished
            return nil
        default:
            break
        }
        return envelope
    }

    /// The messages that end what the runner process that died left open: its running steps fail with `crash`, the
    /// other steps of their test cases are skipped, and the test cases finish (their last attempt); a run hook it was
    /// running fails.
    mutating func crashed(_ crash: CrashReport, at now: Timestamp) -> [Envelope] {
        crashes += 1
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
            let steps = testCases[attempt.testCaseId]?.steps ?? []
            // The step that was running fails; when none was (the process died between two), the next one does.
            var failing = attempt.runningStep ?? steps.first { !attempt.finishedSteps.contains($0) }
            for step in steps where !attempt.finishedSteps.contains(step) {
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
            if let pickleId = testCases[attempt.testCaseId]?.pickleId {
                told.insert(pickleId)
                toldByThisProcess += 1
            }
        }
        open.removeAll()
        return envelopes
    }

    /// The run's `testRunFinished` when no runner process will finish it (one died outside any test case, so a
    /// new one would die the same way): the run fails with the crash.
    func runFinished(after crash: CrashReport, at now: Timestamp) -> TestRunFinished {
        TestRunFinished(
            message: crash.message, success: false, timestamp: max(now, lastTimestamp),
            exception: Exception(
                type: "Crash", message: crash.message, stackTrace: Exception.stackTrace(crash.frames)),
            testRunStartedId: testRunStartedId)
    }

    /// `envelope` of a later runner process with the ids it drew for what ran suffixed, and the run's id the
    /// first process's.
    private func rewritten(_ envelope: Envelope) -> Envelope {
        let suffix = "-\(generation)"
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
            if message.testRunStartedId != nil { message.testRunStartedId = testRunStartedId }
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
            message.testRunStartedId = testRunStartedId ?? message.testRunStartedId
            return .testRunHookStarted(message)
        case .testRunHookFinished(var message):
            message.testRunHookStartedId += suffix
            return .testRunHookFinished(message)
        case .testRunFinished(var message):
            message.testRunStartedId = testRunStartedId ?? message.testRunStartedId
            return .testRunFinished(message)
        default:
            return envelope
        }
    }
}
