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
    // What every step reads, copied out of the environment once: in this generic code, reading a field of the
    // environment or the library looks their type up at run time, at every step.
    let library: CompiledLibrary<World>
    let steps: [CompiledStep<World>]
    let hooks: [CompiledHook<World>]
    let clock: RunClock
    let dryRun: Bool
    let stepTimeout: Duration
    let timeoutMessage: String
    let timeoutDescription: String
    let hasStepHooks: Bool
    let makeWorld: @Sendable (ScenarioInfo) async throws -> World

    init(environment: RunEnvironment<World>) {
        self.environment = environment
        library = environment.library
        steps = environment.library.steps
        hooks = environment.library.hooks
        clock = environment.clock
        dryRun = environment.configuration.dryRun
        stepTimeout = environment.configuration.stepTimeout
        timeoutMessage = environment.timeoutMessage
        timeoutDescription = environment.timeoutDescription
        hasStepHooks = environment.library.hasStepHooks
        makeWorld = environment.makeWorld
    }

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
                    workerId: attempt.workerId, timestamp: clock.now())))
        return Cursor<World>(testCaseStartedId: testCaseStartedId, steps: attempt.prepared.steps.count)
    }

    /// Runs one attempt inside `watched`, a worker's task: its bodies run inline and its messages go through
    /// `attempt.emit` (the task's). Nil when the task was abandoned: the worker then completes the attempt from
    /// the published cursor with `completeAbandoned`.
    func run(_ attempt: Attempt, in watched: WatchedTestCase<World>) async -> AttemptOutcome? {
        let cursor = start(attempt)
        let skipping = attempt.skipAll || dryRun
        if !skipping { watched.publish(attempt, cursor) }
        await runSteps(attempt, cursor: cursor, mode: skipping ? .isolated : .inline(watched))
        if watched.isOver { return nil }
        return finish(attempt, cursor: cursor)
    }

    /// Emits `testCaseFinished`; returns the attempt's status, step results and whether it will be retried.
    func finish(_ attempt: Attempt, cursor: Cursor<World>) -> AttemptOutcome {
        let testCaseStartedId = cursor.testCaseStartedId
        let worst = cursor.worst
        let willBeRetried = worst == .failed && attempt.mayRetry && !attempt.skipAll
        attempt.emit(
            .testCaseFinished(
                TestCaseFinished(
                    testCaseStartedId: testCaseStartedId, timestamp: clock.now(), willBeRetried: willBeRetried)))
        return AttemptOutcome(status: worst, stepStatuses: cursor.stepStatuses, willBeRetried: willBeRetried)
    }

    /// Runs the test steps of `attempt` from `cursor.index` on; returns early when abandoned (inline mode).
    ///
    /// In inline mode, after every body it checks that the task was not abandoned before touching the cursor
    /// (which then belongs to the worker pool).
    func runSteps(_ attempt: Attempt, cursor: Cursor<World>, mode: BodyMode<World>) async {
        let emit: @Sendable (Envelope) -> Void
        switch mode {
        case .isolated: emit = attempt.emit
        case .inline(let watched): emit = { watched.emit($0) }
        }
        let testCaseStartedId = cursor.testCaseStartedId
        while cursor.index < attempt.prepared.steps.count {
            if mode.isOver { return }
            let step = attempt.prepared.steps[cursor.index]
            let started = clock.now()
            cursor.started = started
            emit(
                .testStepStarted(
                    TestStepStarted(testCaseStartedId: testCaseStartedId, testStepId: step.id, timestamp: started)))
            let target = AttachmentTarget(
                testCaseStartedId: testCaseStartedId, testStepId: step.id, testRunHookStartedId: nil, clock: clock,
                emit: emit)
            cursor.target = target
            let outcome: BodyOutcome?
            switch step.kind {
            case .hook(let slot):
                outcome = await runHookStep(hooks[slot], attempt, cursor: cursor, target: target, mode: mode)
            case .step(let pickleStep, let match, let gherkinStep):
                outcome = await runPickleStep(
                    pickleStep, match, gherkinStep, attempt, cursor: cursor, target: target, mode: mode, emit: emit)
            }
            guard let outcome, !mode.isOver else { return }
            _ = target.close()
            finishStep(attempt, outcome: outcome, cursor: cursor, emit: emit)
        }
    }

    /// Whether the attempt's steps are only reported, not run (fail-fast after a failure, or a dry run).
    private func isSkipping(_ attempt: Attempt) -> Bool {
        attempt.skipAll || dryRun
    }

    /// Runs a before or after hook of the test case; nil when the task was abandoned meanwhile.
    private func runHookStep(
        _ hook: CompiledHook<World>, _ attempt: Attempt, cursor: Cursor<World>, target: AttachmentTarget,
        mode: BodyMode<World>
    ) async -> BodyOutcome? {
        let info = attempt.prepared.info
        let isBefore = hook.record.kind == .beforeScenario
        if isSkipping(attempt) || (isBefore && cursor.worst != .passed) || cursor.worldFailed { return .skipped }
        if hook.record.tearsDownWorld && cursor.world == nil { return .passed }
        let context = SpecContext(scenario: info, step: nil, status: cursor.worst, target: target)
        switch await world(for: cursor, info, location: hook.info.location, context: context, mode: mode) {
        case nil: return nil
        case .failed(let failure)?: return failure
        case .ready(let world)?:
            let outcome = await runHook(hook, world: world, step: nil, context: context, mode: mode)
            if mode.isOver { return nil }
            if outcome.status == .skipped { cursor.skippedItself = true }
            return outcome
        }
    }

    /// Runs a step of the pickle as it matched; nil when the task was abandoned meanwhile.
    private func runPickleStep(
        _ pickleStep: PickleStep, _ match: StepMatch, _ gherkinStep: Step?, _ attempt: Attempt, cursor: Cursor<World>,
        target: AttachmentTarget, mode: BodyMode<World>, emit: @Sendable (Envelope) -> Void
    ) async -> BodyOutcome? {
        let info = attempt.prepared.info
        let location = gherkinStep?.location
        switch match {
        case _ where cursor.skippedItself:
            // After a step that skipped itself, no step runs or is even reported undefined (as Cucumber).
            return .skipped
        case .undefined:
            let snippets = library.snippets(for: pickleStep)
            emit(.suggestion(Suggestion(id: attempt.ids.next(), pickleStepId: pickleStep.id, snippets: snippets)))
            return BodyOutcome(status: .undefined)
        case .ambiguous:
            return BodyOutcome(status: .ambiguous)
        case .failed(let message):
            return .failed(message, type: "StepMatchError")
        case .matched(let position, let arguments):
            let definition = steps[position]
            if isSkipping(attempt) || cursor.worst != .passed || cursor.worldFailed { return .skipped }
            if let problem = definition.problem {
                return .failed(problem.description, type: "StepLibraryError", frames: [problem.location.frame])
            }
            let stepInfo = TestStepInfo(
                text: pickleStep.text, keyword: gherkinStep?.keyword ?? "", uri: info.uri,
                location: location ?? Location(line: info.line), pickleStepId: pickleStep.id, scenario: info)
            let context = SpecContext(scenario: info, step: stepInfo, status: cursor.worst, target: target)
            switch await world(for: cursor, info, location: definition.info.location, context: context, mode: mode) {
            case nil: return nil
            case .failed(let failure)?: return failure
            case .ready(let world)?:
                let outcome = await runStep(
                    definition, arguments: arguments, pickleStep: pickleStep, gherkinStep: gherkinStep, world: world,
                    stepInfo: stepInfo, context: context, mode: mode)
                if mode.isOver { return nil }
                if outcome.status == .skipped { cursor.skippedItself = true }
                return outcome
            }
        }
    }

    /// The scenario's world (made on first use and kept in the cursor), or why it could not be made; nil when the
    /// task was abandoned while making it.
    private func world(
        for cursor: Cursor<World>, _ info: ScenarioInfo, location: CodeLocation, context: SpecContext,
        mode: BodyMode<World>
    ) async -> WorldResult<World>? {
        let made = await obtainWorld(cursor.world, info, location: location, context: context, mode: mode)
        if mode.isOver { return nil }
        switch made {
        case .failed: cursor.worldFailed = true
        case .ready(let world): cursor.world = world
        }
        return made
    }

    /// Emits the end of the current test step, counts its status and moves the cursor to the next one.
    func finishStep(
        _ attempt: Attempt, outcome: BodyOutcome, cursor: Cursor<World>,
        emit: @Sendable (Envelope) -> Void
    ) {
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
        if case .step = step.kind { cursor.stepStatuses.append(outcome.status) }
        cursor.worst = max(cursor.worst, outcome.status)
        cursor.index += 1
        cursor.target = nil
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
