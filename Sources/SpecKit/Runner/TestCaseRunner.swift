import CucumberExpressions
import Messages

/// Runs one attempt of a test case: its before hooks, steps and after hooks in order, emitting each test step's
/// messages. The one implementation for a whole run and for the Swift Testing bridge's scenario by scenario runs.
///
/// An attempt runs inline in a worker's watched task (`BodyMode.inline`), watched against the deadline of the body
/// running; when a body passes it, the worker hands the attempt over and `completeAbandoned` finishes it, one body
/// per task (`BodyMode.isolated`): the remaining steps are skipped and the after hooks run on the same world.
struct TestCaseRunner<World: Actor>: Sendable {
    let environment: RunEnvironment<World>

    private var configuration: RunConfiguration { environment.configuration }
    private var library: CompiledLibrary<World> { environment.library }

    /// Ends an attempt whose running body passed its deadline, from the cursor published before that body:
    /// the test step ends with `outcome`, the remaining steps are skipped and the after hooks run, one body per
    /// task (`attempt.emit` must be the run's, not the abandoned task's).
    func completeAbandoned(
        _ attempt: Attempt, cursor: Cursor<World>, outcome: BodyOutcome, failsWorld: Bool
    ) async -> AttemptOutcome {
        _ = cursor.target?.close()
        if failsWorld { cursor.worldFailed = true }
        finishStep(attempt, outcome: outcome, cursor: cursor, emit: attempt.emit)
        await runSteps(attempt, cursor: cursor, mode: .isolated)
        return finish(attempt, cursor: cursor)
    }

    /// Emits `testCaseStarted` and returns the attempt's cursor.
    func start(_ attempt: Attempt) -> Cursor<World> {
        let testCaseStartedId = attempt.ids.next()
        attempt.emit(
            .testCaseStarted(
                TestCaseStarted(
                    attempt: attempt.number, id: testCaseStartedId, testCaseId: attempt.prepared.testCase.id,
                    workerId: attempt.workerId, timestamp: environment.clock.now())))
        return Cursor<World>(testCaseStartedId: testCaseStartedId, steps: attempt.prepared.steps.count)
    }

    /// Runs one attempt inside `watched`, a worker's task: its bodies run inline and its messages go through
    /// `attempt.emit` (the task's). Nil when the task was abandoned: the worker then completes the attempt from
    /// the published cursor with `completeAbandoned`.
    func run(_ attempt: Attempt, in watched: WatchedTestCase<World>) async -> AttemptOutcome? {
        let cursor = start(attempt)
        let skipping = attempt.skipAll || configuration.dryRun
        if !skipping { watched.publish(attempt, cursor) }
        await runSteps(attempt, cursor: cursor, mode: skipping ? .isolated : .inline(watched))
        if watched.isOver { return nil }
        return finish(attempt, cursor: cursor)
    }

    /// Emits `testCaseFinished`; returns the attempt's status, step results and whether it will be retried.
    func finish(_ attempt: Attempt, cursor: Cursor<World>) -> AttemptOutcome {
        let clock = environment.clock
        let testCaseStartedId = cursor.testCaseStartedId
        let worst = cursor.worst
        let willBeRetried = worst == .failed && attempt.mayRetry && !attempt.skipAll
        attempt.emit(
            .testCaseFinished(
                TestCaseFinished(
                    testCaseStartedId: testCaseStartedId, timestamp: clock.now(), willBeRetried: willBeRetried)))
        return AttemptOutcome(status: worst, steps: cursor.results, willBeRetried: willBeRetried)
    }

