/// How step and hook bodies run: inline in a watched task (`WorkerTask`), which the watchdog abandons when the
/// running body passes its deadline, handing the runner the attempt's state as it was when that body began.
struct BodyMode<World: Actor>: Sendable {
    /// The task the bodies run in.
    let watched: WorkerTask<World>
    /// The attempt's state to finish it from should the running body pass its deadline (the state when the body
    /// began); nil for a body of no attempt (a `beforeAll` or `afterAll` hook).
    let handover: AttemptState<World>?

    /// In `watched`, handing `handover` over should a body pass its deadline.
    static func inline(_ watched: WorkerTask<World>, handover: AttemptState<World>?) -> BodyMode {
        BodyMode(watched: watched, handover: handover)
    }

    /// Whether the task was abandoned (then it stops: the runner finishes the attempt from the handover).
    var isOver: Bool { watched.isOver }

    /// The same mode, the bodies it runs from now on handing `state` over should they pass their deadline.
    func handing(over state: AttemptState<World>) -> BodyMode {
        BodyMode(watched: watched, handover: state)
    }
}
