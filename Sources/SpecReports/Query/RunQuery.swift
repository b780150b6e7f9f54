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
/// has seen it (`releaseSettledTestCases()`). Its lookups then answer for the test cases still running, and
/// `pickles`, `gherkinDocuments` and `sources` stay empty; the totals (`statistics(strict:)`, `stepUseSummary()`)
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

    private let tuning: Tuning

    init(retention: Retention, tuning: Tuning) {
        self.retention = retention
        self.tuning = tuning
        spool = retention == .streaming ? MessageSpool(memoryBudget: tuning.spoolMemoryBudget) : nil
    }

    // MARK: Run

    /// The stream's `meta` message.
    public private(set) var meta: Meta?
    /// The stream's `testRunStarted` message.
    public private(set) var testRunStarted: TestRunStarted?
    /// The stream's `testRunFinished` message; `nil` while running or when the run was interrupted.
    public private(set) var testRunFinished: TestRunFinished?
    /// The latest timestamp of any message seen so far.
    public private(set) var lastTimestamp: Timestamp?
    /// The number of envelopes absorbed.
    public private(set) var envelopeCount = 0

    /// Whether the stream has no `testRunFinished` (the run was interrupted, or is still running).
    public var isInterrupted: Bool { testRunFinished == nil }

    /// Whether the run succeeded, as the stream says (`testRunFinished.success`); `false` when interrupted.
    public var success: Bool { testRunFinished?.success ?? false }

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
    public private(set) var sources: [Source] = []
    /// Every Gherkin document, in stream order (empty when streaming).
    public private(set) var gherkinDocuments: [GherkinDocument] = []
    /// Every pickle, in stream order (empty when streaming).
    public private(set) var pickles: [Pickle] = []
    /// Every step definition, in stream order.
    public private(set) var stepDefinitions: [StepDefinition] = []
    /// Every hook definition, in stream order.
    public private(set) var hooks: [Hook] = []
    /// Every parameter type, in stream order.
    public private(set) var parameterTypes: [ParameterType] = []
    /// Every undefined parameter type reported, in stream order.
    public private(set) var undefinedParameterTypes: [UndefinedParameterType] = []
    /// Every parse error, in stream order.
    public private(set) var parseErrors: [ParseError] = []
    /// Attachments made outside any test case or test run hook, and external attachments of the run.
    public private(set) var runAttachments: [Attachment] = []
    /// Every external attachment (stored outside the stream), in stream order.
    public private(set) var externalAttachments: [ExternalAttachment] = []

    private var gherkin = GherkinIndex()
    private let spool: MessageSpool?
    /// The pickles kept (every one, or those of the running test cases when streaming), by id.
    private var pickleById: [String: Pickle] = [:]
    private var pickleOrdinalById: [String: Int] = [:]
    private var pickleDocuments: [Int32] = []
    private var pickleStepById: [String: PickleStep] = [:]
    private var stepDefinitionIndexById: [String: Int] = [:]
    private var hookIndexById: [String: Int] = [:]
    private var suggestionsByPickleStep: [String: [Suggestion]] = [:]
    /// The did-you-mean of the stream's step definitions, made when first asked for.
    var closestDefinitions = ClosestDefinitions()
    /// `uri:line` of every step definition and hook, by id.
    private(set) var codeLocations: [String: String] = [:]

    /// What the query knows of each document, in stream order.
    private(set) var documents: [DocumentEntry] = []
    /// The number of documents with a feature.
    private(set) var featureCount = 0
    /// The number of pickles in the stream.
    private(set) var pickleCount = 0
    private var lastDocument: (uri: String?, ordinal: Int)?
    private var documentOrdinalsByURI: [String: Int]?
    private var pendingSource: Source?
    /// The documents a streaming query decoded again, with how many running test cases use each; those no test
    /// case uses stay a little while (the next scenario is usually from the same file).
    private var loadedDocuments: [Int: (document: GherkinDocument, source: Source?, users: Int)] = [:]
    private var unusedDocuments: [Int] = []

    /// The Gherkin document with `uri` (when streaming, only among the documents of running test cases).
    public func gherkinDocument(uri: String) -> GherkinDocument? {
        if retention == .streaming {
            return loadedDocuments.values.lazy.map(\.document).first { $0.uri == uri }
        }
        return gherkinDocuments.first { $0.uri == uri }
    }

    /// The pickle with `id` (when streaming, only for a test case still running).
    public func pickle(id: String) -> Pickle? {
        pickleById[id]
    }

    /// The pickle step with `id` (when streaming, only for a test case still running).
    public func pickleStep(id: String) -> PickleStep? {
        pickleStepById[id]
    }

    /// The step definition with `id`.
    public func stepDefinition(id: String) -> StepDefinition? {
        stepDefinitionIndexById[id].map { stepDefinitions[$0] }
    }

    /// The hook with `id`.
    public func hook(id: String) -> Hook? {
        hookIndexById[id].map { hooks[$0] }
    }

    /// The suggestions (snippets) for the undefined pickle step with `pickleStepId`.
    public func suggestions(forPickleStep pickleStepId: String) -> [Suggestion] {
        suggestionsByPickleStep[pickleStepId] ?? []
    }

    /// Where `pickle` comes from: feature, rule, scenario, backgrounds, examples row.
    public func lineage(of pickle: Pickle) -> PickleLineage? {
        gherkin.lineage(of: pickle)
    }

    /// The Gherkin step a pickle step comes from.
    public func gherkinStep(of pickleStep: PickleStep) -> Step? {
        pickleStep.astNodeIds.first.flatMap { gherkin.steps[$0]?.step }
    }

    /// The background a pickle step comes from, if it is a background step.
    public func background(of pickleStep: PickleStep) -> Background? {
        pickleStep.astNodeIds.first.flatMap { gherkin.steps[$0]?.backgroundId }.flatMap { gherkin.backgrounds[$0] }
    }

    /// The Gherkin tag with AST node `id`.
    public func tag(id: String) -> Tag? {
        gherkin.tags[id]
    }

    // MARK: Test cases

    /// Every attempt, in the order they started (when streaming, those of the test cases still held).
    public var attempts: [TestCaseAttempt] {
        if retention == .everything { return allAttempts }
        return runs.values.flatMap(\.attempts).sorted { $0.index < $1.index }
    }

    /// Every test run hook execution, in the order they started.
    public private(set) var testRunHookExecutions: [TestRunHookExecution] = []

    private var allAttempts: [TestCaseAttempt] = []
    /// Every test case that started, in order (`.everything` only).
    private var allRuns: [TestCaseRun] = []
    /// The test cases that started and are still held (every one when keeping everything), by test case id.
    private var runs: [String: TestCaseRun] = [:]
    private var runByPickleId: [String: TestCaseRun] = [:]
    /// The test cases that started and are not settled, by ordinal.
    private var unsettled: [Int: TestCaseRun] = [:]
    /// Test cases settled by the envelope just absorbed, dropped (when streaming) once formatters have seen them.
    private var settledToRelease: [TestCaseRun] = []
    private var attemptById: [String: TestCaseAttempt] = [:]
    private var attemptCount = 0
    /// The number of test cases that started: the ordinals given so far.
    private(set) var runCount = 0
    /// The totals of the settled test cases.
    private(set) var settledTotals = RunTotals()

    private var testCasesById: [String: TestCase] = [:]
    private var testCaseOrderById: [String] = []
    private var indexedTestCaseCount = 0
    private var testStepIndex: [String: (testCaseId: String, index: Int)] = [:]
    /// The last attempt a step message was located in, and the index of that step (most streams send an
    /// attempt's steps in order, so the next lookup usually needs no hashing).
    private var lastLocated: (attempt: TestCaseAttempt, index: Int)?
    private var testRunHookIndexById: [String: Int] = [:]

    /// Whether a `.streaming` query notes, as each test case settles, its scenario's outcome and key for a run
    /// history (`RunHistory.record(_:)`): set it before the stream starts when the run keeps a history. A query
    /// that keeps everything can always tell.
    public var notesScenarioOutcomes = false
    private var scenarioKeyCounts: [String: Int] = [:]
    /// Each settled scenario's outcome and pickle, by its run history key (`.streaming` with
    /// `notesScenarioOutcomes`).
    private(set) var scenarioOutcomes: [String: (outcome: RunHistory.Outcome, pickleId: String)] = [:]

    /// The run history outcome of `run`'s scenario.
    func historyOutcome(of run: TestCaseRun) -> (outcome: RunHistory.Outcome, pickleId: String)? {
        guard let attempt = run.counted, let pickle = run.pickle else { return nil }
        return (RunHistory.outcome(of: attempt, in: self), pickle.id)
    }

    /// Whether a test case started (the stream's static messages are over).
    private(set) var hasStartedRunning = false
    /// The test case the envelope just absorbed settled, if it settled one.
    private(set) var justSettled: TestCaseRun?
    /// The documents the envelope just absorbed completed (every pickle of theirs settled), in order.
    private(set) var justCompletedDocuments: [Int] = []

    /// Test step ids to their test case and position, built on demand (formatters rarely need it).
    private var testStepById: [String: (testCaseId: String, index: Int)] {
        while indexedTestCaseCount < testCaseOrderById.count {
            if let testCase = testCasesById[testCaseOrderById[indexedTestCaseCount]] {
                for (index, step) in testCase.testSteps.enumerated() {
                    testStepIndex[step.id] = (testCase.id, index)
                }
            }
            indexedTestCaseCount += 1
        }
        return testStepIndex
    }

    /// The test case with `id` (when streaming, only one still running).
    public func testCase(id: String) -> TestCase? {
        testCasesById[id] ?? runs[id]?.testCase
    }

    /// The test case and position of the test step with `id`.
    public func testStep(id: String) -> (testCase: TestCase, index: Int)? {
        if retention == .streaming {
            for run in runs.values {
                if let index = run.testCase.testSteps.firstIndex(where: { $0.id == id }) {
                    return (run.testCase, index)
                }
            }
            return nil
        }
        guard let location = testStepById[id], let testCase = testCasesById[location.testCaseId] else { return nil }
        return (testCase, location.index)
    }

    /// The attempt with `id` (a `TestCaseStarted` id).
    public func attempt(id: String) -> TestCaseAttempt? {
        attemptById[id]
    }

    /// The attempts that count: the last attempt of each test case, in the order the test cases first started
    /// (when streaming, those of the test cases still held).
    public var countedAttempts: [TestCaseAttempt] {
        let held = retention == .everything ? allRuns : runs.values.sorted { $0.ordinal < $1.ordinal }
        return held.compactMap(\.counted)
    }

    /// Whether `attempt` counts (it is the last attempt of its test case).
    public func counts(_ attempt: TestCaseAttempt) -> Bool {
        runs[attempt.testCase.id]?.counted === attempt
    }

    /// The counted attempt of the test case made from `pickle`, if it started.
    public func countedAttempt(of pickle: Pickle) -> TestCaseAttempt? {
        runByPickleId[pickle.id]?.counted
    }

    /// Every attempt of `attempt`'s test case before it (the failed attempts that were retried), in order.
    public func earlierAttempts(of attempt: TestCaseAttempt) -> [TestCaseAttempt] {
        guard let run = runs[attempt.testCase.id] else { return [] }
        return Array(run.attempts.prefix { $0 !== attempt })
    }

    /// Whether `attempt` is *flaky*: its test case failed, was retried, and this last attempt passed (as
    /// cucumber-ruby and Maven Surefire call it). A flaky scenario passes the run; every report says it was flaky.
    public func isFlaky(_ attempt: TestCaseAttempt) -> Bool {
        attempt.attempt > 0 && attempt.status == .passed && counts(attempt)
            && earlierAttempts(of: attempt).contains { $0.status != .passed }
    }

    /// The test case of `attempt`, with every attempt of it.
    func run(of attempt: TestCaseAttempt) -> TestCaseRun? {
        runs[attempt.testCase.id]
    }

    /// The test cases held (every one when keeping everything), by ordinal.
    var heldRuns: [TestCaseRun] {
        retention == .everything ? allRuns : runs.values.sorted { $0.ordinal < $1.ordinal }
    }

    /// The test cases that started and are not settled (unfinished, or waiting for a retry), by ordinal.
    var unsettledRuns: [TestCaseRun] {
        unsettled.values.sorted { $0.ordinal < $1.ordinal }
    }

    // MARK: Documents

    /// The document at `ordinal` and its source: kept, or decoded again when streaming.
    func document(at ordinal: Int) -> (document: GherkinDocument, source: Source?)? {
        guard documents.indices.contains(ordinal) else { return nil }
        if retention == .everything {
            let document = gherkinDocuments[ordinal]
            return (document, sources.first { $0.uri == document.uri })
        }
        if let loaded = loadedDocuments[ordinal] { return (loaded.document, loaded.source) }
        guard let spool else { return nil }
        let (document, source) = spool.document(at: documents[ordinal].slot)
        return (document, source)
    }

    /// The documents with a feature whose pickles did not all settle, in order.
    var incompleteDocuments: [Int] {
        documents.indices.filter { !documents[$0].isComplete && documents[$0].featureIndex >= 0 }
    }

    /// The pickles of the documents at `ordinals` (-1 for the pickles without a document), in stream order.
    func pickles(ofDocuments ordinals: Set<Int>) -> [MessageSpool.PickleRecord] {
        guard !ordinals.isEmpty else { return [] }
        if retention == .everything {
            return pickles.indices.compactMap { index in
                let document = Int(pickleDocuments[index])
                guard ordinals.contains(document) else { return nil }
                return MessageSpool.PickleRecord(
                    pickle: pickles[index], ordinal: index, document: document >= 0 ? document : nil, keyNumber: 0)
            }
        }
        return spool?.pickles(ofDocuments: { ordinals.contains($0) }) ?? []
    }

    /// The position of the document `pickle` belongs to (the last document of its URI before it).
    private func documentOrdinal(of pickle: Pickle) -> Int? {
        if let lastDocument, lastDocument.uri == pickle.uri { return lastDocument.ordinal }
        if documentOrdinalsByURI == nil {
            var byURI: [String: Int] = [:]
            for ordinal in documents.indices {
                if let uri = document(at: ordinal)?.document.uri { byURI[uri] = ordinal }
            }
            documentOrdinalsByURI = byURI
        }
        return documentOrdinalsByURI?[pickle.uri]
    }

    private func retainDocument(_ ordinal: Int) {
        guard retention == .streaming else { return }
        if let loaded = loadedDocuments[ordinal] {
            if loaded.users == 0 { unusedDocuments.removeAll { $0 == ordinal } }
            loadedDocuments[ordinal]?.users += 1
            return
        }
        guard let spool else { return }
        let (document, source) = spool.document(at: documents[ordinal].slot)
        gherkin.add(document)
        loadedDocuments[ordinal] = (document, source, 1)
    }

    private func releaseDocument(_ ordinal: Int) {
        guard retention == .streaming, let loaded = loadedDocuments[ordinal] else { return }
        loadedDocuments[ordinal]?.users = loaded.users - 1
        guard loaded.users == 1 else { return }
        unusedDocuments.append(ordinal)
        while unusedDocuments.count > tuning.unusedDocumentsKept {
            let evicted = unusedDocuments.removeFirst()
            if let document = loadedDocuments.removeValue(forKey: evicted)?.document { gherkin.remove(document) }
        }
    }

    // MARK: Updating

    /// Absorbs one envelope of the stream.
    public func update(_ envelope: Envelope) {
        envelopeCount += 1
        justSettled = nil
        if !justCompletedDocuments.isEmpty { justCompletedDocuments.removeAll() }
        switch envelope {
        case .meta(let meta):
            if self.meta == nil { self.meta = meta }
        case .source(let source):
            if retention == .everything { sources.append(source) } else { pendingSource = source }
        case .gherkinDocument(let document):
            add(document)
        case .pickle(let pickle):
            add(pickle)
        case .stepDefinition(let definition):
            stepDefinitionIndexById[definition.id] = stepDefinitions.count
            stepDefinitions.append(definition)
            codeLocations[definition.id] = ReportText.location(definition.sourceReference)
        case .hook(let hook):
            hookIndexById[hook.id] = hooks.count
            hooks.append(hook)
            codeLocations[hook.id] = ReportText.location(hook.sourceReference)
        case .parameterType(let parameterType):
            parameterTypes.append(parameterType)
        case .undefinedParameterType(let undefined):
            undefinedParameterTypes.append(undefined)
        case .parseError(let error):
            parseErrors.append(error)
        case .suggestion(let suggestion):
            suggestionsByPickleStep[suggestion.pickleStepId, default: []].append(suggestion)
        case .testRunStarted(let started):
            if testRunStarted == nil { testRunStarted = started }
            see(started.timestamp)
        case .testRunFinished(let finished):
            testRunFinished = finished
            see(finished.timestamp)
            startRunning()
        case .testCase(let testCase):
            if let spool {
                spool.append(testCase, pickle: spool.claimPickle(id: testCase.pickleId))
            } else {
                testCasesById[testCase.id] = testCase
                testCaseOrderById.append(testCase.id)
            }
        case .testCaseStarted(let started):
            see(started.timestamp)
            start(started)
        case .testStepStarted(let started):
            see(started.timestamp)
            guard let (attempt, index) = locate(started.testCaseStartedId, started.testStepId) else { return }
            attempt.stepStartTimestamps[index] = started.timestamp
            attempt.lastTimestamp = max(attempt.lastTimestamp, started.timestamp)
        case .testStepFinished(let finished):
            see(finished.timestamp)
            guard let (attempt, index) = locate(finished.testCaseStartedId, finished.testStepId) else { return }
            attempt.stepResults[index] = finished.testStepResult
            attempt.lastTimestamp = max(attempt.lastTimestamp, finished.timestamp)
        case .testCaseFinished(let finished):
            see(finished.timestamp)
            guard let attempt = attempt(id: finished.testCaseStartedId) else { return }
            attempt.finished = finished
            attempt.lastTimestamp = max(attempt.lastTimestamp, finished.timestamp)
            if !finished.willBeRetried, let run = runs[attempt.testCase.id], run.counted === attempt {
                settle(run)
            }
        case .testRunHookStarted(let started):
            see(started.timestamp)
            testRunHookIndexById[started.id] = testRunHookExecutions.count
            testRunHookExecutions.append(
                TestRunHookExecution(started: started, hook: hook(id: started.hookId), result: nil, attachments: []))
        case .testRunHookFinished(let finished):
            see(finished.timestamp)
            guard let index = testRunHookIndexById[finished.testRunHookStartedId] else { return }
            testRunHookExecutions[index].result = finished.result
        case .attachment(let attachment):
            if let timestamp = attachment.timestamp { see(timestamp) }
            add(attachment)
        case .externalAttachment(let attachment):
            if let timestamp = attachment.timestamp { see(timestamp) }
            externalAttachments.append(attachment)
        }
    }

    /// Absorbs every envelope of `envelopes`, in order (releasing settled test cases as it goes when streaming).
    public func update(contentsOf envelopes: some Sequence<Envelope>) {
        for envelope in envelopes {
            update(envelope)
            releaseSettledTestCases()
        }
    }

    /// Drops the test cases the last envelope settled (when streaming): call it once every formatter has seen the
    /// envelope (`Reporter` does). A query that keeps everything keeps them.
    public func releaseSettledTestCases() {
        guard !settledToRelease.isEmpty else { return }
        defer { settledToRelease.removeAll() }
        guard retention == .streaming else { return }
        for run in settledToRelease {
            runs[run.testCase.id] = nil
            for attempt in run.attempts {
                attemptById[attempt.id] = nil
                if lastLocated?.attempt === attempt { lastLocated = nil }
            }
            if let pickle = run.pickle {
                if runByPickleId[pickle.id] === run {
                    runByPickleId[pickle.id] = nil
                    pickleById[pickle.id] = nil
                    for step in pickle.steps {
                        pickleStepById[step.id] = nil
                        suggestionsByPickleStep[step.id] = nil
                    }
                }
            }
            if let ordinal = run.documentOrdinal { releaseDocument(ordinal) }
        }
    }

    private func see(_ timestamp: Timestamp) {
        if let last = lastTimestamp, last >= timestamp { return }
        lastTimestamp = timestamp
    }

    private func add(_ document: GherkinDocument) {
        var entry = DocumentEntry()
        if document.feature != nil {
            entry.featureIndex = Int32(featureCount)
            featureCount += 1
        }
        let ordinal = documents.count
        if let spool {
            let source = pendingSource.flatMap { $0.uri == document.uri ? $0 : nil }
            pendingSource = nil
            entry.slot = spool.append(document, source: source)
        } else {
            gherkinDocuments.append(document)
            gherkin.add(document)
        }
        documents.append(entry)
        lastDocument = (document.uri, ordinal)
        if let uri = document.uri, documentOrdinalsByURI != nil { documentOrdinalsByURI?[uri] = ordinal }
    }

    private func add(_ pickle: Pickle) {
        let ordinal = pickleCount
        pickleCount += 1
        var document = documentOrdinal(of: pickle)
        if let known = document, documents[known].isComplete {
            // A pickle after its document's scenarios all ended (not from a runner): shown on its own.
            document = nil
        }
        if let document { documents[document].pickleCount += 1 }
        if let spool {
            var keyNumber = 0
            if notesScenarioOutcomes {
                keyNumber = scenarioKeyCounts[RunHistory.baseKey(of: pickle), default: 0] + 1
                scenarioKeyCounts[RunHistory.baseKey(of: pickle)] = keyNumber
            }
            _ = spool.append(
                MessageSpool.PickleRecord(pickle: pickle, ordinal: ordinal, document: document, keyNumber: keyNumber))
        } else {
            pickles.append(pickle)
            pickleDocuments.append(Int32(document ?? -1))
            pickleById[pickle.id] = pickle
            pickleOrdinalById[pickle.id] = ordinal
            for step in pickle.steps { pickleStepById[step.id] = step }
        }
    }

    /// The run has started: a document without pickles is complete.
    private func startRunning() {
        guard !hasStartedRunning else { return }
        hasStartedRunning = true
        for ordinal in documents.indices where documents[ordinal].pickleCount == 0 {
            completeDocument(ordinal)
        }
    }

    private func start(_ started: TestCaseStarted) {
        startRunning()
        let run: TestCaseRun
        if let existing = runs[started.testCaseId] {
            run = existing
            if run.isSettled {
                // Another attempt after the one that was to be the last (not from a runner): it counts instead.
                run.isSettled = false
                settledTotals.remove(run, query: self)
                unsettled[run.ordinal] = run
            }
        } else {
            guard let made = makeRun(testCaseId: started.testCaseId) else { return }
            run = made
        }
        let attempt = TestCaseAttempt(started: started, run: run, index: attemptCount)
        attemptCount += 1
        run.attempts.append(attempt)
        attemptById[started.id] = attempt
        if retention == .everything { allAttempts.append(attempt) }
    }

    private func makeRun(testCaseId: String) -> TestCaseRun? {
        let testCase: TestCase
        var pickle: Pickle?
        var pickleOrdinal: Int?
        var document: Int?
        var keyNumber = 0
        if let spool {
            guard let found = spool.claimTestCase(id: testCaseId) else { return nil }
            testCase = found.testCase
            if let slot = found.pickle {
                let kept = spool.pickle(at: slot)
                pickle = kept.pickle
                pickleOrdinal = kept.ordinal
                document = kept.document
                keyNumber = kept.keyNumber
            }
        } else {
            guard let known = testCasesById[testCaseId] else { return nil }
            testCase = known
            pickle = pickleById[known.pickleId]
            pickleOrdinal = pickleOrdinalById[known.pickleId]
            document = pickleOrdinal.flatMap { pickleDocuments[$0] >= 0 ? Int(pickleDocuments[$0]) : nil }
        }
        let run = TestCaseRun(
            testCase: testCase, pickle: pickle, ordinal: runCount, pickleOrdinal: pickleOrdinal,
            documentOrdinal: document)
        if let pickle, keyNumber > 0 {
            run.historyKey = RunHistory.key(base: RunHistory.baseKey(of: pickle), keyNumber)
        }
        runCount += 1
        runs[testCaseId] = run
        unsettled[run.ordinal] = run
        if retention == .everything { allRuns.append(run) }
        if let pickle {
            if retention == .streaming, runByPickleId[pickle.id] == nil {
                pickleById[pickle.id] = pickle
                for step in pickle.steps { pickleStepById[step.id] = step }
                if let document { retainDocument(document) }
            }
            runByPickleId[pickle.id] = run
        }
        return run
    }

    private func settle(_ run: TestCaseRun) {
        run.isSettled = true
        unsettled[run.ordinal] = nil
        settledTotals.add(run, query: self)
        if let key = run.historyKey, let outcome = historyOutcome(of: run) { scenarioOutcomes[key] = outcome }
        justSettled = run
        settledToRelease.append(run)
        guard let ordinal = run.documentOrdinal, !run.countedInDocument else { return }
        run.countedInDocument = true
        documents[ordinal].settledCount += 1
        if documents[ordinal].settledCount >= documents[ordinal].pickleCount { completeDocument(ordinal) }
    }

    private func completeDocument(_ ordinal: Int) {
        guard !documents[ordinal].isComplete else { return }
        documents[ordinal].isComplete = true
        justCompletedDocuments.append(ordinal)
    }

    private func locate(_ attemptId: String, _ testStepId: String) -> (TestCaseAttempt, Int)? {
        let attempt: TestCaseAttempt
        var start = 0
        if let last = lastLocated, last.attempt.id == attemptId {
            attempt = last.attempt
            start = last.index
        } else {
            guard let found = self.attempt(id: attemptId) else { return nil }
            attempt = found
        }
        // The steps of a test case are few: a scan from the last position beats hashing.
        let steps = attempt.testCase.testSteps
        for offset in 0..<steps.count {
            let index = (start + offset) % steps.count
            if steps[index].id == testStepId {
                lastLocated = (attempt, index)
                return (attempt, index)
            }
        }
        return nil
    }

    private func add(_ attachment: Attachment) {
        if let attemptId = attachment.testCaseStartedId, let attempt = attempt(id: attemptId) {
            if let stepId = attachment.testStepId, let (_, index) = locate(attemptId, stepId) {
                attempt.stepAttachments[index].append(attachment)
            } else {
                attempt.caseAttachments.append(attachment)
            }
        } else if let hookRunId = attachment.testRunHookStartedId, let index = testRunHookIndexById[hookRunId] {
            testRunHookExecutions[index].attachments.append(attachment)
        } else {
            runAttachments.append(attachment)
        }
    }
}
