import Messages

/// One attempt at running a test case, built up as its messages arrive: the step results, attachments and the
/// end of the attempt.
public final class TestCaseAttempt {
    /// The message that started the attempt.
    public let started: TestCaseStarted
    /// The test case being attempted.
    public let testCase: TestCase
    /// The pickle of the test case, if the stream contained it.
    public let pickle: Pickle?
    /// The message that finished the attempt; `nil` while running, or when the stream ended early.
    public internal(set) var finished: TestCaseFinished?
    /// The result of each test step, indexed like `testCase.testSteps`; `nil` for a step that has not finished.
    public internal(set) var stepResults: [TestStepResult?]
    /// When each test step started, indexed like `testCase.testSteps`.
    public internal(set) var stepStartTimestamps: [Timestamp?]
    /// The attachments made during each test step, indexed like `testCase.testSteps`.
    public internal(set) var stepAttachments: [[Attachment]]
    /// Attachments made during the attempt but outside any step.
    public internal(set) var caseAttachments: [Attachment] = []
    /// The latest timestamp seen for this attempt.
    package internal(set) var lastTimestamp: Timestamp
    /// The position of the attempt among the stream's attempts, in the order they started.
    let index: Int
    /// The position of its test case among those that started (`TestCaseRun.ordinal`).
    let ordinal: Int

    init(started: TestCaseStarted, run: TestCaseRun, index: Int) {
        self.started = started
        self.testCase = run.testCase
        self.pickle = run.pickle
        self.index = index
        ordinal = run.ordinal
        let testCase = run.testCase
        let count = testCase.testSteps.count
        stepResults = Array(repeating: nil, count: count)
        stepStartTimestamps = Array(repeating: nil, count: count)
        stepAttachments = Array(repeating: [], count: count)
        lastTimestamp = started.timestamp
    }

    /// The id of the attempt (its `TestCaseStarted` id).
    public var id: String { started.id }

    /// The attempt number: 0 for the first run, 1 for the first retry...
    public var attempt: Int { started.attempt }

    /// Whether the attempt has finished.
    public var isFinished: Bool { finished != nil }

    /// Whether the test case is run again after this attempt.
    public var willBeRetried: Bool { finished?.willBeRetried ?? false }

    /// The status of the attempt: its worst step status (`TestStepResultStatus` severity order).
    ///
    /// A finished attempt without steps passed. An unfinished attempt (the stream ended early) is `unknown`
    /// unless a step already went wrong (pending, undefined, ambiguous or failed).
    public var status: TestStepResultStatus {
        var worst: TestStepResultStatus?
        for result in stepResults {
            if let status = result?.status, status > (worst ?? .unknown) || worst == nil { worst = status }
        }
        guard finished != nil else {
            if let worst, worst >= .pending { return worst }
            return .unknown
        }
        return worst ?? .passed
    }

    /// The result of the worst step (the first one with the attempt's status), if any.
    public var worstResult: TestStepResult? {
        let status = self.status
        return stepResults.first { $0?.status == status } ?? nil
    }

    /// Whether the attempt fails the run, by the runner's own rule (`RunVerdict`, as `RunQuery.verdict`
    /// holds it for the run): a failed step does, an ambiguous, undefined or pending one when strict, and never in
    /// a scenario tagged as work in progress.
    public func isFailing(by verdict: RunVerdict) -> Bool {
        verdict.failsRun(status, tags: pickle?.tags.lazy.map(\.name) ?? [])
    }

    /// The time from the start of the attempt to its end (or to its last message when unfinished).
    public var duration: MessageDuration {
        let end = finished?.timestamp ?? lastTimestamp
        let duration = started.timestamp.duration(to: end)
        return duration < .zero ? .zero : duration
    }

    /// The sum of the step durations of the attempt.
    public var stepsDuration: MessageDuration {
        var total = MessageDuration.zero
        for result in stepResults {
            if let duration = result?.duration { total = total + duration }
        }
        return total
    }

    /// Every attachment of the attempt, in the order the steps ran.
    public var allAttachments: [Attachment] {
        caseAttachments + stepAttachments.flatMap { $0 }
    }
}

/// One execution of a test run hook (`BEFORE_TEST_RUN`/`AFTER_TEST_RUN`).
public struct TestRunHookExecution: Sendable, Hashable {
    /// The message that started the execution.
    public var started: TestRunHookStarted
    /// The hook definition, if the stream contained it.
    public var hook: Hook?
    /// The result, when finished.
    public var result: TestStepResult?
    /// Attachments made by the hook.
    public var attachments: [Attachment]
}
