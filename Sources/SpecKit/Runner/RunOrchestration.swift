import Gherkin
import Messages

extension SpecRunner {
    /// The `testRunStarted` id of scenarios run one by one with `run(_:in:)` (and of `stream(...)`).
    public var testRunStartedId: String {
        standaloneRunIdStorage.withLock { id in
            if let id { return id }
            let new = ids.next()
            id = new
            return new
        }
    }

    /// Runs one scenario with its retries, emitting each attempt's messages.
    func runScenario(
        _ scenario: ScenarioInfo, in plan: SpecPlan, testRunStartedId: String, skipAll: Bool, workerId: String?,
        emit: @escaping @Sendable (Envelope) -> Void, buffer: MessageCollector?,
        prepared: PreparedTestCase? = nil
    ) async -> ScenarioResult {
        let isWorkInProgress = configuration.wipTag.map { scenario.tags.contains($0) } ?? false
        guard let entry = plan.index.pickles[scenario.pickleId] else {
            let step = StepResult(
                kind: .step, keyword: "", text: scenario.name, uri: scenario.uri, line: scenario.line,
                column: scenario.column, status: .failed,
                message: "the scenario \(scenario) is not in this plan (pickle \(scenario.pickleId))")
            return ScenarioResult(
                scenario: scenario, status: .failed, steps: [step], attempts: 0, failsRun: true,
                isWorkInProgress: isWorkInProgress, envelopes: [])
        }
        let testCase =
            prepared
            ?? prepare(entry.pickle, info: entry.info, testRunStartedId: testRunStartedId, ids: plan.ids)
        if prepared == nil { emit(.testCase(testCase.testCase)) }
        let context = AttemptContext(skipAll: skipAll, workerId: workerId, ids: plan.ids, index: plan.index)
        let (outcome, attempts) = await runAttempts(testCase, context: context, from: 0, emit: emit)
        return scenarioResult(
            entry.info, outcome: outcome, attempts: attempts, envelopes: buffer?.takeEnvelopes() ?? [])
    }

    /// Runs the attempts of `testCase` from attempt number `first` on, each in its own watched task; returns
    /// the last attempt's outcome and the number of attempts made in all.
    func runAttempts(
        _ testCase: PreparedTestCase, context: AttemptContext, from first: Int,
        emit: @escaping @Sendable (Envelope) -> Void
    ) async -> (AttemptOutcome, Int) {
        var number = first
        while true {
            let outcome = await execute(
                context.attempt(testCase, number: number, retry: configuration.retry, emit: emit))
            number += 1
            if !outcome.willBeRetried { return (outcome, number) }
        }
    }

    /// The result of a scenario whose last attempt ended with `outcome`.
    func scenarioResult(
        _ info: ScenarioInfo, outcome: AttemptOutcome, attempts: Int, envelopes: [Envelope]
    ) -> ScenarioResult {
        let isWorkInProgress = configuration.wipTag.map { info.tags.contains($0) } ?? false
        return ScenarioResult(
            scenario: info, status: outcome.status, steps: outcome.steps, attempts: attempts,
            failsRun: !isWorkInProgress && failsRun(outcome.status), isWorkInProgress: isWorkInProgress,
            envelopes: envelopes)
    }

    /// Whether a scenario of `status` fails the run.
    func failsRun(_ status: TestStepResultStatus) -> Bool {
        switch status {
        case .failed: true
        case .undefined, .pending, .ambiguous: configuration.strict
        case .passed, .skipped, .unknown: false
        }
    }

    /// Runs the `beforeAll` or `afterAll` hooks; returns the first failure.
    func runRunHooks(
        _ kind: HookKind, testRunStartedId: String, emit: @escaping @Sendable (Envelope) -> Void
    ) async -> String? {
        guard !configuration.dryRun else { return nil }
        var firstFailure: String?
        let clock = configuration.clock
        for hook in library.hooks(kind, tags: []) {
            let id = ids.next()
            let started = clock.now()
            emit(
                .testRunHookStarted(
                    TestRunHookStarted(id: id, testRunStartedId: testRunStartedId, hookId: hook.id, timestamp: started))
            )
            let target = AttachmentTarget(
                testCaseStartedId: nil, testStepId: nil, testRunHookStartedId: id, clock: clock, emit: emit)
            let context = SpecContext(scenario: nil, step: nil, status: .passed, target: target)
            let body: @Sendable () async throws -> Void
            if case .run(let run) = hook.record.body { body = run } else { body = {} }
            let outcome = await guarded(body, context: context, location: hook.info.location)
            _ = target.close()
            let finished = clock.now()
            emit(
                .testRunHookFinished(
                    TestRunHookFinished(
                        testRunHookStartedId: id,
                        result: outcome.result(duration: clock.duration(from: started, to: finished)),
                        timestamp: finished)))
            if outcome.status == .failed, firstFailure == nil {
                firstFailure = "\(hook.info): \(outcome.detail ?? outcome.message ?? "failed")"
            }
        }
        return firstFailure
    }

