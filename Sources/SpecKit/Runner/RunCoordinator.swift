import Foundation
import Gherkin
import Messages

/// A whole run, phase by phase: emit the documents (selecting scenarios as they come), the definitions and
/// `testRunStarted`, run the `beforeAll` hooks, emit every test case, run them on the workers, run the
/// `afterAll` hooks, finish.
///
/// Every `testCase` comes before the first `testCaseStarted`, as Cucumber requires, without the run holding
/// its test cases: a first walk over the selected pickles builds each `testCase` message, a second (on a thread of
/// its own, ahead of the workers) builds its steps to run, drawing the same ids again; the step matches come from
/// the planner's cache. (In a runner process the command makes the messages, and the process only the steps.)
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
        let selector = ScenarioSelector(configuration, compiled: try environment.compiled.get())
        if let read = configuration.documentsRead, configuration.order == .defined {
            // A runner process: the command emitted the documents and said what they come to, so the specs are
            // read once, as they run (the command reports their parse errors).
            return try await run(ids: ids, sink: sink) { _ throws(SpecRunError) in
                let feed = try OnePassSpecs(
                    files, read: read, languages: configuration.languages, selector: selector, ids: ids)
                return Documents(feed: feed, parseErrors: [], everyFileParsed: read.everyFileParsed, read: nil)
            }
        }
        return try await run(ids: ids, sink: sink) { emit throws(SpecRunError) in
            let firstId = ids.nextPosition
            let (stream, parseErrors) = try SpecStream.read(
                files, languages: configuration.languages, selector: selector,
                reversed: configuration.order == .reverse, ids: ids,
                snapshot: SourceSnapshot(memoryBudget: configuration.memoryBudget.snapshotBytes),
                budget: configuration.memoryBudget, idCount: planner.idCount, emit: emit)
            // Runner processes can read the files once, in the same order, drawing the same ids.
            let read =
                configuration.order == .defined
                ? DocumentsRead(
                    firstId: firstId, endId: ids.nextPosition, selected: stream.count,
                    testCaseIdCount: stream.testCaseIdCount, everyFileParsed: parseErrors.isEmpty,
                    files: files.count) : nil
            return Documents(feed: stream, parseErrors: parseErrors, everyFileParsed: parseErrors.isEmpty, read: read)
        }
    }

    /// What a run's documents come to, for the phases after them.
    private struct Documents {
        /// The selected pickles.
        let feed: any SelectedPickles
        let parseErrors: [GherkinError]
        /// Whether every file parsed (here, or in the command of a runner process that reads the files once).
        let everyFileParsed: Bool
        /// What runner processes need to read the specs once, as they run them.
        let read: DocumentsRead?
    }

    /// Runs the selected scenarios of `plan`.
    func run(_ plan: SpecPlan, sink: some MessageSink) async throws(SpecRunError) -> RunSummary {
        _ = TestingIssueHandler.install()
        let selected = plan.select(environment.configuration, compiled: try environment.compiled.get())
        return try await run(ids: plan.ids, sink: sink) { emit in
            assembler.emitDocuments(plan, selected: Set(selected.map(\.pickleId)), emit: emit)
            return Documents(
                feed: PlanPickles(plan: plan, selected: selected, idCount: planner.idCount),
                parseErrors: plan.parseErrors, everyFileParsed: plan.parseErrors.isEmpty, read: nil)
        }
    }

    /// A run whose documents `documents` emits, phase after phase, in the order Cucumber's message stream has them
    /// (`StreamAssembler` puts the bridge's together the same way).
    private func run(
        ids: IdSource, sink: some MessageSink,
        documents: (_ emit: (Envelope) -> Void) throws(SpecRunError) -> Documents
    ) async throws(SpecRunError) -> RunSummary {
        let clock = environment.clock
        let startedAt = clock.now()
        let configuration = environment.configuration
        let remote = configuration.remote
        let emit: @Sendable (Envelope) -> Void = { sink.emit($0) }
        // Issues recorded off every step's task while this run goes, which no single step could take.
        let strayIssues = StrayIssues()
        RunningTestCases.shared.runStarted(strayIssues)
        defer { RunningTestCases.shared.runEnded(strayIssues) }

        // 1. What the run is: `meta`, the documents (scenarios selected as they are read), the definitions.
        emit(assembler.meta())
        let documents = try documents(emit)
        let (feed, parseErrors) = (documents.feed, documents.parseErrors)
        remote?.planned(PlannedRun(testCases: feed.count, documents: documents.read))
        for envelope in assembler.definitions { emit(envelope) }
        let runId = ids.next()
        emit(.testRunStarted(TestRunStarted(timestamp: startedAt, id: runId)))

        // 2. The `beforeAll` hooks; when one fails, no test case is emitted or run.
        var runHookFailure = await runHooks(.beforeAll, testRunStartedId: runId, ids: ids, emit: emit)
        var tally = RunTally()
        if runHookFailure == nil {
            // 3. Every `testCase`, before the first `testCaseStarted`; 4. the test cases run.
            let idsFrom = try emitTestCases(feed, testRunStartedId: runId, ids: ids, emit: emit)
            if let remote {
                let afterAll = configuration.dryRun ? [] : environment.library.hooks(.afterAll, tags: [])
                await remote.execute(until: Set(afterAll.map(\.id)), emit: emit)
            } else {
                tally = try await runTestCases(
                    feed, idsFrom: idsFrom, ids: ids, testRunStartedId: runId, emit: emit)
            }
        }

        // 5. The `afterAll` hooks, then how what ran in runner processes ended, then `testRunFinished`.
        let afterAllFailure = await runHooks(.afterAll, testRunStartedId: runId, ids: ids, emit: emit)
        runHookFailure = runHookFailure ?? afterAllFailure
        let remoteOutcome = await remote?.finish()
        let finished = assembler.finished(
            testRunStartedId: runId, failsRun: tally.failsRun || remoteOutcome?.failsRun == true,
            parsed: documents.everyFileParsed, runHookFailure: runHookFailure, strayIssues: strayIssues.collected,
            remoteException: remoteOutcome?.exception, at: clock.now())
        emit(.testRunFinished(finished))
        if configuration.endsWithProcess { ProcessEnd.keep(documents.feed) }
        return RunSummary(
            success: finished.success, scenarios: tally.scenarios, steps: tally.steps, parseErrors: parseErrors,
            problems: environment.library.problems, runHookFailure: runHookFailure,
            duration: clock.duration(from: startedAt, to: finished.timestamp))
    }

    /// Runs the `beforeAll` or `afterAll` hooks, here or in the runner processes; returns the first failure.
    private func runHooks(
        _ kind: HookKind, testRunStartedId: String, ids: IdSource, emit: @escaping @Sendable (Envelope) -> Void
    ) async -> String? {
        guard let remote = environment.configuration.remote else {
            return await TestRunHooks(environment: environment).run(
                kind, testRunStartedId: testRunStartedId, ids: ids, emit: emit)
        }
        // Run there, each drawing one id here as it does there.
        let compiled = environment.configuration.dryRun ? [] : environment.library.hooks(kind, tags: [])
        for _ in compiled { _ = ids.next() }
        guard let failed = await remote.runHooks(kind, count: compiled.count, emit: emit) else { return nil }
        let hook = compiled.first { $0.id == failed.hookId }
        return "\(hook.map { String(describing: $0.info) } ?? "a hook"): \(failed.message)"
    }

    /// Emits every `testCase` of `feed`, their ids drawn in a row (to be drawn again, from the position returned,
    /// when they run), and tells the runner processes of each.
    private func emitTestCases(
        _ feed: any SelectedPickles, testRunStartedId: String, ids: IdSource,
        emit: @escaping @Sendable (Envelope) -> Void
    ) throws(SpecRunError) -> Int {
        let configuration = environment.configuration
        // A worker process of a parallel run is handed each test case with its ids: the command emitted them.
        if configuration.dispatch != nil { return 0 }
        // A runner process running every test case: the command emitted them, and they take the ids drawn here.
        if configuration.commandEmitsTestCases { return ids.skip(feed.testCaseIdCount) }
        let remote = configuration.remote
        let groups = environment.exclusiveGroups
        let start = try ids.draw { cursor throws(SpecRunError) in
            try feed.forEach(parsingAhead: true) { selected in
                let idStart = cursor.position
                let testCase = planner.testCase(selected, testRunStartedId: testRunStartedId, nextId: { cursor.next() })
                emit(.testCase(testCase))
                remote?.observe(
                    testCase, idStart: idStart,
                    exclusive: !groups.isEmpty && !groups.names(ofTags: selected.info.tags).isEmpty,
                    tags: selected.info.tags, origin: selected.origin)
            }
        }.start
        remote?.observedEveryTestCase()
        return start
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
