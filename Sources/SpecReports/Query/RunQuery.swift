import Messages

/// An index over a Cucumber Messages stream, fed envelope by envelope with `update(_:)`, that every formatter
/// reads: the documents, pickles, definitions and hooks, and each test case attempt with its step results and
/// attachments.
///
/// Only the last attempt of a retried test case counts (`countedAttempts`). The run's success is the
/// `testRunFinished.success` of the stream; a stream without `testRunFinished` is `isInterrupted`.
///
/// Messages may refer to ids the stream never defined (a truncated or hand-made stream): such references are
/// ignored rather than trusted, so a report is always produced.
///
/// ## Retention
///
/// A query made with `.everything` (the default) keeps the whole stream: `pickles`, `gherkinDocuments`, `attempts`
/// and every lookup answer for the whole run. A query made with `.streaming` keeps a run of any size in bounded
/// memory, as the command's reports need: the documents, pickles and test cases go to temporary files as they
/// arrive (a run sends them all before its first scenario starts) and come back when their test case starts, and a
/// test case is dropped once it is *settled* (its last attempt ended and will not be retried) and every formatter
/// has seen it (`Reporter` and `consume(_:)` let it go after each envelope). Its lookups then answer for the test cases still running, and
/// `pickles`, `gherkinDocuments` and `sources` stay empty; the totals (`statistics()`, `stepUseSummary()`)
/// count the whole run either way. Every formatter of this module writes the same report from both.
public final class RunQuery {
    /// What a query keeps of the stream.
    public enum Retention: Sendable, Hashable {
        /// Everything, for the whole run.
        case everything
        /// The test cases still running, and totals: a run of any size in bounded memory.
        case streaming
    }

    /// What the query keeps of the stream.
    public let retention: Retention

    /// Creates an empty index that keeps what `retention` says.
    public convenience init(retention: Retention = .everything) {
        self.init(retention: retention, tuning: Tuning())
    }

    /// How a `.streaming` query spends memory (tests make it spill everything).
    struct Tuning {
        /// The bytes of each spool file kept in memory before it moves to disk.
        var spoolMemoryBudget = 256 << 10
        /// The documents no running test case uses that stay decoded.
        var unusedDocumentsKept = 4
    }

    let tuning: Tuning

    init(retention: Retention, tuning: Tuning) {
        self.retention = retention
        self.tuning = tuning
        spool = retention == .streaming ? MessageSpool(memoryBudget: tuning.spoolMemoryBudget) : nil
    }

    // MARK: Run

    /// The stream's `meta` message.
    public internal(set) var meta: Meta?
    /// The stream's `testRunStarted` message.
    public internal(set) var testRunStarted: TestRunStarted?
    /// The stream's `testRunFinished` message; `nil` while running or when the run was interrupted.
    public internal(set) var testRunFinished: TestRunFinished?
    /// The latest timestamp of any message seen so far.
    package internal(set) var lastTimestamp: Timestamp?
    /// The number of envelopes absorbed.
    package internal(set) var envelopeCount = 0

    /// Whether the stream has no `testRunFinished` (the run was interrupted, or is still running).
    public var isInterrupted: Bool { testRunFinished == nil }

    /// Whether the run succeeded, as the stream says (`testRunFinished.success`); `false` when interrupted.
    public var success: Bool { testRunFinished?.success ?? false }

    /// What fails this run (`RunVerdict`: its strictness and its tag of work in progress), as the run's configuration
    /// says (`RunConfiguration.verdict`): the one rule the runner decided the exit status by, and every report
    /// judges each scenario by. Set it before the stream.
    public var verdict = RunVerdict()

    /// Whether the run passed: the stream says so, and no scenario in it fails the run by `verdict` (a stream that
    /// claims success beside a failed scenario, merged from elsewhere, does not pass).
    public var passes: Bool {
        success && statistics().failingScenarios == 0
    }

    /// The first error met keeping the stream in temporary files (`.streaming` only): the reports cannot be
    /// complete.
    public var error: ReportError? { spool?.error }

    /// The run's duration: from `testRunStarted` to `testRunFinished` (or to the last message when interrupted).
    public var runDuration: MessageDuration {
        guard let start = testRunStarted?.timestamp, let end = testRunFinished?.timestamp ?? lastTimestamp else {
            return .zero
        }
        let duration = start.duration(to: end)
        return duration < .zero ? .zero : duration
    }

    // MARK: Static messages

