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