    /// Runs the test steps of `attempt` from `cursor.index` on; returns early when abandoned (inline mode).
    ///
    /// In inline mode, after every body it checks that the task was not abandoned before touching the cursor
    /// (which then belongs to the runner).
    func runSteps(_ attempt: Attempt, cursor: Cursor<World>, mode: BodyMode<World>) async {
        let prepared = attempt.prepared
        let clock = environment.clock
        let emit: @Sendable (Envelope) -> Void
        switch mode {
        case .isolated: emit = attempt.emit
        case .inline(let watched): emit = { watched.emit($0) }
        }
        let skipping = attempt.skipAll || configuration.dryRun
        let testCaseStartedId = cursor.testCaseStartedId
        while cursor.index < prepared.steps.count {
            if mode.isOver { return }
            let step = prepared.steps[cursor.index]
            let started = clock.now()
            cursor.started = started
            emit(
                .testStepStarted(
                    TestStepStarted(testCaseStartedId: testCaseStartedId, testStepId: step.id, timestamp: started)))
            let target = AttachmentTarget(
                testCaseStartedId: testCaseStartedId, testStepId: step.id, testRunHookStartedId: nil, clock: clock,
                emit: emit)
            cursor.target = target
            var outcome: BodyOutcome
            switch step.kind {
            case .hook(let position):
                let hook = library.hooks[position]
                let isBefore = hook.record.kind == .beforeScenario
                cursor.result = StepResult(
                    kind: .hook(hook.info), keyword: "", text: hook.info.description, uri: prepared.info.uri,
                    line: prepared.info.line, column: prepared.info.column, status: .skipped)
                if skipping || (isBefore && cursor.worst != .passed) || cursor.worldFailed {
                    outcome = .skipped
                } else if hook.record.tearsDownWorld && cursor.world == nil {
                    outcome = .passed
                } else {
                    let made = await obtainWorld(
                        cursor.world, prepared.info, location: hook.info.location, mode: mode)
                    if mode.isOver { return }
                    switch made {
                    case .failed(let failure):
                        cursor.worldFailed = true
                        outcome = failure
                    case .ready(let world):
                        cursor.world = world
                        let context = SpecContext(
                            scenario: prepared.info, step: nil, status: cursor.worst, target: target)
                        outcome = await runHook(hook, world: world, step: nil, context: context, mode: mode)
                        if mode.isOver { return }
                        if outcome.status == .skipped { cursor.skippedItself = true }
                    }
                }
            case .step(let pickleStep, let match):
                let gherkinStep = pickleStep.astNodeIds.first.flatMap { attempt.index.steps[$0] }
                let location = gherkinStep?.step.location
                cursor.result = StepResult(
                    kind: .step, keyword: gherkinStep?.step.keyword ?? "", text: pickleStep.text,
                    uri: prepared.info.uri, line: location?.line ?? prepared.info.line,
                    column: location?.column ?? prepared.info.column, status: .skipped,
                    pickleStepId: pickleStep.id)
                switch match {
                case _ where cursor.skippedItself:
                    // After a step that skipped itself, no step runs or is even reported undefined (as Cucumber).
                    if case .matched(let position, _) = match {
                        cursor.result.definition = library.steps[position].info
                    }
                    outcome = .skipped
                case .undefined:
                    let snippets = library.snippets(for: pickleStep)
                    emit(
                        .suggestion(
                            Suggestion(id: attempt.ids.next(), pickleStepId: pickleStep.id, snippets: snippets)))
                    cursor.result.snippet = snippets.first?.code
                    cursor.result.suggestions = library.didYouMean(pickleStep.text)
                    outcome = BodyOutcome(status: .undefined, detail: "undefined step: \(pickleStep.text)")
                case .ambiguous(let matches):
                    cursor.result.ambiguousDefinitions = matches.map { library.steps[$0.0].info }
                    outcome = BodyOutcome(
                        status: .ambiguous,
                        detail: "ambiguous step: \"\(pickleStep.text)\" matches \(matches.count) definitions:\n"
                            + cursor.result.ambiguousDefinitions.map { "  \($0)" }.joined(separator: "\n"))
                case .failed(let message):
                    outcome = .failed(message, type: "StepMatchError")
                case .matched(let position, let arguments):
                    let definition = library.steps[position]
                    cursor.result.definition = definition.info
                    if skipping || cursor.worst != .passed || cursor.worldFailed {
                        outcome = .skipped
                    } else if let problem = definition.problem {
                        outcome = .failed(problem.description, type: "StepLibraryError", location: problem.location)
                    } else {
                        let made = await obtainWorld(
                            cursor.world, prepared.info, location: definition.info.location, mode: mode)
                        if mode.isOver { return }
                        switch made {
                        case .failed(let failure):
                            cursor.worldFailed = true
                            outcome = failure
                        case .ready(let world):
                            cursor.world = world
                            var stepInfo = TestStepInfo(
                                text: pickleStep.text, keyword: cursor.result.keyword, uri: prepared.info.uri,
                                location: location ?? Location(line: prepared.info.line), pickleStepId: pickleStep.id,
                                scenario: prepared.info)
                            outcome = await runStep(
                                definition, arguments: arguments, pickleStep: pickleStep, gherkinStep: gherkinStep,
                                world: world, stepInfo: &stepInfo, status: cursor.worst, target: target, mode: mode)
                            if mode.isOver { return }
                            if outcome.status == .skipped { cursor.skippedItself = true }
                        }
                    }
                }
            }
            if mode.isOver { return }
            _ = target.close()
            finishStep(attempt, outcome: outcome, cursor: cursor, emit: emit)
        }
    }

