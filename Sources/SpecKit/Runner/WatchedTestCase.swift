import Foundation
import Messages
import Synchronization

/// Where a test case attempt is: the state its remaining steps need, handed over when it is abandoned.
///
/// One object per attempt, owned by one task at a time: the task running the attempt, except while one of its
/// bodies runs (the watchdog may then abandon the task and hand the cursor to the runner). The running task
/// touches it only between bodies, and after each body only once it has checked that it was not abandoned;
/// that hand-over protocol, not a lock, is what makes the `@unchecked Sendable` sound.
final class Cursor<World: Actor>: @unchecked Sendable {
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

    init(testCaseStartedId: String, steps: Int) {
        self.testCaseStartedId = testCaseStartedId
        results.reserveCapacity(steps)
    }
}

/// How step and hook bodies run.
enum BodyMode<World: Actor>: Sendable {
    /// Each body in its own unstructured task, against its own deadline (`Timeout.run`).
    case isolated
    /// In the test case's task, which the watchdog abandons when the running body passes its deadline.
    case inline(WatchedTestCase<World>)

    /// Whether the task was abandoned (then it must not touch its cursor again).
    var isOver: Bool {
        if case .inline(let watched) = self { return watched.isOver }
        return false
    }
}

/// The non-generic part of a watched test case: the running body's deadline and whether the task is over,
/// behind one lock (kept apart from the generic snapshot so the per-step calls need no generic metadata).
final class TestCaseClock: @unchecked Sendable {
    // Every field is guarded by `lock`.
    private let lock = Mutex<Void>(())
    private var deadline: ContinuousClock.Instant?
    private(set) var ifTimedOut = BodyOutcome.passed
    private(set) var failsWorld = false
    private var over = false
    let limit: Duration
    private let next: @Sendable (Envelope) -> Void

    init(limit: Duration, emit: @escaping @Sendable (Envelope) -> Void) {
        self.limit = limit
        next = emit
    }

    var isOver: Bool {
        lock.withLock { _ in over }
    }

    func emit(_ envelope: Envelope) {
        lock.withLock { _ in
            guard !over else { return }
            next(envelope)
        }
    }

    func beginBody(ifTimedOut: BodyOutcome, failsWorld: Bool) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: limit)
        return lock.withLock { _ in
            guard !over else { return false }
            self.deadline = deadline
            self.ifTimedOut = ifTimedOut
            self.failsWorld = failsWorld
            return true
        }
    }

    func endBody() {
        lock.withLock { _ in deadline = nil }
    }

    /// Marks the task over because it finished; false if it was already over (abandoned).
    func finish() -> Bool {
        lock.withLock { _ in
            guard !over else { return false }
            over = true
            return true
        }
    }

    /// Marks the task over if its body is past its deadline at `now`: returns what the test step ends with.
    func expire(ifDueAt now: ContinuousClock.Instant) -> (outcome: BodyOutcome, failsWorld: Bool)? {
        lock.withLock { _ in
            guard !over, let deadline, deadline <= now else { return nil }
            over = true
            return (ifTimedOut, failsWorld)
        }
    }
}

/// Test case attempts running in one unstructured task, watched against the deadline of the body running:
/// one attempt (`SpecRunner.execute`), or a worker's queue of test cases one after another (a whole run).
///
/// Everything the task emits goes through `emit`, which drops envelopes once the task is abandoned, so an
/// abandoned task (a body ignoring cancellation) cannot add to the stream after the runner took over.
///
/// The task's state is its own except while a body runs (between `beginBody` and `endBody`): only then can the
/// watchdog abandon it, and it hands the runner the cursor published before that body.
final class WatchedTestCase<World: Actor>: Watched {
    enum Ending: Sendable {
        /// The task ran to its end: the cursor of its one attempt (nil for a queue).
        case finished(Cursor<World>?)
        /// The running body passed its deadline: its attempt, its cursor (as it was when the body started), the
        /// test step's outcome, and whether the world counts as failed (the body was making it).
        case abandoned(Attempt, Cursor<World>, BodyOutcome, failsWorld: Bool)
    }

    struct State {
        var snapshot: (attempt: Attempt, cursor: Cursor<World>)?
        var continuation: CheckedContinuation<Ending, Never>?
        var work: Task<Void, Never>?
    }

    let clock: TestCaseClock
    private let state = Locked(State())

    var limit: Duration { clock.limit }

    init(limit: Duration, emit: @escaping @Sendable (Envelope) -> Void) {
        clock = TestCaseClock(limit: limit, emit: emit)
    }

    /// Runs `body` in an unstructured task; returns how it ended.
    func run(_ body: @escaping @Sendable () async -> Cursor<World>?) async -> Ending {
        let ending = await withCheckedContinuation { (continuation: CheckedContinuation<Ending, Never>) in
            state.withLock { $0.continuation = continuation }
            let work = Task {
                let cursor = await body()
                self.finish(cursor)
            }
            state.withLock { state in
                if state.continuation != nil { state.work = work }
            }
            Watchdog.shared.watch(self)
        }
        Watchdog.shared.forget(self)
        return ending
    }

    /// Whether the task finished or was abandoned.
    var isOver: Bool { clock.isOver }

    /// Emits `envelope` unless the task was abandoned.
    func emit(_ envelope: Envelope) {
        clock.emit(envelope)
    }

    /// Records the attempt running and its cursor (before its first body), for a hand-over on a timeout.
    func publish(_ attempt: Attempt, _ cursor: Cursor<World>) {
        state.withLock { $0.snapshot = (attempt, cursor) }
    }

    /// Starts the clock for a body; false when the task was abandoned (run nothing more then).
    func beginBody(ifTimedOut: BodyOutcome, failsWorld: Bool) -> Bool {
        clock.beginBody(ifTimedOut: ifTimedOut, failsWorld: failsWorld)
    }

    /// Stops the clock after a body.
    func endBody() {
        clock.endBody()
    }

    private func finish(_ cursor: Cursor<World>?) {
        guard clock.finish() else { return }
        let continuation = state.withLock { state -> CheckedContinuation<Ending, Never>? in
            state.snapshot = nil
            state.work = nil
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: .finished(cursor))
    }

    func expire(ifDueAt now: ContinuousClock.Instant) -> Bool {
        guard let (outcome, failsWorld) = clock.expire(ifDueAt: now) else { return isOver }
        let taken = state.withLock { state in
            defer {
                state.snapshot = nil
                state.continuation = nil
                state.work = nil
            }
            return (state.snapshot, state.continuation, state.work)
        }
        let (snapshot, continuation, work) = taken
        work?.cancel()
        if let snapshot {
            continuation?.resume(
                returning: .abandoned(snapshot.attempt, snapshot.cursor, outcome, failsWorld: failsWorld))
        }
        return true
    }
}