    /// The whole run of a plan.
    func runWhole(_ plan: SpecPlan, sink: some MessageSink) async throws(SpecRunError) -> RunSummary {
        let selected = try plan.select(configuration)
        let clock = configuration.clock
        let emit: @Sendable (Envelope) -> Void = { sink.emit($0) }
        emit(.meta(Meta.current(implementation: configuration.implementation)))
        let selectedIds = Set(selected.map(\.pickleId))
        for document in plan.documents {
            for envelope in document.result.envelopes {
                if case .pickle(let pickle) = envelope, !selectedIds.contains(pickle.id) { continue }
                emit(envelope)
            }
        }
        for envelope in library.envelopes { emit(envelope) }
        let runId = plan.ids.next()
        let startedAt = clock.now()
        emit(.testRunStarted(TestRunStarted(timestamp: startedAt, id: runId)))
        var runHookFailure = await runRunHooks(.beforeAll, testRunStartedId: runId, emit: emit)
        var tally = Tally()
        if runHookFailure == nil {
            // Every `testCase` comes before the first `testCaseStarted`; only their ids are kept, and each test
            // case is prepared again (with the same ids) when it runs, so memory does not hold them all.
            var planned: [PlannedTestCase] = []
            planned.reserveCapacity(selected.count)
            for scenario in selected {
                guard let entry = plan.index.pickles[scenario.pickleId] else { continue }
                let testCase = prepare(entry.pickle, info: entry.info, testRunStartedId: runId, ids: plan.ids)
                emit(.testCase(testCase.testCase))
                planned.append(PlannedTestCase(pickleId: scenario.pickleId, ids: drawnIds(testCase)))
            }
            tally = await runAll(planned, plan: plan, testRunStartedId: runId, emit: emit)
        }
        let afterFailure = await runRunHooks(.afterAll, testRunStartedId: runId, emit: emit)
        runHookFailure = runHookFailure ?? afterFailure
        let fatalProblems = library.problems.filter { problem in
            if case .undefinedParameterType = problem.kind { return false }
            return true
        }
        let parseErrors = plan.parseErrors
        let success =
            runHookFailure == nil && parseErrors.isEmpty && fatalProblems.isEmpty
            && !tally.failsRun
        let finishedAt = clock.now()
        let message = fatalProblems.isEmpty ? nil : fatalProblems.map(\.description).joined(separator: "\n")
        emit(
            .testRunFinished(
                TestRunFinished(
                    message: message, success: success, timestamp: finishedAt,
                    exception: message.map { Exception(type: "StepLibraryError", message: $0) },
                    testRunStartedId: runId)))
        return RunSummary(
            success: success, scenarios: tally.scenarios, steps: tally.steps, results: tally.kept,
            parseErrors: parseErrors, problems: library.problems, runHookFailure: runHookFailure,
            duration: clock.duration(from: startedAt, to: finishedAt))
    }

