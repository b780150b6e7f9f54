import Foundation
import Gherkin
import Messages

/// A whole run, phase by phase: emit the documents (selecting scenarios as they come), the definitions and
/// `testRunStarted`, run the `beforeAll` hooks, emit every test case, run them on the workers, run the
/// `afterAll` hooks, finish.
///
/// Every `testCase` comes before the first `testCaseStarted`, as Cucumber requires, without the run holding
/// its test cases: they are prepared once to emit their messages and again, with the same ids, to run (on a
/// thread of their own, ahead of the workers).
struct RunCoordinator<World: Actor>: Sendable {
    let environment: RunEnvironment<World>
    let planner: TestCasePlanner<World>
    let assembler: StreamAssembler

    /// Runs `files`, reading them as a stream (`SpecStream`); in random order, which needs every scenario at
    /// hand, loads them as a plan first.
    func run(_ files: SpecFiles, ids: IdSource, sink: some MessageSink) async throws(SpecRunError) -> RunSummary {
        _ = TestingIssueHandler.install()
        let configuration = environment.configuration
        if case .random = configuration.order {
            return try await run(SpecPlan.load(files, ids: ids, languages: configuration.languages), sink: sink)
        }
        let selector = try ScenarioSelector(configuration)
        return try await run(ids: ids, sink: sink) { emit throws(SpecRunError) in
            let (stream, parseErrors) = try SpecStream.read(
                files, languages: configuration.languages, selector: selector,
                reversed: configuration.order == .reverse, ids: ids,
                snapshot: SourceSnapshot(memoryBudget: configuration.memoryBudget.snapshotBytes),
                keptSourceBytes: configuration.memoryBudget.keptSourceBytes, emit: emit)
            return (stream, parseErrors)
        }
    }

    /// Runs the selected scenarios of `plan`.
    func run(_ plan: SpecPlan, sink: some MessageSink) async throws(SpecRunError) -> RunSummary {
        _ = TestingIssueHandler.install()
        let selected = try plan.select(environment.configuration)
        return try await run(ids: plan.ids, sink: sink) { emit in
            assembler.emitDocuments(plan, selected: Set(selected.map(\.pickleId)), emit: emit)
            return (PlanPickles(plan: plan, selected: selected), plan.parseErrors)
        }
    }

