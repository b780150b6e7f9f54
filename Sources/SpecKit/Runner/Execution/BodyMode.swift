/// How step and hook bodies run.
enum BodyMode<World: Actor>: Sendable {
    /// Each body in its own unstructured task, against its own deadline (`Timeout.run`).
    case isolated
    /// In the test case's task, which the watchdog abandons when the running body passes its deadline; `handover`
    /// is the attempt's state to finish it from then (the state when the body began).
    case inline(WorkerTask<World>, handover: AttemptState<World>?)

    /// Whether the task was abandoned (then it stops: the runner finishes the attempt from the handover).
    var isOver: Bool {
        if case .inline(let watched, _) = self { return watched.isOver }
        return false
    }

    /// The same mode, the bodies it runs from now on handing `state` over should they pass their deadline.
    func handing(over state: AttemptState<World>) -> BodyMode {
        if case .inline(let watched, _) = self { return .inline(watched, handover: state) }
        return self
    }
}