    /// Runs test cases with `configuration.parallel` workers, fail-fast aware.
    func runAll(
        _ prepared: [PlannedTestCase], plan: SpecPlan, testRunStartedId: String,
        emit: @escaping @Sendable (Envelope) -> Void
    ) async -> Tally {
        let next = Locked(0)
        let failed = Locked(false)
        let tally = Locked(Tally())
        let workers = min(configuration.parallel, max(prepared.count, 1))
        let failFast = configuration.failFast
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                let context = AttemptContext(
                    skipAll: false, workerId: configuration.parallel > 1 ? String(worker) : nil, ids: plan.ids,
                    index: plan.index)
                group.addTask {
                    let queue = TestCaseQueue(
                        take: {
                            while true {
                                let position = next.withLock { position in
                                    defer { position += 1 }
                                    return position
                                }
                                guard position < prepared.count else { return nil }
                                let planned = prepared[position]
                                guard let entry = plan.index.pickles[planned.pickleId] else { continue }
                                var ids = planned.ids.makeIterator()
                                let testCase = self.prepare(
                                    entry.pickle, info: entry.info, testRunStartedId: testRunStartedId,
                                    withTestSteps: false, nextId: { ids.next() ?? plan.ids.next() })
                                return (testCase, failFast && failed.value)
                            }
                        },
                        record: { result in
                            if result.failsRun { failed.withLock { $0 = true } }
                            tally.withLock { $0.add(result) }
                        })
                    await self.runQueue(queue, context: context, emit: emit)
                }
            }
        }
        return tally.value
    }

    /// Runs the test cases of `queue` one after another in one watched task (one task for many test cases, not
    /// one per test case). When a body passes its deadline, the task is abandoned: its attempt is completed
    /// here, its scenario's retries run one attempt per task, and a new task takes the rest of the queue.
    func runQueue(
        _ queue: TestCaseQueue, context: AttemptContext, emit: @escaping @Sendable (Envelope) -> Void
    ) async {
        while true {
            let watched = WatchedTestCase<World>(limit: configuration.stepTimeout, emit: emit)
            let ending = await watched.run { [self] in
                let watchedEmit: @Sendable (Envelope) -> Void = { watched.emit($0) }
                while let (testCase, skipAll) = queue.take() {
                    var attemptContext = context
                    attemptContext.skipAll = skipAll
                    var number = 0
                    while true {
                        let attempt = attemptContext.attempt(
                            testCase, number: number, retry: configuration.retry, emit: watchedEmit)
                        guard let outcome = await executeInline(attempt, watched: watched) else { return nil }
                        number += 1
                        if outcome.willBeRetried { continue }
                        queue.record(scenarioResult(testCase.info, outcome: outcome, attempts: number, envelopes: []))
                        break
                    }
                }
                return nil
            }
            guard case .abandoned(let attempt, let cursor, let outcome, let failsWorld) = ending else { return }
            let own = attempt.emitting(to: emit)
            var last = await completeAbandoned(own, cursor: cursor, outcome: outcome, failsWorld: failsWorld)
            var attempts = attempt.number + 1
            if last.willBeRetried {
                var attemptContext = context
                attemptContext.skipAll = attempt.skipAll
                (last, attempts) = await runAttempts(
                    attempt.prepared, context: attemptContext, from: attempts, emit: emit)
            }
            queue.record(scenarioResult(attempt.prepared.info, outcome: last, attempts: attempts, envelopes: []))
        }
    }

    /// A complete stream for scenarios run one by one.
    func assembleStream(
        plan: SpecPlan, results: [ScenarioResult], extra: [Envelope], startedAt: Timestamp, finishedAt: Timestamp
    ) -> [Envelope] {
        var envelopes: [Envelope] = [.meta(Meta.current(implementation: configuration.implementation))]
        envelopes += plan.envelopes
        envelopes += library.envelopes
        let runId = testRunStartedId
        envelopes.append(.testRunStarted(TestRunStarted(timestamp: startedAt, id: runId)))
        var testCases: [Envelope] = []
        var execution: [Envelope] = []
        for result in results {
            for envelope in result.envelopes {
                if case .testCase = envelope { testCases.append(envelope) } else { execution.append(envelope) }
            }
        }
        envelopes += testCases
        envelopes += execution
        envelopes += extra
        let success = plan.parseErrors.isEmpty && !results.contains(where: \.failsRun)
        envelopes.append(
            .testRunFinished(TestRunFinished(success: success, timestamp: finishedAt, testRunStartedId: runId)))
        return envelopes
    }
}

/// What a whole run keeps of its scenarios' results: counts, and only the results worth reporting (a scenario
/// that did not pass, or needed a retry), so memory does not grow with the number of passing scenarios.
struct Tally: Sendable {
    var scenarios = StatusCounts()
    var steps = StatusCounts()
    var failsRun = false
    var kept: [ScenarioResult] = []

    mutating func add(_ result: ScenarioResult) {
        scenarios.add(result.status)
        for step in result.steps where step.kind == .step { steps.add(step.status) }
        if result.failsRun { failsRun = true }
        if result.status != .passed || result.attempts > 1 { kept.append(result) }
    }
}

/// What the attempts of one worker share.
struct AttemptContext: Sendable {
    var skipAll: Bool
    let workerId: String?
    let ids: IdSource
    let index: PlanIndex

    func attempt(
        _ testCase: PreparedTestCase, number: Int, retry: Int, emit: @escaping @Sendable (Envelope) -> Void
    ) -> Attempt {
        Attempt(
            prepared: testCase, number: number, mayRetry: number < retry, skipAll: skipAll, workerId: workerId,
            ids: ids, index: index, emit: emit)
    }
}

/// Where a worker takes its test cases (each with whether to skip all its steps, for fail-fast) and records
/// their results.
struct TestCaseQueue: Sendable {
    let take: @Sendable () -> (PreparedTestCase, Bool)?
    let record: @Sendable (ScenarioResult) -> Void
}

/// A test case whose `testCase` message was emitted: its pickle and the ids it drew, to prepare it again.
struct PlannedTestCase: Sendable {
    let pickleId: String
    let ids: [String]
}
