import Foundation
import Messages
import SpecReports

/// Builds small, valid message streams for focused tests: one feature file, scenarios with steps whose
/// outcomes are given, optional hooks, retries, attachments and an interruption.
struct StreamBuilder {
    struct StepSpec {
        var keyword = "Given "
        var text: String
        var status: TestStepResultStatus
        var message: String?
        var milliseconds = 1
        var docString: String?
        var table: [[String]]?
        var attachment: (body: String, mediaType: String)?
    }

    struct ScenarioSpec {
        var name: String
        var tags: [String] = []
        var steps: [StepSpec]
        /// Results of earlier attempts that will be retried (each a list of statuses per step).
        var retriedAttempts: [[TestStepResultStatus]] = []
        var beforeHook: TestStepResultStatus?
        /// Whether the scenario starts but never finishes (the stream is cut inside it).
        var unfinished = false
    }

    var uri = "features/sample.feature"
    var featureName = "Sample"
    var scenarios: [ScenarioSpec] = []
    var finished = true
    var success: Bool?
    /// The workers the test cases run on, in turn (none: no `workerId`).
    var workerIds: [String] = []

    private var nextId = 0
    private var clock = 0  // milliseconds

    init(uri: String = "features/sample.feature", featureName: String = "Sample") {
        self.uri = uri
        self.featureName = featureName
    }

    mutating func scenario(
        _ name: String, tags: [String] = [], _ steps: [StepSpec], retried: [[TestStepResultStatus]] = [],
        beforeHook: TestStepResultStatus? = nil, unfinished: Bool = false
    ) {
        scenarios.append(
            ScenarioSpec(
                name: name, tags: tags, steps: steps, retriedAttempts: retried, beforeHook: beforeHook,
                unfinished: unfinished))
    }

    /// Put before every id, so that the streams of several builders can make one run (`concatenate`).
    var idPrefix = ""

    private mutating func id() -> String {
        defer { nextId += 1 }
        return idPrefix + String(nextId)
    }

    /// One run of the streams of several builders (with different `idPrefix`es): every static message first, then
    /// every test case, then every execution, one `testRunStarted` and one `testRunFinished`.
    static func concatenate(_ streams: [[Envelope]]) -> [Envelope] {
        var statics: [Envelope] = []
        var testCases: [Envelope] = []
        var executions: [Envelope] = []
        var started: Envelope?
        var finished: TestRunFinished?
        for (index, stream) in streams.enumerated() {
            for envelope in stream {
                switch envelope {
                case .meta: if index == 0 { statics.append(envelope) }
                case .testRunStarted: if started == nil { started = envelope }
                case .testCase: testCases.append(envelope)
                case .testRunFinished(let end):
                    var combined = end
                    combined.success = end.success && (finished?.success ?? true)
                    finished = combined
                case .testCaseStarted, .testStepStarted, .testStepFinished, .testCaseFinished, .attachment,
                    .suggestion:
                    executions.append(envelope)
                default: statics.append(envelope)
                }
            }
        }
        return statics + (started.map { [$0] } ?? []) + testCases + executions
            + (finished.map { [.testRunFinished($0)] } ?? [])
    }

    private mutating func tick(_ milliseconds: Int = 1) -> Timestamp {
        clock += milliseconds
        return Timestamp(seconds: clock / 1000, nanos: (clock % 1000) * 1_000_000)
    }

    /// The line of scenario `index` (1-based lines; each scenario takes 10 lines from line 3).
    /// `envelopes` with the test cases' executions (from `testCaseStarted` to its `testCaseFinished`) in reverse
    /// order: the messages before them and `testRunFinished` stay where they were.
    static func withExecutionsReversed(_ envelopes: [Envelope]) -> [Envelope] {
        var head: [Envelope] = []
        var executions: [[Envelope]] = []
        var tail: [Envelope] = []
        for envelope in envelopes {
            switch envelope {
            case .testCaseStarted: executions.append([envelope])
            case .testStepStarted, .testStepFinished, .attachment, .suggestion, .testCaseFinished:
                executions[executions.count - 1].append(envelope)
            case .testRunFinished: tail.append(envelope)
            default: head.append(envelope)
            }
        }
        return head + executions.reversed().flatMap { $0 } + tail
    }

    static func line(ofScenario index: Int) -> Int { 3 + index * 10 }

