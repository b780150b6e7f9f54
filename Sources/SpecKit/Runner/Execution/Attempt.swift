import Messages

/// The attempt of a test case: what the engine needs while running it.
struct Attempt: Sendable {
    let prepared: PreparedTestCase
    let number: Int
    let mayRetry: Bool
    let skipAll: Bool
    let workerId: String?
    let ids: IdSource
    let emit: @Sendable (Envelope) -> Void

    /// The same attempt, emitting to `emit`.
    func emitting(to emit: @escaping @Sendable (Envelope) -> Void) -> Attempt {
        Attempt(
            prepared: prepared, number: number, mayRetry: mayRetry, skipAll: skipAll, workerId: workerId, ids: ids,
            emit: emit)
    }
}

/// How an attempt ended: what the run needs to go on (retry it, fail fast, count it). What it did is in the
/// messages it emitted.
struct AttemptOutcome: Sendable {
    let status: TestStepResultStatus
    /// Its Gherkin steps by status (hooks left out).
    let stepCounts: StatusCounts
    let willBeRetried: Bool
}

/// How a test case ended, after its last attempt: its status, its steps' statuses, and whether it fails the run.
struct TestCaseOutcome: Sendable {
    let status: TestStepResultStatus
    let stepCounts: StatusCounts
    let attempts: Int
    /// Failed, or (when strict) undefined, pending or ambiguous, unless it is work in progress.
    let failsRun: Bool
}

/// What the attempts of one worker share.
struct AttemptContext: Sendable {
    var skipAll: Bool
    let workerId: String?
    let ids: IdSource

    func attempt(
        _ testCase: PreparedTestCase, number: Int, retry: Int, emit: @escaping @Sendable (Envelope) -> Void
    ) -> Attempt {
        Attempt(
            prepared: testCase, number: number, mayRetry: number < retry, skipAll: skipAll, workerId: workerId,
            ids: ids, emit: emit)
    }
}
