import Messages

/// Where a test case attempt is: the state its remaining steps need, handed over when it is abandoned.
struct Cursor<World: Actor>: Sendable {
    let testCaseStartedId: String
    /// The test step running (or next to run).
    var index = 0
    /// When the running test step started.
    var started = Timestamp(seconds: 0, nanos: 0)
    /// The running test step's result so far.
    var result = StepResult(kind: .step, keyword: "", text: "", uri: "", line: 0, column: 0, status: .skipped)
    /// Where the running test step's attachments go.
    var target: AttachmentTarget?
    var worst = TestStepResultStatus.passed
    var results: [StepResult] = []
    var world: World?
    var worldFailed = false
    /// Whether a step or hook threw `Skipped`: then nothing after it runs or is reported undefined.
    var skippedItself = false

    init(testCaseStartedId: String) {
        self.testCaseStartedId = testCaseStartedId
    }
}

/// How step and hook bodies run.
enum BodyMode<World: Actor>: Sendable {
    /// Each body in its own unstructured task, against its own deadline (`Timeout.run`).
    case isolated
    /// In the test case's task, which the watchdog abandons when the running body passes its deadline.
    case inline(WatchedTestCase<World>)

    /// Records where the test case is, for a hand-over if the next body times out.
    func publish(_ cursor: Cursor<World>) {
        if case .inline(let watched) = self { watched.publish(cursor) }
    }
}

/// A test case attempt running in one unstructured task, watched against the deadline of the body running.
///
/// Everything the task emits goes through `emit`, which drops envelopes once the task is abandoned, so an
/// abandoned task (a body ignoring cancellation) cannot add to the stream after the runner took over.
final class WatchedTestCase<World: Actor>: Watched {
    enum Ending: Sendable {
        /// The task ran every step.
        case finished(Cursor<World>)
        /// The running body passed its deadline: the cursor as it was when it started, the test step's outcome,
        /// and whether the world counts as failed (the body was making it).
        case abandoned(Cursor<World>, BodyOutcome, failsWorld: Bool)
    }

    struct State {
        var snapshot: Cursor<World>?
        var deadline: ContinuousClock.Instant?
        var ifTimedOut = BodyOutcome.passed
        var failsWorld = false
        var isOver = false
        var continuation: CheckedContinuation<Ending, Never>?
        var work: Task<Void, Never>?
    }

    let limit: Duration
    private let next: @Sendable (Envelope) -> Void
    private let state = Locked(State())

    init(limit: Duration, emit: @escaping @Sendable (Envelope) -> Void) {
        self.limit = limit
        next = emit
    }

    /// Runs `body` in an unstructured task; returns how it ended.
    func run(_ body: @escaping @Sendable () async -> Cursor<World>) async -> Ending {
        let ending = await withCheckedContinuation { (continuation: CheckedContinuation<Ending, Never>) in
            state.withLock { $0.continuation = continuation }
            let work = Task {
                let cursor = await body()
                self.finish(cursor)
            }
            state.withLock { state in
                if !state.isOver { state.work = work }
            }
            Watchdog.shared.watch(self)
        }
        Watchdog.shared.forget(self)
        return ending
    }

    /// Whether the task finished or was abandoned.
    var isOver: Bool { state.withLock { $0.isOver } }

    /// Emits `envelope` unless the task was abandoned.
    func emit(_ envelope: Envelope) {
        state.withLock { state in
            guard !state.isOver else { return }
            next(envelope)
        }
    }

    func publish(_ cursor: Cursor<World>) {
        state.withLock { $0.snapshot = cursor }
    }

    /// Starts the clock for a body; false when the task was abandoned (run nothing more then).
    func beginBody(ifTimedOut: BodyOutcome, failsWorld: Bool) -> Bool {
        state.withLock { state in
            guard !state.isOver else { return false }
            state.deadline = ContinuousClock.now.advanced(by: limit)
            state.ifTimedOut = ifTimedOut
            state.failsWorld = failsWorld
            return true
        }
    }

    /// Stops the clock after a body, and drops the snapshot (so the task's own copy is not shared, not copied
    /// when it changes).
    func endBody() {
        state.withLock { state in
            state.deadline = nil
            state.snapshot = nil
        }
    }

    private func finish(_ cursor: Cursor<World>) {
        let continuation = state.withLock { state -> CheckedContinuation<Ending, Never>? in
            guard !state.isOver else { return nil }
            state.isOver = true
            state.snapshot = nil
            state.work = nil
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: .finished(cursor))
    }

    func expire(ifDueAt now: ContinuousClock.Instant) -> Bool {
        let expired = state.withLock { state -> (CheckedContinuation<Ending, Never>, Ending, Task<Void, Never>?)? in
            if state.isOver { return nil }
            guard let deadline = state.deadline, deadline <= now, let continuation = state.continuation,
                let snapshot = state.snapshot
            else { return nil }
            state.isOver = true
            state.continuation = nil
            state.snapshot = nil
            defer { state.work = nil }
            return (continuation, .abandoned(snapshot, state.ifTimedOut, failsWorld: state.failsWorld), state.work)
        }
        guard let (continuation, ending, work) = expired else { return isOver }
        work?.cancel()
        continuation.resume(returning: ending)
        return true
    }
}
