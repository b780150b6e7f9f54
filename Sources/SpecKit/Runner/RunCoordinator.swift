import Messages

/// A whole run, phase by phase: select the scenarios, emit the plan (documents and definitions), run the
/// `beforeAll` hooks, emit every test case, run them on the workers, run the `afterAll` hooks, finish.
struct RunCoordinator<World: Actor>: Sendable {
    let environment: RunEnvironment<World>
    let planner: TestCasePlanner<World>
    let assembler: StreamAssembler

    func run(_ plan: SpecPlan, sink: some MessageSink) async throws(SpecRunError) -> RunSummary {
        let configuration = environment.configuration
        let clock = environment.clock
        let emit: @Sendable (Envelope) -> Void = { sink.emit($0) }
        let selected = try plan.select(configuration)

        let runId = plan.ids.next()
        let startedAt = clock.now()
        assembler.prelude(
            plan, selected: Set(selected.map(\.pickleId)),
            testRunStarted: TestRunStarted(timestamp: startedAt, id: runId), emit: emit)

        let hooks = TestRunHooks(environment: environment)
        var runHookFailure = await hooks.run(.beforeAll, testRunStartedId: runId, ids: plan.ids, emit: emit)
        var tally = RunTally()
        if runHookFailure == nil {
            // Every `testCase` comes before the first `testCaseStarted`.
            let planned = planner.emitTestCases(selected, plan: plan, testRunStartedId: runId, emit: emit)
            tally = await runTestCases(planned, plan: plan, testRunStartedId: runId, emit: emit)
        }
        let afterFailure = await hooks.run(.afterAll, testRunStartedId: runId, ids: plan.ids, emit: emit)
        runHookFailure = runHookFailure ?? afterFailure

        let finishedAt = clock.now()
        let finished = assembler.finished(
            plan, testRunStartedId: runId, failsRun: tally.failsRun, runHookFailure: runHookFailure, at: finishedAt)
        emit(.testRunFinished(finished))
        return RunSummary(
            success: finished.success, scenarios: tally.scenarios, steps: tally.steps, results: tally.kept,
            parseErrors: plan.parseErrors, problems: environment.library.problems, runHookFailure: runHookFailure,
            duration: clock.duration(from: startedAt, to: finishedAt))
    }

    /// Runs the planned test cases on `parallel` workers; with fail-fast, every step of the test cases taken after
    /// a failure is skipped.
    private func runTestCases(
        _ planned: [PlannedTestCase], plan: SpecPlan, testRunStartedId: String,
        emit: @escaping @Sendable (Envelope) -> Void
    ) async -> RunTally {
        let configuration = environment.configuration
        let next = Locked(0)
        let failed = Locked(false)
        let tally = Locked(RunTally())
        let queue = TestCaseQueue(
            take: { [planner] in
                while true {
                    let position = next.withLock { position in
                        defer { position += 1 }
                        return position
                    }
                    guard position < planned.count else { return nil }
                    guard
                        let testCase = planner.prepareAgain(
                            planned[position], plan: plan, testRunStartedId: testRunStartedId)
                    else { continue }
                    return TestCaseQueue.Item(
                        testCase: testCase, skipAll: configuration.failFast && failed.value, firstAttempt: 0)
                }
            },
            record: { result in
                if result.failsRun { failed.withLock { $0 = true } }
                tally.withLock { $0.add(result) }
            })
        await WorkerPool(environment: environment).run(
            queue, workers: min(configuration.parallel, max(planned.count, 1)),
            namesWorkers: configuration.parallel > 1,
            ids: plan.ids, index: plan.index, emit: emit)
        return tally.value
    }
}
