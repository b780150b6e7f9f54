/// How step and hook bodies run: inline in the test case's task, which the watchdog abandons when the running body
/// passes its deadline (`watched`), or each in an unstructured task of its own against its own deadline
/// (`Timeout.run`, no `watched`).
///
/// Two optionals rather than an enum with a payload: in this generic code, every look at such an enum's case looks
/// up the metadata of its payload's types at run time, and the runner looks at the mode several times a step.
struct BodyMode<World: Actor>: Sendable {
    /// The worker's task the bodies run in; nil when each body runs in a task of its own.
    let watched: WorkerTask<World>?
    /// The attempt's state to finish it from should the running body pass its deadline (the state when the body
    /// began); only with `watched`.
    let handover: AttemptState<World>?

    /// Each body in its own unstructured task, against its own deadline (`Timeout.run`).
    static var isolated: BodyMode { BodyMode(watched: nil, handover: nil) }

    /// In `watched`, the test case's task, handing `handover` over should a body pass its deadline.
    static func inline(_ watched: WorkerTask<World>, handover: AttemptState<World>?) -> BodyMode {
        BodyMode(watched: watched, handover: handover)
    }

    /// Whether the task was abandoned (then it stops: the runner finishes the attempt from the handover).
    var isOver: Bool { watched?.isOver ?? false }

    /// The same mode, the bodies it runs from now on handing `state` over should they pass their deadline.
    func handing(over state: AttemptState<World>) -> BodyMode {
        guard let watched else { return self }
        return BodyMode(watched: watched, handover: state)
    }
}