    /// Emits the end of the current test step, records its result and moves the cursor to the next one.
    func finishStep(
        _ attempt: Attempt, outcome: BodyOutcome, cursor: Cursor<World>,
        emit: @Sendable (Envelope) -> Void
    ) {
        let clock = environment.clock
        let step = attempt.prepared.steps[cursor.index]
        let finished = clock.now()
        let duration =
            outcome.status == .undefined || outcome.status == .ambiguous
                || (outcome.status == .skipped && outcome.message == nil)
            ? MessageDuration.zero : clock.duration(from: cursor.started, to: finished)
        emit(
            .testStepFinished(
                TestStepFinished(
                    testCaseStartedId: cursor.testCaseStartedId, testStepId: step.id,
                    testStepResult: outcome.result(duration: duration), timestamp: finished)))
        var result = cursor.result
        result.status = outcome.status
        result.message = outcome.detail ?? outcome.message
        result.duration = duration
        if result.failureLocation == nil { result.failureLocation = outcome.failureLocation }
        cursor.results.append(result)
        cursor.worst = max(cursor.worst, outcome.status)
        cursor.index += 1
        cursor.target = nil
    }

    /// The scenario's world, made on first use.
    func obtainWorld(
        _ world: World?, _ scenario: ScenarioInfo, location: CodeLocation, mode: BodyMode<World>
    ) async -> WorldResult<World> {
        if let world { return .ready(world) }
        let box = WorldBox<World>()
        let make = environment.makeWorld
        let timedOut = BodyOutcome.failed(
            "cannot make the world of \(scenario.displayName): timed out after "
                + environment.timeoutDescription, type: "WorldError")
        let result: Timeout.Result
        switch mode {
        case .isolated:
            result = await Timeout.run(limit: configuration.stepTimeout, context: nil) {
                let made = try await make(scenario)
                box.world.withLock { $0 = made }
            }
        case .inline(let watched):
            guard watched.beginBody(ifTimedOut: timedOut, failsWorld: true) else { return .failed(timedOut) }
            do {
                let made = try await make(scenario)
                box.world.withLock { $0 = made }
                result = .finished(nil)
            } catch {
                result = .finished(error)
            }
            watched.endBody()
        }
        switch result {
        case .timedOut:
            return .failed(timedOut)
        case .finished(let error?):
            var outcome = BodyOutcome(error: error, location: nil)
            if outcome.status == .failed {
                let message =
                    "cannot make the world of \(scenario.displayName): \(outcome.detail ?? outcome.message ?? "")"
                outcome = .failed(message, type: outcome.exception?.type ?? "WorldError")
            }
            return .failed(outcome)
        case .finished(nil):
            guard let made = box.world.value else {
                return .failed(.failed("cannot make the world of \(scenario.displayName)", type: "WorldError"))
            }
            return .ready(made)
        }
    }

