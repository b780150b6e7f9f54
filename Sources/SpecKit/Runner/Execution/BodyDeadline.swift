import Messages
import Synchronization

/// The non-generic part of a watched test case: the running body's deadline and whether the task is over, behind
/// one lock (kept apart from the generic snapshot so the per-step calls need no generic metadata).
final class BodyDeadline: Sendable {
    private struct State {
        var deadline: ContinuousClock.Instant?
        var ifTimedOut = TimeoutOutcome.outcome(.passed)
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

    /// The running body's deadline; nil between bodies and once the task is over.
    var deadline: ContinuousClock.Instant? {
        state.withLock { $0.over ? nil : $0.deadline }
    }

    /// Passes `envelope` on, unless the task is over (abandoned).
    func emit(_ envelope: Envelope) {
        state.withLock { state in
            guard !state.over else { return }
            next(envelope)
        }
    }

    /// Starts the clock for a body; false when the task is over.
    func beginBody(ifTimedOut: TimeoutOutcome, failsWorld: Bool) -> Bool {
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
            return (state.ifTimedOut.outcome, state.failsWorld)
        }
    }
}

/// What a body's test step ends with if the body passes its deadline, made only then (most bodies finish in time:
/// building a failure with its stack trace for every body would cost more than running it).
enum TimeoutOutcome: Sendable {
    /// `message` (`timed out after 10 s`) at the step definition's or hook's `location`.
    case timedOut(message: String, location: CodeLocation)
    /// Making the world of `scenario` timed out after `limit` (`10 s`).
    case worldTimedOut(scenario: ScenarioInfo, limit: String)
    /// A given outcome (an after-step hook of a step that failed: the step's failure).
    case outcome(BodyOutcome)

    /// The outcome itself.
    var outcome: BodyOutcome {
        switch self {
        case .timedOut(let message, let location):
            .failed(message, type: "TimeoutError", frames: [location.frame])
        case .worldTimedOut(let scenario, let limit):
            .failed("cannot make the world of \(scenario.displayName): timed out after " + limit, type: "WorldError")
        case .outcome(let outcome): outcome
        }
    }
}
