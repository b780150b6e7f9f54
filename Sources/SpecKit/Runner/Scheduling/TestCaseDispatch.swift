/// The test cases a worker process runs, as the command that started it hands them out one by one (`--parallel N`
/// in runner processes): each worker prepares and runs only the test cases handed to it, in the order they come
/// (always further down the run's order), reading only their files when the command says where they are.
package protocol TestCaseDispatch: Sendable {
    /// The next test case to run, waiting for it (blocking the calling thread, never a task's); nil once there are
    /// none left for this worker.
    func next() -> DispatchedTestCase?
    /// Waits, suspended, until every worker has finished its test cases: the run's `afterAll` hooks start after the
    /// last test case of every worker.
    func everyWorkerFinished() async
}

/// One test case handed to a worker.
package struct DispatchedTestCase: Sendable, Hashable {
    /// Its place among the run's selected test cases, in the run's order (0 for the first).
    package var ordinal: Int
    /// The position of its first id in the run's id source: the worker draws its ids again from there, so they are
    /// the ones of the `testCase` the command emitted.
    package var idStart: Int
    /// Whether every step is skipped (fail-fast, after a failure on any worker).
    package var skipAll: Bool
    /// Where its pickle is, in a run read as a stream: the worker parses that file alone to find it. Nil: the
    /// worker walks the run to its ordinal.
    package var origin: PickleOrigin?

    package init(ordinal: Int, idStart: Int, skipAll: Bool, origin: PickleOrigin? = nil) {
        self.ordinal = ordinal
        self.idStart = idStart
        self.skipAll = skipAll
        self.origin = origin
    }
}
