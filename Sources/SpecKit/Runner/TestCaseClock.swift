import Messages
import Synchronization

/// The non-generic part of a watched test case: the running body's deadline and whether the task is over, behind
/// one lock (kept apart from the generic snapshot so the per-step calls need no generic metadata).
final class TestCaseClock: Sendable {
    private struct State {
        var deadline: ContinuousClock.Instant?
        var ifTimedOut = BodyOutcome.passed
        var failsWorld = false
        var over = false
    }

    private let state = Mutex(State())
    let limit: Duration
    private let next: @Sendable (Envelope) -> Void

    init(limit: Duration, emit: @escaping @Sendable (Envelope) -> Void) {
        self.limit = limit
        next = emit
    }

    var isOver: Bool {
        state.withLock { $0.over }
    }

    /// Passes `envelope` on, unless the task is over (abandoned).
    func emit(_ envelope: Envelope) {
        state.withLock { state in
            guard !state.over else { return }
            next(envelope)
        }
    }

    /// Starts the clock for a body; false when the task is over.
    func beginBody(ifTimedOut: BodyOutcome, failsWorld: Bool) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: limit)
        return state.withLock { state in
            guard !state.over else { return false }
            state.deadline = deadline
            state.ifTimedOut = ifTimedOut
            state.failsWorld = failsWorld
            return true
        }
    }

    /// Stops the clock after a body.
    func endBody() {
        state.withLock { $0.deadline = nil }
    }

    /// Marks the task over because it finished; false if it was already over (abandoned).
    func finish() -> Bool {
        state.withLock { state in
            guard !state.over else { return false }
            state.over = true
            return true
        }
    }

    /// Marks the task over if its body is past its deadline at `now`: returns what the test step ends with.
    func expire(ifDueAt now: ContinuousClock.Instant) -> (outcome: BodyOutcome, failsWorld: Bool)? {
        state.withLock { state in
            guard !state.over, let deadline = state.deadline, deadline <= now else { return nil }
            state.over = true
            return (state.ifTimedOut, state.failsWorld)
        }
    }
}
