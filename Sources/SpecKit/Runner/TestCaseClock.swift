import Messages
import Synchronization

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
