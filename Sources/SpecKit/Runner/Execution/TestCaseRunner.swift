import CucumberExpressions
import Messages

/// Runs one attempt of a test case: its before hooks, steps and after hooks in order, emitting each test step's
/// messages. The one implementation for a whole run and for the Swift Testing bridge's scenario by scenario runs.
///
/// An attempt runs inline in a worker's watched task (`BodyMode`), watched against the deadline of the body
/// running; when a body passes it, the worker hands the attempt over and `completeAbandoned` finishes it in a
/// watched task of its own: the remaining steps are skipped and the after hooks run on the same world.
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

    /// Ends an attempt whose running body passed its deadline, from its state when that body began: the test
    /// step ends with `outcome`, the remaining steps are skipped and the after hooks run, in a watched task of
    /// their own (`attempt.emit` must be the run's, not the abandoned task's). Should one of them pass its deadline
    /// too, that task is abandoned in turn, and the attempt goes on from there.
    func completeAbandoned(
        _ attempt: Attempt, state handover: AttemptState<World>, outcome: BodyOutcome, failsWorld: Bool
    ) async -> AttemptOutcome {
        var (state, outcome, failsWorld) = (handover, outcome, failsWorld)
        while true {
            _ = state.target?.close()
            if failsWorld { state.worldFailed = true }
            finishStep(attempt, outcome: outcome, state: &state, emit: attempt.emit)
            let watched = WorkerTask<World>(limit: stepTimeout, emit: attempt.emit)
            let rest = attempt.emitting(to: { watched.emit($0) })
            let finished = Locked<AttemptOutcome?>(nil)
            let ending = await watched.run { [self, state] in
                var state = state
                watched.publish(rest)
                await runSteps(rest, state: &state, mode: .inline(watched, handover: nil))
                if !watched.isOver { finished.withLock { $0 = finish(rest, state: state) } }
            }
            switch ending {
            case .abandoned(_, let next, let overran, let makingWorld, _):
                (state, outcome, failsWorld) = (next, overran, makingWorld)
            case .finished, .timedOut:
                // `.timedOut` cannot come: every body of an attempt hands its state over.
                return finished.value ?? finish(attempt, state: state)
            }
        }
    }

    /// Emits `testCaseStarted` and returns the attempt's state.
    func start(_ attempt: Attempt) -> AttemptState<World> {
        RunningTestCases.shared.testCaseStarted()
        let testCaseStartedId = attempt.ids.next()
        attempt.emit(
            .testCaseStarted(
                TestCaseStarted(
                    attempt: attempt.number, id: testCaseStartedId, testCaseId: attempt.prepared.testCase.id,
                    workerId: attempt.workerId, timestamp: clock.now())))
        return AttemptState<World>(testCaseStartedId: testCaseStartedId)
    }

    /// Runs one attempt inside `watched`, a worker's task: its bodies run inline and its messages go through
    /// `attempt.emit` (the task's). Nil when the task was abandoned: the worker then completes the attempt from
    /// the state handed over with `completeAbandoned`.
    func run(_ attempt: Attempt, in watched: WorkerTask<World>) async -> AttemptOutcome? {
        var state = start(attempt)
        let skipping = attempt.skipAll || dryRun
        if !skipping { watched.publish(attempt) }
        await runSteps(attempt, state: &state, mode: .inline(watched, handover: nil))
        if watched.isOver { return nil }
        return finish(attempt, state: state)
    }

    /// Emits `testCaseFinished`; returns the attempt's status, step results and whether it will be retried.
    func finish(_ attempt: Attempt, state: AttemptState<World>) -> AttemptOutcome {
        let testCaseStartedId = state.testCaseStartedId
        let worst = state.worst
        let willBeRetried = worst == .failed && attempt.mayRetry && !attempt.skipAll
        RunningTestCases.shared.testCaseFinished()
        attempt.emit(
            .testCaseFinished(
                TestCaseFinished(
                    testCaseStartedId: testCaseStartedId, timestamp: clock.now(), willBeRetried: willBeRetried)))
        return AttemptOutcome(status: worst, stepCounts: state.stepCounts, willBeRetried: willBeRetried)
    }

    /// Runs the test steps of `attempt` from `state.index` on; returns early when abandoned (inline mode: the
    /// runner then finishes the attempt from the state handed over before the body that overran).
    func runSteps(_ attempt: Attempt, state: inout AttemptState<World>, mode: BodyMode<World>) async {
        let watched = mode.watched
        let emit: @Sendable (Envelope) -> Void = { watched.emit($0) }
        let testCaseStartedId = state.testCaseStartedId
        while state.index < attempt.prepared.steps.count {
            if mode.isOver { return }
            let step = attempt.prepared.steps[state.index]
            let started = clock.now()
            state.started = started
            emit(
                .testStepStarted(
                    TestStepStarted(testCaseStartedId: testCaseStartedId, testStepId: step.id, timestamp: started)))
            let target = AttachmentTarget(
                testCaseStartedId: testCaseStartedId, testStepId: step.id, testRunHookStartedId: nil,
                scenario: attempt.prepared.info, clock: clock, emit: emit)
            state.target = target
            let outcome: BodyOutcome?
            switch step.kind {
            case .hook(let slot):
                outcome = await runHookStep(hooks[slot], attempt, state: &state, target: target, mode: mode)
            case .step(let pickleStep, let match, let gherkinStep):
                outcome = await runPickleStep(
                    pickleStep, match, gherkinStep, attempt, state: &state, target: target, mode: mode, emit: emit)
            }
            guard var outcome, !mode.isOver else { return }
            if state.index == attempt.prepared.steps.count - 1 {
                releaseWorld(&state, target: target, info: attempt.prepared.info, mode: mode)
            }
            // An issue recorded off the step's task after its body returned (a `Task` it left running) still
            // fails it.
            let late = target.close()
            if !late.isEmpty { outcome = outcome.adding(recordedFailures: late) }
            finishStep(attempt, outcome: outcome, state: &state, emit: emit)
        }
    }

    /// Releases the scenario's world once its last test step has run, under that step's context, so that the
    /// world's `deinit` runs before the test case finishes and an issue it records fails that step.
    private func releaseWorld(
        _ state: inout AttemptState<World>, target: AttachmentTarget, info: ScenarioInfo, mode: BodyMode<World>
    ) {
        guard state.world != nil else { return }
        mode.watched.dropHandover()
        let context = SpecContext(scenario: info, step: nil, status: state.worst, target: target)
        SpecContext.$currentValue.withValue(context) { state.world = nil }
    }

    /// Whether the attempt's steps are only reported, not run (fail-fast after a failure, or a dry run).
    private func isSkipping(_ attempt: Attempt) -> Bool {
        attempt.skipAll || dryRun
    }

    /// Runs a before or after hook of the test case; nil when the task was abandoned meanwhile.
    private func runHookStep(
        _ hook: CompiledHook<World>, _ attempt: Attempt, state: inout AttemptState<World>, target: AttachmentTarget,
        mode: BodyMode<World>
    ) async -> BodyOutcome? {
        let info = attempt.prepared.info
        let isBefore = hook.record.kind == .beforeScenario
        if isSkipping(attempt) || (isBefore && state.worst != .passed) || state.worldFailed { return .skipped }
        if hook.record.tearsDownWorld && state.world == nil { return .passed }
        let context = SpecContext(scenario: info, step: nil, status: state.worst, target: target)
        let world: World
        if let made = state.world {
            world = made
        } else {
            switch await self.world(for: &state, info, location: hook.info.location, context: context, mode: mode) {
            case nil: return nil
            case .failed(let failure)?: return failure
            case .ready(let made)?: world = made
            }
        }
        let outcome = await runHook(hook, world: world, step: nil, context: context, mode: mode.handing(over: state))
        if mode.isOver { return nil }
        if outcome.status == .skipped { state.skippedItself = true }
        return outcome
    }

    /// Runs a step of the pickle as it matched; nil when the task was abandoned meanwhile.
    private func runPickleStep(
        _ pickleStep: PickleStep, _ match: StepMatch, _ gherkinStep: PlanIndex.StepSource?, _ attempt: Attempt,
        state: inout AttemptState<World>, target: AttachmentTarget, mode: BodyMode<World>,
        emit: @Sendable (Envelope) -> Void
    ) async -> BodyOutcome? {
        let info = attempt.prepared.info
        let location = gherkinStep?.location
        switch match {
        case _ where state.skippedItself:
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
            if isSkipping(attempt) || state.worst != .passed || state.worldFailed { return .skipped }
            if let problem = definition.problem {
                return .failed(problem.description, type: "StepLibraryError", frames: [problem.location.frame])
            }
            let stepInfo = TestStepInfo(
                text: pickleStep.text, keyword: gherkinStep?.keyword ?? "", uri: info.uri,
                location: location ?? Location(line: info.line), pickleStepId: pickleStep.id, scenario: info)
            let context = SpecContext(scenario: info, step: stepInfo, status: state.worst, target: target)
            let world: World
            if let made = state.world {
                world = made
            } else {
                switch await self.world(
                    for: &state, info, location: definition.info.location, context: context, mode: mode)
                {
                case nil: return nil
                case .failed(let failure)?: return failure
                case .ready(let made)?: world = made
                }
            }
            let outcome = await runStep(
                definition, arguments: arguments, pickleStep: pickleStep, gherkinStep: gherkinStep, world: world,
                stepInfo: stepInfo, context: context, mode: mode.handing(over: state))
            if mode.isOver { return nil }
            if outcome.status == .skipped { state.skippedItself = true }
            return outcome
        }
    }

    /// The scenario's world, made on its first use and kept in the state (each step takes it from there), or why
    /// it could not be made; nil when the task was abandoned while making it.
    private func world(
        for state: inout AttemptState<World>, _ info: ScenarioInfo, location: CodeLocation, context: SpecContext,
        mode: BodyMode<World>
    ) async -> WorldResult<World>? {
        let made = await obtainWorld(
            state.world, info, location: location, context: context, mode: mode.handing(over: state))
        if mode.isOver { return nil }
        switch made {
        case .failed: state.worldFailed = true
        case .ready(let world): state.world = world
        }
        return made
    }

    /// Emits the end of the current test step, counts its status and moves the state to the next one.
    func finishStep(
        _ attempt: Attempt, outcome: BodyOutcome, state: inout AttemptState<World>,
        emit: @Sendable (Envelope) -> Void
    ) {
        let step = attempt.prepared.steps[state.index]
        let finished = clock.now()
        let duration =
            outcome.status == .undefined || outcome.status == .ambiguous
                || (outcome.status == .skipped && outcome.message == nil)
            ? MessageDuration.zero : clock.duration(from: state.started, to: finished)
        emit(
            .testStepFinished(
                TestStepFinished(
                    testCaseStartedId: state.testCaseStartedId, testStepId: step.id,
                    testStepResult: outcome.result(duration: duration), timestamp: finished)))
        if case .step = step.kind { state.stepCounts.add(outcome.status) }
        state.worst = max(state.worst, outcome.status)
        state.index += 1
        state.target = nil
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