    /// Every source, in stream order (empty when streaming).
    public internal(set) var sources: [Source] = []
    /// Every Gherkin document, in stream order (empty when streaming).
    public internal(set) var gherkinDocuments: [GherkinDocument] = []
    /// Every pickle, in stream order (empty when streaming).
    public internal(set) var pickles: [Pickle] = []
    /// Every step definition, in stream order.
    public internal(set) var stepDefinitions: [StepDefinition] = []
    /// Every hook definition, in stream order.
    public internal(set) var hooks: [Hook] = []
    /// Every parameter type, in stream order.
    public internal(set) var parameterTypes: [ParameterType] = []
    /// Every undefined parameter type reported, in stream order.
    public internal(set) var undefinedParameterTypes: [UndefinedParameterType] = []
    /// Every parse error, in stream order.
    public internal(set) var parseErrors: [ParseError] = []
    /// Attachments made outside any test case or test run hook, and external attachments of the run.
    public internal(set) var runAttachments: [Attachment] = []
    /// Every external attachment (stored outside the stream), in stream order.
    public internal(set) var externalAttachments: [ExternalAttachment] = []

    var gherkin = GherkinIndex()
    let spool: MessageSpool?
    /// The pickles kept (every one, or those of the running test cases when streaming), by id.
    var pickleById: [String: Pickle] = [:]
    var pickleOrdinalById: [String: Int] = [:]
    var pickleDocuments: [Int32] = []
    var pickleStepById: [String: PickleStep] = [:]
    var stepDefinitionIndexById: [String: Int] = [:]
    var hookIndexById: [String: Int] = [:]
    var suggestionsByPickleStep: [String: [Suggestion]] = [:]
    /// The did-you-mean of the stream's step definitions, made when first asked for.
    var closestDefinitions = ClosestDefinitions()
    /// `uri:line` of every step definition and hook, by id.
    var codeLocations: [String: String] = [:]

    /// What the query knows of each document, in stream order.
    var documents: [DocumentEntry] = []
    /// The number of documents with a feature.
    var featureCount = 0
    /// The number of pickles in the stream.
    var pickleCount = 0
    var lastDocument: (uri: String?, ordinal: Int)?
    var documentOrdinalsByURI: [String: Int]?
    var pendingSource: Source?
    /// The documents a streaming query decoded again, with how many running test cases use each; those no test
    /// case uses stay a little while (the next scenario is usually from the same file).
    var loadedDocuments: [Int: (document: GherkinDocument, source: Source?, users: Int)] = [:]
    var unusedDocuments: [Int] = []

    // MARK: Test cases

    /// Every test run hook execution, in the order they started.
    public internal(set) var testRunHookExecutions: [TestRunHookExecution] = []

    var allAttempts: [TestCaseAttempt] = []
    /// Every test case that started, in order (`.everything` only).
    var allRuns: [TestCaseRun] = []
    /// The test cases that started and are still held (every one when keeping everything), by test case id.
    var runs: [String: TestCaseRun] = [:]
    var runByPickleId: [String: TestCaseRun] = [:]
    /// The test cases that started and are not settled, by ordinal.
    var unsettled: [Int: TestCaseRun] = [:]
    /// Test cases settled by the envelope just absorbed, dropped (when streaming) once formatters have seen them.
    var settledToRelease: [TestCaseRun] = []
    var attemptById: [String: TestCaseAttempt] = [:]
    var attemptCount = 0
    /// The number of test cases that started: the ordinals given so far.
    var runCount = 0
    /// The totals of the settled test cases.
    var settledTotals = RunTotals()

    var testCasesById: [String: TestCase] = [:]
    var testCaseOrderById: [String] = []
    var indexedTestCaseCount = 0
    var testStepIndex: [String: (testCaseId: String, index: Int)] = [:]
    /// The last attempt a step message was located in, and the index of that step (most streams send an
    /// attempt's steps in order, so the next lookup usually needs no hashing).
    var lastLocated: (attempt: TestCaseAttempt, index: Int)?
    var testRunHookIndexById: [String: Int] = [:]

    /// Whether a `.streaming` query notes, as each test case settles, its scenario's outcome and key for a run
    /// history (`RunHistory.record(_:)`): set it before the stream starts when the run keeps a history. A query
    /// that keeps everything can always tell.
    public var notesScenarioOutcomes = false
    var scenarioKeyCounts: [String: Int] = [:]
    /// Each settled scenario's outcome and pickle, by its run history key (`.streaming` with
    /// `notesScenarioOutcomes`).
    var scenarioOutcomes: [String: (outcome: RunHistory.Outcome, pickleId: String)] = [:]

    /// Whether a test case started (the stream's static messages are over).
    var hasStartedRunning = false
    /// The test case the envelope just absorbed settled, if it settled one.
    var justSettled: TestCaseRun?
    /// The documents the envelope just absorbed completed (every pickle of theirs settled), in order.
    var justCompletedDocuments: [Int] = []
}