    mutating func build() -> [Envelope] {
        var envelopes: [Envelope] = []
        envelopes.append(
            .meta(
                Meta(
                    protocolVersion: "32.0.0", implementation: Product(name: "feed-specs", version: "0.1.0"),
                    runtime: Product(name: "Swift", version: "6.3"), os: Product(name: "linux"),
                    cpu: Product(name: "x86_64"))))
        // The AST.
        var children: [FeatureChild] = []
        var scenarioIds: [String] = []
        var stepIds: [[String]] = []
        var tagIds: [[String]] = []
        for (index, spec) in scenarios.enumerated() {
            let line = Self.line(ofScenario: index)
            var steps: [Step] = []
            var ids: [String] = []
            for (stepIndex, step) in spec.steps.enumerated() {
                let stepId = id()
                ids.append(stepId)
                steps.append(
                    Step(
                        location: Location(line: line + 1 + stepIndex, column: 5), keyword: step.keyword,
                        keywordType: .context, text: step.text,
                        docString: step.docString.map {
                            GherkinDocString(
                                location: Location(line: line + 2 + stepIndex), content: $0, delimiter: "\"\"\"")
                        },
                        dataTable: step.table.map { rows in
                            GherkinDataTable(
                                location: Location(line: line + 2 + stepIndex),
                                rows: rows.map { cells in
                                    TableRow(
                                        location: Location(line: line + 2 + stepIndex),
                                        cells: cells.map { TableCell(location: Location(line: 1), value: $0) },
                                        id: "row-\(stepId)")
                                })
                        }, id: stepId))
            }
            var tags: [Tag] = []
            var scenarioTagIds: [String] = []
            for tag in spec.tags {
                let tagId = id()
                scenarioTagIds.append(tagId)
                tags.append(Tag(location: Location(line: line - 1, column: 3), name: tag, id: tagId))
            }
            let scenarioId = id()
            scenarioIds.append(scenarioId)
            stepIds.append(ids)
            tagIds.append(scenarioTagIds)
            children.append(
                .scenario(
                    Scenario(
                        location: Location(line: line, column: 3), tags: tags, keyword: "Scenario", name: spec.name,
                        description: "", steps: steps, examples: [], id: scenarioId)))
        }
        envelopes.append(
            .gherkinDocument(
                GherkinDocument(
                    uri: uri,
                    feature: Feature(
                        location: Location(line: 1, column: 1), tags: [], language: "en", keyword: "Feature",
                        name: featureName, description: "  A feature for tests.", children: children),
                    comments: [])))
        // Pickles.
        var pickleIds: [String] = []
        var pickleStepIds: [[String]] = []
        for (index, spec) in scenarios.enumerated() {
            var steps: [PickleStep] = []
            var ids: [String] = []
            for (stepIndex, step) in spec.steps.enumerated() {
                let pickleStepId = id()
                ids.append(pickleStepId)
                var argument: PickleStepArgument?
                if let doc = step.docString { argument = .docString(PickleDocString(content: doc)) }
                if let table = step.table {
                    argument = .dataTable(
                        PickleTable(rows: table.map { PickleTableRow(cells: $0.map { PickleTableCell(value: $0) }) }))
                }
                steps.append(
                    PickleStep(
                        argument: argument, astNodeIds: [stepIds[index][stepIndex]], id: pickleStepId, type: .context,
                        text: step.text))
            }
            let pickleId = id()
            pickleIds.append(pickleId)
            pickleStepIds.append(ids)
            envelopes.append(
                .pickle(
                    Pickle(
                        id: pickleId, uri: uri, location: Location(line: Self.line(ofScenario: index), column: 3),
                        name: spec.name, language: "en", steps: steps,
                        tags: zip(spec.tags, tagIds[index]).map { PickleTag(name: $0, astNodeId: $1) },
                        astNodeIds: [scenarioIds[index]])))
        }
        // Step definitions: one per distinct step text, except undefined steps.
        var definitionIds: [String: String] = [:]
        for spec in scenarios {
            for step in spec.steps where step.status != .undefined && definitionIds[step.text] == nil {
                let definitionId = id()
                definitionIds[step.text] = definitionId
                envelopes.append(
                    .stepDefinition(
                        StepDefinition(
                            id: definitionId,
                            pattern: StepDefinitionPattern(source: step.text, type: .cucumberExpression),
                            sourceReference: SourceReference(
                                uri: "Sources/Steps.swift", location: Location(line: 10 + definitionIds.count)))))
            }
        }
        let hookId = id()
        envelopes.append(
            .hook(
                Hook(
                    id: hookId,
                    sourceReference: SourceReference(uri: "Sources/Hooks.swift", location: Location(line: 3)),
                    type: .beforeTestCase)))
        let runId = id()
        envelopes.append(.testRunStarted(TestRunStarted(timestamp: tick(0), id: runId)))
        // Test cases.
        var testCases: [TestCase] = []
        for (index, spec) in scenarios.enumerated() {
            var testSteps: [TestStep] = []
            if spec.beforeHook != nil { testSteps.append(TestStep(hookId: hookId, id: id())) }
            for (stepIndex, step) in spec.steps.enumerated() {
                let definitions = step.status == .undefined ? [] : [definitionIds[step.text] ?? ""]
                testSteps.append(
                    TestStep(
                        id: id(), pickleStepId: pickleStepIds[index][stepIndex], stepDefinitionIds: definitions,
                        stepMatchArgumentsLists: definitions.map { _ in StepMatchArgumentsList(stepMatchArguments: []) }
                    ))
            }
            let testCase = TestCase(id: id(), pickleId: pickleIds[index], testSteps: testSteps, testRunStartedId: runId)
            testCases.append(testCase)
            envelopes.append(.testCase(testCase))
        }
        var allSucceeded = true
        for (index, spec) in scenarios.enumerated() {
            let testCase = testCases[index]
            var attempts = spec.retriedAttempts.map { statuses in (statuses, true) }
            attempts.append((spec.steps.map(\.status), false))
            for (attemptNumber, (statuses, willBeRetried)) in attempts.enumerated() {
                let startedId = id()
                envelopes.append(
                    .testCaseStarted(
                        TestCaseStarted(
                            attempt: attemptNumber, id: startedId, testCaseId: testCase.id,
                            workerId: workerIds.isEmpty ? nil : workerIds[index % workerIds.count],
                            timestamp: tick())))
                var stepOffset = 0
                if let hookStatus = spec.beforeHook {
                    let stepId = testCase.testSteps[0].id
                    envelopes.append(
                        .testStepStarted(
                            TestStepStarted(testCaseStartedId: startedId, testStepId: stepId, timestamp: tick())))
                    envelopes.append(
                        .testStepFinished(
                            TestStepFinished(
                                testCaseStartedId: startedId, testStepId: stepId,
                                testStepResult: TestStepResult(
                                    duration: MessageDuration(nanoseconds: 1_000_000),
                                    message: hookStatus == .failed ? "hook failed" : nil, status: hookStatus),
                                timestamp: tick())))
                    stepOffset = 1
                }
                for (stepIndex, status) in statuses.enumerated() {
                    let step = spec.steps[stepIndex]
                    let stepId = testCase.testSteps[stepIndex + stepOffset].id
                    envelopes.append(
                        .testStepStarted(
                            TestStepStarted(testCaseStartedId: startedId, testStepId: stepId, timestamp: tick())))
                    if let attachment = step.attachment {
                        envelopes.append(
                            .attachment(
                                Attachment(
                                    body: attachment.body, contentEncoding: .identity, mediaType: attachment.mediaType,
                                    testCaseStartedId: startedId, testStepId: stepId)))
                    }
                    if status == .undefined {
                        envelopes.append(
                            .suggestion(
                                Suggestion(
                                    id: id(), pickleStepId: pickleStepIds[index][stepIndex],
                                    snippets: [
                                        Snippet(language: "swift", code: "steps.given(\"\(step.text)\") { world in }")
                                    ])))
                    }
                    let duration = MessageDuration(nanoseconds: step.milliseconds * 1_000_000)
                    let message = status == .failed ? (step.message ?? "Step failed") : step.message
                    envelopes.append(
                        .testStepFinished(
                            TestStepFinished(
                                testCaseStartedId: startedId, testStepId: stepId,
                                testStepResult: TestStepResult(
                                    duration: duration, message: message, status: status,
                                    exception: status == .failed
                                        ? Exception(type: "StepFailure", message: message) : nil),
                                timestamp: tick(step.milliseconds))))
                }
                if spec.unfinished { return envelopes }
                envelopes.append(
                    .testCaseFinished(
                        TestCaseFinished(testCaseStartedId: startedId, timestamp: tick(), willBeRetried: willBeRetried))
                )
                if !willBeRetried {
                    let worst = TestStepResultStatus.worst(of: statuses + (spec.beforeHook.map { [$0] } ?? []))
                    let wip = spec.tags.contains("@wip")
                    if worst == .failed || (!wip && [.undefined, .pending, .ambiguous].contains(worst)) {
                        allSucceeded = false
                    }
                }
            }
        }
        if finished {
            envelopes.append(
                .testRunFinished(
                    TestRunFinished(success: success ?? allSucceeded, timestamp: tick(), testRunStartedId: runId)))
        }
        return envelopes
    }
}

extension StreamBuilder.StepSpec {
    static func passed(_ text: String, _ keyword: String = "Given ", milliseconds: Int = 1) -> Self {
        Self(keyword: keyword, text: text, status: .passed, milliseconds: milliseconds)
    }

    static func failed(_ text: String, _ keyword: String = "Then ", message: String = "expected 1, got 2") -> Self {
        Self(keyword: keyword, text: text, status: .failed, message: message)
    }

    static func skipped(_ text: String, _ keyword: String = "And ") -> Self {
        Self(keyword: keyword, text: text, status: .skipped, milliseconds: 0)
    }

    static func undefined(_ text: String, _ keyword: String = "When ") -> Self {
        Self(keyword: keyword, text: text, status: .undefined, milliseconds: 0)
    }

    static func pending(_ text: String, _ keyword: String = "When ") -> Self {
        Self(keyword: keyword, text: text, status: .pending, milliseconds: 0)
    }
}

/// Runs a formatter over `envelopes` and returns what it wrote.
func render(_ envelopes: [Envelope], _ make: (MemoryOutput) -> any ReportFormatter) throws -> String {
    let output = MemoryOutput()
    let formatter = make(output)
    try formatter.format(envelopes)
    return output.text
}
