import Messages

/// Bodies running in one unstructured task, watched against the deadline of the body running: a worker's queue of
/// test cases one after another (a whole run, or one attempt), the rest of an attempt whose body was abandoned, or
/// one `beforeAll`/`afterAll` hook. Every step and hook body runs this way, inline in such a task.
///
/// Everything the task emits goes through `emit`, which drops envelopes once the task is abandoned, so an
/// abandoned task (a body ignoring cancellation) cannot add to the stream after the runner took over.
///
/// The task's state is its own except while a body runs (between `beginBody` and `endBody`): only then can the
/// watchdog abandon it, and it hands the runner the attempt's state as it was when that body began (a copy given
/// to `beginBody`).
final class WorkerTask<World: Actor>: Watched {
    enum Ending: Sendable {
        /// The task ran to its end.
        case finished
        /// The running body passed its deadline: its attempt, the attempt's state when the body began, the test
        /// step's outcome, whether the world counts as failed (the body was making it), and the abandoned task,
        /// which goes on until the body returns.
        case abandoned(Attempt, AttemptState<World>, BodyOutcome, failsWorld: Bool, task: Task<Void, Never>?)
        /// The running body, of no attempt (a `beforeAll` or `afterAll` hook), passed its deadline: what it ends
        /// with. The task goes on until the body returns.
        case timedOut(BodyOutcome)
    }

    struct State {
        /// The attempt running, and its state when the running body began.
        var attempt: Attempt?
        var handover: AttemptState<World>?
        var continuation: CheckedContinuation<Ending, Never>?
        var work: Task<Void, Never>?
    }

    let clock: BodyDeadline
    private let state = Locked(State())

    var limit: Duration { clock.limit }

    init(limit: Duration, emit: @escaping @Sendable (Envelope) -> Void) {
        clock = BodyDeadline(limit: limit, emit: emit)
    }

    /// Runs `body` in an unstructured task; returns how it ended.
    func run(_ body: @escaping @Sendable () async -> Void) async -> Ending {
        let ending = await withCheckedContinuation { (continuation: CheckedContinuation<Ending, Never>) in
            state.withLock { $0.continuation = continuation }
            let work = Task {
                await body()
                self.finish()
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

    var deadline: ContinuousClock.Instant? { clock.deadline }

    /// Emits `envelope` unless the task was abandoned.
    func emit(_ envelope: Envelope) {
        clock.emit(envelope)
    }

    /// Records the attempt running (before its first body), for a hand-over on a timeout.
    func publish(_ attempt: Attempt) {
        state.withLock {
            $0.attempt = attempt
            $0.handover = nil
        }
    }

    /// Starts the clock for a body, keeping `handover` (the attempt's state now) for the runner should the body
    /// pass its deadline; false when the task was abandoned (run nothing more then).
    func beginBody(ifTimedOut: TimeoutOutcome, failsWorld: Bool, handover: AttemptState<World>?) -> Bool {
        state.withLock { $0.handover = handover }
        return clock.beginBody(ifTimedOut: ifTimedOut, failsWorld: failsWorld)
    }

    /// Forgets the state kept for a hand-over (the attempt's last body has run), so it holds no world.
    func dropHandover() {
        state.withLock { $0.handover = nil }
    }

    /// Stops the clock after a body.
    func endBody() {
        clock.endBody()
    }

    private func finish() {
        guard clock.finish() else { return }
        let continuation = state.withLock { state -> CheckedContinuation<Ending, Never>? in
            state.attempt = nil
            state.handover = nil
            state.work = nil
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: .finished)
    }

    func expire(ifDueAt now: ContinuousClock.Instant) -> Bool {
        guard let (outcome, failsWorld) = clock.expire(ifDueAt: now) else { return isOver }
        let taken = state.withLock { state in
            defer {
                state.attempt = nil
                state.handover = nil
                state.continuation = nil
                state.work = nil
            }
            return (state.attempt, state.handover, state.continuation, state.work)
        }
        let (attempt, handover, continuation, work) = taken
        work?.cancel()
        if let attempt, let handover {
            continuation?.resume(
                returning: .abandoned(attempt, handover, outcome, failsWorld: failsWorld, task: work))
        } else {
            continuation?.resume(returning: .timedOut(outcome))
        }
        return true
    }
}
