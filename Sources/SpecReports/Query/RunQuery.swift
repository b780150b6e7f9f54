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
public final class RunQuery {
    /// Creates an empty index.
    public init() {}

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

    /// The run's duration: from `testRunStarted` to `testRunFinished` (or to the last message when interrupted).
    public var runDuration: MessageDuration {
        guard let start = testRunStarted?.timestamp, let end = testRunFinished?.timestamp ?? lastTimestamp else {
            return .zero
        }
        let duration = start.duration(to: end)
        return duration < .zero ? .zero : duration
    }

    // MARK: Static messages

    /// Every source, in stream order.
    public private(set) var sources: [Source] = []
    /// Every Gherkin document, in stream order.
    public private(set) var gherkinDocuments: [GherkinDocument] = []
    /// Every pickle, in stream order.
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
    private var pickleIndexById: [String: Int] = [:]
    private var pickleStepById: [String: (pickle: Int, step: Int)] = [:]
    private var stepDefinitionIndexById: [String: Int] = [:]
    private var hookIndexById: [String: Int] = [:]
    private var suggestionsByPickleStep: [String: [Suggestion]] = [:]
    /// The did-you-mean of the stream's step definitions, made when first asked for.
    var closestDefinitions = ClosestDefinitions()
    /// `uri:line` of every step definition and hook, by id.
    private(set) var codeLocations: [String: String] = [:]

    /// The Gherkin document with `uri`.
    public func gherkinDocument(uri: String) -> GherkinDocument? {
        gherkinDocuments.first { $0.uri == uri }
    }

    /// The pickle with `id`.
    public func pickle(id: String) -> Pickle? {
        pickleIndexById[id].map { pickles[$0] }
    }

    /// The pickle step with `id`.
    public func pickleStep(id: String) -> PickleStep? {
        pickleStepById[id].map { pickles[$0.pickle].steps[$0.step] }
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

    /// Every attempt, in the order they started.
    public private(set) var attempts: [TestCaseAttempt] = []
    /// Every test run hook execution, in the order they started.
    public private(set) var testRunHookExecutions: [TestRunHookExecution] = []

    private var testCasesById: [String: TestCase] = [:]
    private var testCaseOrderById: [String] = []
    private var indexedTestCaseCount = 0
    private var testStepIndex: [String: (testCaseId: String, index: Int)] = [:]
    /// The last attempt a step message was located in, and the index of that step (most streams send an
    /// attempt's steps in order, so the next lookup usually needs no hashing).
    private var lastLocated: (attempt: TestCaseAttempt, index: Int)?

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
    private var attemptIndexById: [String: Int] = [:]
    private var lastAttemptIndexByTestCase: [String: Int] = [:]
    private var testCaseOrder: [String] = []
    private var testRunHookIndexById: [String: Int] = [:]

    /// The test case with `id`.
    public func testCase(id: String) -> TestCase? {
        testCasesById[id]
    }

    /// The test case and position of the test step with `id`.
    public func testStep(id: String) -> (testCase: TestCase, index: Int)? {
        guard let location = testStepById[id], let testCase = testCasesById[location.testCaseId] else { return nil }
        return (testCase, location.index)
    }

    /// The attempt with `id` (a `TestCaseStarted` id).
    public func attempt(id: String) -> TestCaseAttempt? {
        attemptIndexById[id].map { attempts[$0] }
    }

    /// The attempts that count: the last attempt of each test case, in the order the test cases first started.
    public var countedAttempts: [TestCaseAttempt] {
        testCaseOrder.compactMap { lastAttemptIndexByTestCase[$0].map { attempts[$0] } }
    }

    /// Whether `attempt` counts (it is the last attempt of its test case).
    public func counts(_ attempt: TestCaseAttempt) -> Bool {
        lastAttemptIndexByTestCase[attempt.testCase.id].map { attempts[$0] === attempt } ?? false
    }

    /// The counted attempt of the test case made from `pickle`, if it started.
    public func countedAttempt(of pickle: Pickle) -> TestCaseAttempt? {
        lastAttemptIndexByPickle[pickle.id].map { attempts[$0] }
    }

    private var lastAttemptIndexByPickle: [String: Int] = [:]
    /// The attempts of each test case that was attempted more than once, in order.
    private var retriedAttemptIndices: [String: [Int]] = [:]

    /// Every attempt of `attempt`'s test case before it (the failed attempts that were retried), in order.
    public func earlierAttempts(of attempt: TestCaseAttempt) -> [TestCaseAttempt] {
        guard let indices = retriedAttemptIndices[attempt.testCase.id] else { return [] }
        return indices.map { attempts[$0] }.prefix { $0 !== attempt }.map { $0 }
    }

    /// Whether `attempt` is *flaky*: its test case failed, was retried, and this last attempt passed (as
    /// cucumber-ruby and Maven Surefire call it). A flaky scenario passes the run; every report says it was flaky.
    public func isFlaky(_ attempt: TestCaseAttempt) -> Bool {
        attempt.attempt > 0 && attempt.status == .passed && counts(attempt)
            && earlierAttempts(of: attempt).contains { $0.status != .passed }
    }

    // MARK: Updating

    /// Absorbs one envelope of the stream.
    public func update(_ envelope: Envelope) {
        envelopeCount += 1
        switch envelope {
        case .meta(let meta):
            if self.meta == nil { self.meta = meta }
        case .source(let source):
            sources.append(source)
        case .gherkinDocument(let document):
            gherkinDocuments.append(document)
            gherkin.add(document)
        case .pickle(let pickle):
            let index = pickles.count
            pickles.append(pickle)
            pickleIndexById[pickle.id] = index
            for (stepIndex, step) in pickle.steps.enumerated() {
                pickleStepById[step.id] = (index, stepIndex)
            }
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
        case .testCase(let testCase):
            testCasesById[testCase.id] = testCase
            testCaseOrderById.append(testCase.id)
        case .testCaseStarted(let started):
            see(started.timestamp)
            guard let testCase = testCasesById[started.testCaseId] else { return }
            let pickle = pickle(id: testCase.pickleId)
            let index = attempts.count
            attempts.append(TestCaseAttempt(started: started, testCase: testCase, pickle: pickle))
            attemptIndexById[started.id] = index
            if let earlier = lastAttemptIndexByTestCase.updateValue(index, forKey: testCase.id) {
                retriedAttemptIndices[testCase.id, default: [earlier]].append(index)
            } else {
                testCaseOrder.append(testCase.id)
            }
            lastAttemptIndexByPickle[testCase.pickleId] = index
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

    /// Absorbs every envelope of `envelopes`, in order.
    public func update(contentsOf envelopes: some Sequence<Envelope>) {
        for envelope in envelopes { update(envelope) }
    }

    private func see(_ timestamp: Timestamp) {
        if let last = lastTimestamp, last >= timestamp { return }
        lastTimestamp = timestamp
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
