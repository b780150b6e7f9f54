import Messages

/// Runs the hooks and the test cases of a run somewhere else (a runner process of the command, which a crashing step
/// cannot take the run down with), the run emitting everything else itself: its documents, definitions,
/// `testRunStarted`, `testCase`s and `testRunFinished`, with the same ids as the other side draws, so that nothing of
/// that is sent twice. What runs there comes back as messages, relayed in the stream's order.
package protocol RemoteExecution: Sendable {
    /// Says what the run read of its specs, before its `beforeAll` hooks run: the other side starts there (no more
    /// workers than there are test cases), and reads the specs once, as it runs them.
    func planned(_ run: PlannedRun)
    /// Relays the messages of the `beforeAll` or `afterAll` hooks (`count` of them) run there; returns the first
    /// that failed: its hook's id and its message.
    func runHooks(_ kind: HookKind, count: Int, emit: @escaping @Sendable (Envelope) -> Void) async
        -> (hookId: String, message: String)?
    /// Relays the execution of the test cases (each `testCase` already emitted and given to `observe`), until one
    /// of the `afterAll` hooks `afterAllHooks` (their ids) begins there, or everything has run.
    func execute(until afterAllHooks: Set<String>, emit: @escaping @Sendable (Envelope) -> Void) async
    /// Tells the side running the test cases of each `testCase` the run emits (a crash names its steps), in the
    /// run's order: `idStart` is the position of its first id, `exclusive` whether it belongs to an exclusive group,
    /// `tags` its scenario's, `origin` where its pickle is (nil in a plan held whole).
    func observe(_ testCase: TestCase, idStart: Int, exclusive: Bool, tags: [String], origin: PickleOrigin?)
    /// Says that every `testCase` was emitted.
    func observedEveryTestCase()
    /// Waits for the end of what runs there; returns whether it fails the run and, when something there failed
    /// it outside any step (an issue recorded off every step's task, a crash between scenarios), why.
    func finish() async -> RemoteOutcome
}

/// What a run found in its specs, once it has read them and emitted their documents.
package struct PlannedRun: Sendable {
    /// How many test cases the run will emit.
    package var testCases: Int
    /// What a side running its test cases needs to read the specs once, as it runs them; nil unless the run read
    /// its specs as a stream in the defined order.
    package var documents: DocumentsRead?

    package init(testCases: Int, documents: DocumentsRead?) {
        self.testCases = testCases
        self.documents = documents
    }
}

/// Where the documents of a run's specs drew their ids, and what their selected scenarios come to: what a runner
/// process needs to read the specs once, as it runs them, rather than reading them whole first to learn it.
package struct DocumentsRead: Codable, Sendable, Hashable {
    /// The position of the documents' first id, and of the first id after them.
    package var firstId: Int
    package var endId: Int
    /// How many scenarios are selected, and how many ids their test cases draw (`SelectedPickles.testCaseIdCount`).
    package var selected: Int
    package var testCaseIdCount: Int
    /// Whether every file parsed (a parse error fails the run).
    package var everyFileParsed: Bool
    /// How many spec files the run has.
    package var files: Int

    package init(firstId: Int, endId: Int, selected: Int, testCaseIdCount: Int, everyFileParsed: Bool, files: Int) {
        self.files = files
        self.firstId = firstId
        self.endId = endId
        self.selected = selected
        self.testCaseIdCount = testCaseIdCount
        self.everyFileParsed = everyFileParsed
    }
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
