import Messages

/// Runs the hooks and the test cases of a run somewhere else (a runner process of the command, which a crashing step
/// cannot take the run down with), the run emitting everything else itself: its documents, definitions,
/// `testRunStarted`, `testCase`s and `testRunFinished`, with the same ids as the other side draws, so that nothing of
/// that is sent twice. What runs there comes back as messages, relayed in the stream's order.
package protocol RemoteExecution: Sendable {
    /// Says how many test cases the run will emit, before its `beforeAll` hooks run (no more workers are started than
    /// there are test cases).
    func planned(testCases count: Int)
    /// Relays the messages of the `beforeAll` or `afterAll` hooks (`count` of them) run there; returns the first
    /// that failed: its hook's id and its message.
    func runHooks(_ kind: HookKind, count: Int, emit: @escaping @Sendable (Envelope) -> Void) async
        -> (hookId: String, message: String)?
    /// Relays the execution of the test cases (each `testCase` already emitted and given to `observe`), until one
    /// of the `afterAll` hooks `afterAllHooks` (their ids) begins there, or everything has run.
    func execute(until afterAllHooks: Set<String>, emit: @escaping @Sendable (Envelope) -> Void) async
    /// Tells the side running the test cases of each `testCase` the run emits (a crash names its steps), in the
    /// run's order: `idStart` is the position of its first id, `exclusive` whether it belongs to an exclusive group,
    /// `tags` its scenario's.
    func observe(_ testCase: TestCase, idStart: Int, exclusive: Bool, tags: [String])
    /// Says that every `testCase` was emitted.
    func observedEveryTestCase()
    /// Waits for the end of what runs there; returns whether it fails the run and, when something there failed
    /// it outside any step (an issue recorded off every step's task, a crash between scenarios), why.
    func finish() async -> RemoteOutcome
}

/// How what ran in another process ended.
package struct RemoteOutcome: Sendable {
    /// Whether it fails the run.
    package var failsRun: Bool
    /// Why, when no step or hook says it: the run's own exception.
    package var exception: Exception?

    package init(failsRun: Bool, exception: Exception? = nil) {
        self.failsRun = failsRun
        self.exception = exception
    }
}