    /// Runs a scenario or step hook on `world` against the timeout.
    func runHook(
        _ hook: CompiledHook<World>, world: World, step: TestStepInfo?, context: SpecContext, mode: BodyMode<World>,
        ifTimedOut: BodyOutcome? = nil
    ) async -> BodyOutcome {
        let body: @Sendable () async throws -> Void
        switch hook.record.body {
        case .run(let run): body = run
        case .scenario(let run): body = { try await run(world) }
        case .step(let run):
            guard let step else { return .passed }
            body = { try await run(world, step) }
        }
        return await guarded(
            body, context: context, location: hook.info.location, mode: mode, ifTimedOut: ifTimedOut)
    }

    /// Runs `body` against the timeout and classifies how it ended.
    ///
    /// In inline mode the body runs in the current task (the test case's task, watched by the watchdog), and
    /// `ifTimedOut` (by default the timeout failure) is what the test step ends with if it passes its deadline.
    func guarded(
        _ body: @escaping @Sendable () async throws -> Void, context: SpecContext?, location: CodeLocation,
        mode: BodyMode<World> = .isolated, ifTimedOut: BodyOutcome? = nil
    ) async -> BodyOutcome {
        let timedOut = BodyOutcome.failed(
            environment.timeoutMessage, type: "TimeoutError",
            location: location)
        switch mode {
        case .isolated:
            switch await Timeout.run(limit: configuration.stepTimeout, context: context, body) {
            case .finished(nil): return .passed
            case .finished(let error?): return BodyOutcome(error: error, location: location)
            case .timedOut: return timedOut
            }
        case .inline(let watched):
            guard watched.beginBody(ifTimedOut: ifTimedOut ?? timedOut, failsWorld: false) else { return timedOut }
            defer { watched.endBody() }
            do {
                try await SpecContext.$currentValue.withValue(context) { try await body() }
                return .passed
            } catch {
                return BodyOutcome(error: error, location: location)
            }
        }
    }

    /// Runs a matched step with its step hooks.
    func runStep(
        _ definition: CompiledStep<World>, arguments: [MatchArgument], pickleStep: PickleStep,
        gherkinStep: PlanIndex.StepEntry?, world: World, stepInfo: inout TestStepInfo,
        status: TestStepResultStatus, target: AttachmentTarget, mode: BodyMode<World>
    ) async -> BodyOutcome {
        let tags = stepInfo.scenario.tags
        var context = SpecContext(scenario: stepInfo.scenario, step: stepInfo, status: status, target: target)
        var outcome = BodyOutcome.passed
        let hasStepHooks = library.hasStepHooks
        for hook in hasStepHooks ? library.hooks(.beforeStep, tags: tags) : [] {
            outcome = await runHook(hook, world: world, step: stepInfo, context: context, mode: mode)
            if outcome.status != .passed { break }
        }
        if outcome.status == .passed {
            let invoke = definition.record.invoke
            let types = definition.record.argumentTypes
            let info = definition.info
            let argument = pickleStep.argument
            let uri = stepInfo.uri
            let body: @Sendable () async throws -> Void = {
                var values: [any Sendable] = []
                values.reserveCapacity(types.count)
                for argument in arguments { values.append(try argument.value()) }
                if types.count == arguments.count + 1, let trailing = types.last {
                    values.append(
                        try trailingArgument(trailing, argument: argument, step: gherkinStep, uri: uri, info: info))
                }
                try await invoke(world, values)
            }
            outcome = await guarded(body, context: context, location: definition.info.location, mode: mode)
        }
        stepInfo.status = outcome.status
        context.step = stepInfo
        for hook in hasStepHooks ? library.hooks(.afterStep, tags: tags) : [] {
            let hookOutcome = await runHook(
                hook, world: world, step: stepInfo, context: context, mode: mode,
                ifTimedOut: outcome.status == .passed ? nil : outcome)
            if outcome.status == .passed && hookOutcome.status != .passed { outcome = hookOutcome }
        }
        return outcome
    }
}

/// A scenario's world, or why it could not be made.
enum WorldResult<World: Actor>: Sendable {
    case ready(World)
    case failed(BodyOutcome)
}

/// Holds the world of a scenario once made.
final class WorldBox<World: Actor>: Sendable {
    let world = Locked<World?>(nil)
}