    /// The phases of a run whose documents `documents` emits, returning the selected pickles and the parse errors,
    /// in the order `StreamAssembler` gives them.
    private func run(
        ids: IdSource, sink: some MessageSink,
        documents: @escaping (_ emit: (Envelope) -> Void) throws(SpecRunError) -> (any SelectedPickles, [GherkinError])
    ) async throws(SpecRunError) -> RunSummary {
        let clock = environment.clock
        let startedAt = clock.now()
        let remote = environment.configuration.remote
        let hooks = TestRunHooks(environment: environment)
        let tally = Locked(RunTally())
        // Issues recorded off every step's task while this run goes, which no single step could take.
        let strayIssues = StrayIssues()
        RunningTestCases.shared.runStarted(strayIssues)
        defer { RunningTestCases.shared.runEnded(strayIssues) }
        let parseErrors = Locked<[GherkinError]>([])
        let testCasesStart = Locked(0)
        let phases = StreamAssembler.Phases<any SelectedPickles>(
            documents: { emit throws(SpecRunError) in
                let (feed, errors) = try documents(emit)
                remote?.planned(testCases: feed.count)
                parseErrors.withLock { $0 = errors }
                return (feed, errors.isEmpty)
            },
            testRunStartedId: { ids.next() },
            runHooks: { [environment] kind, runId, emit in
                guard let remote else {
                    return await hooks.run(kind, testRunStartedId: runId, ids: ids, emit: emit)
                }
                // Run there, each drawing one id here as it does there.
                let compiled = environment.configuration.dryRun ? [] : environment.library.hooks(kind, tags: [])
                for _ in compiled { _ = ids.next() }
                guard let failed = await remote.runHooks(kind, count: compiled.count, emit: emit) else { return nil }
                let hook = compiled.first { $0.id == failed.hookId }
                return "\(hook.map { String(describing: $0.info) } ?? "a hook"): \(failed.message)"
            },
            testCases: { [planner, environment] feed, runId, emit throws(SpecRunError) in
                // A worker process of a parallel run is handed each test case with its ids: the command emitted
                // them.
                if environment.configuration.dispatch != nil { return }
                // Every `testCase` comes before the first `testCaseStarted`; their ids are drawn in a row, to be
                // drawn again when they run.
                let groups = environment.exclusiveGroups
                let start = try ids.draw { cursor throws(SpecRunError) in
                    try feed.forEach(parsingAhead: true) { selected in
                        let idStart = cursor.position
                        let testCase = planner.testCase(selected, testRunStartedId: runId, nextId: { cursor.next() })
                        emit(.testCase(testCase))
                        remote?.observe(
                            testCase, idStart: idStart,
                            exclusive: !groups.isEmpty && !groups.names(ofTags: selected.info.tags).isEmpty,
                            tags: selected.info.tags)
                    }
                }.start
                remote?.observedEveryTestCase()
                testCasesStart.withLock { $0 = start }
            },
            execute: { [environment] feed, runId, emit throws(SpecRunError) in
                if let remote {
                    let afterAll =
                        environment.configuration.dryRun ? [] : environment.library.hooks(.afterAll, tags: [])
                    await remote.execute(until: Set(afterAll.map(\.id)), emit: emit)
                    return false
                }
                let counted = try await runTestCases(
                    feed, idsFrom: testCasesStart.value, ids: ids, testRunStartedId: runId, emit: emit)
                tally.withLock { $0 = counted }
                return counted.failsRun
            }, strayIssues: { strayIssues.collected }, remoteOutcome: { await remote?.finish() })
        let (finished, runHookFailure) = try await assembler.emitRun(
            startedAt: startedAt, finishedAt: { clock.now() }, emit: { sink.emit($0) }, phases)
        let counted = tally.value
        return RunSummary(
            success: finished.success, scenarios: counted.scenarios, steps: counted.steps,
            parseErrors: parseErrors.value, problems: environment.library.problems, runHookFailure: runHookFailure,
            duration: clock.duration(from: startedAt, to: finished.timestamp))
    }

    /// Runs the test cases of `feed` on `parallel` workers as `TestCaseSupply` prepares them (ids drawn from
    /// `idsFrom` on); with fail-fast, every step of the test cases started after a failure is skipped.
    private func runTestCases(
        _ feed: any SelectedPickles, idsFrom start: Int, ids: IdSource, testRunStartedId: String,
        emit: @escaping @Sendable (Envelope) -> Void
    ) async throws(SpecRunError) -> RunTally {
        let configuration = environment.configuration
        let resume = configuration.resume
        let failed = Locked(resume?.runHasFailed ?? false)
        var tally = RunTally()
        if resume?.runHasFailed == true { tally.failsRun = true }
        let tallied = Locked(tally)
        let supply = TestCaseSupply(
            feed, planner: planner, ids: ids, from: start, testRunStartedId: testRunStartedId,
            dispatch: configuration.dispatch)
        let skipped = resume?.skippedTestCaseIds ?? []
        let queue = TestCaseQueue(
            take: {
                // Resumed: the test cases an earlier runner process already told are prepared (their ids drawn
                // as before) but not run.
                while let next = supply.take() {
                    if skipped.contains(next.testCase.testCase.id) { continue }
                    return TestCaseQueue.Item(testCase: next.testCase, skipAll: next.skipAll, firstAttempt: 0)
                }
                return nil
            },
            record: { outcome in
                if outcome.failsRun { failed.withLock { $0 = true } }
                tallied.withLock { $0.add(outcome) }
            }, skipsAll: { configuration.failFast && failed.value })
        // A worker process of a parallel run is one worker, named as the command numbers it.
        let workers = min(configuration.parallel, max(feed.count, 1))
        let workerIds: [String?] =
            configuration.workerName.map { [$0] }
            ?? (configuration.parallel > 1 ? (0..<workers).map(String.init) : [nil])
        await WorkerPool(environment: environment).run(queue, workerIds: workerIds, ids: ids, emit: emit)
        await configuration.dispatch?.everyWorkerFinished()
        if let error = supply.failure { throw error }
        return tallied.value
    }
}
