import CucumberExpressions
import Messages

/// How a step or hook body ended, as a result for messages and for `StepResult`.
struct BodyOutcome: Sendable {
    var status: TestStepResultStatus
    /// The message of `testStepFinished` (nil for passed, undefined, ambiguous and reasonless pending/skipped).
    var message: String?
    var exception: Exception?
    /// The message of `StepResult`, when it says more than `message`.
    var detail: String?
    var failureLocation: CodeLocation?

    static let passed = BodyOutcome(status: .passed)
    static let skipped = BodyOutcome(status: .skipped)

    static func failed(_ message: String, type: String, location: CodeLocation? = nil) -> BodyOutcome {
        BodyOutcome(
            status: .failed, message: message, exception: Exception(type: type, message: message),
            failureLocation: location)
    }

    /// Classifies what a body threw.
    init(error: any Error, location: CodeLocation?) {
        switch error {
        case let failure as StepFailure:
            self = .failed(failure.description, type: "StepFailure", location: failure.location)
        case let pending as Pending:
            self.init(
                status: .pending, message: pending.message,
                exception: pending.message.map { Exception(type: "PendingException", message: $0) },
                detail: pending.description)
        case let skipped as Skipped:
            self.init(
                status: .skipped, message: skipped.message,
                exception: skipped.message.map { Exception(type: "SkippedException", message: $0) },
                detail: skipped.description)
        default:
            let type = String(describing: Swift.type(of: error))
            let description = String(describing: error)
            self = .failed(description, type: type, location: location)
            detail = "\(type): \(description)"
        }
    }

    init(
        status: TestStepResultStatus, message: String? = nil, exception: Exception? = nil, detail: String? = nil,
        failureLocation: CodeLocation? = nil
    ) {
        self.status = status
        self.message = message
        self.exception = exception
        self.detail = detail
        self.failureLocation = failureLocation
    }

    func result(duration: MessageDuration) -> TestStepResult {
        TestStepResult(duration: duration, message: message, status: status, exception: exception)
    }
}

/// The attempt of a test case: what the engine needs while running it.
struct Attempt: Sendable {
    let prepared: PreparedTestCase
    let number: Int
    let mayRetry: Bool
    let skipAll: Bool
    let workerId: String?
    let ids: IdSource
    let index: PlanIndex
    let emit: @Sendable (Envelope) -> Void

    /// The same attempt, emitting to `emit`.
    func emitting(to emit: @escaping @Sendable (Envelope) -> Void) -> Attempt {
        Attempt(
            prepared: prepared, number: number, mayRetry: mayRetry, skipAll: skipAll, workerId: workerId, ids: ids,
            index: index, emit: emit)
    }
}

/// How an attempt ended.
struct AttemptOutcome: Sendable {
    let status: TestStepResultStatus
    let steps: [StepResult]
    let willBeRetried: Bool
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

extension SpecRunner {
    /// Runs one attempt of a test case, emitting its messages; returns its status, step results and whether
    /// it will be retried.
    ///
    /// The attempt's steps and hooks run one after another inside one unstructured task (one hop per test
    /// case, not per step), watched by the watchdog against the running body's deadline. When a body passes its
    /// deadline, the task is cancelled and abandoned: this test step fails with `timed out after N s` (any step
    /// hooks of it not yet run are abandoned with it), and the rest of the test case goes on here, one body per
    /// task as before: the remaining steps are skipped and the after hooks run on the same world.
    func execute(_ attempt: Attempt) async -> AttemptOutcome {
        let clock = configuration.clock
        let testCaseStartedId = attempt.ids.next()
        attempt.emit(
            .testCaseStarted(
                TestCaseStarted(
                    attempt: attempt.number, id: testCaseStartedId, testCaseId: attempt.prepared.testCase.id,
                    workerId: attempt.workerId, timestamp: clock.now())))
        let cursor = Cursor<World>(testCaseStartedId: testCaseStartedId, steps: attempt.prepared.steps.count)
        if attempt.skipAll || configuration.dryRun {
            // Nothing runs when every step is skipped: no task, no watchdog.
            await runSteps(attempt, cursor: cursor, mode: .isolated)
            return finishAttempt(attempt, cursor: cursor)
        }
        let watched = WatchedTestCase<World>(limit: configuration.stepTimeout, emit: attempt.emit)
        watched.publish(attempt, cursor)
        let ending = await watched.run { [self] in
            await runSteps(attempt, cursor: cursor, mode: .inline(watched))
            return cursor
        }
        switch ending {
        case .finished(let finished):
            return finishAttempt(attempt, cursor: finished ?? cursor)
        case .abandoned(_, let snapshot, let outcome, let failsWorld):
            return await completeAbandoned(attempt, cursor: snapshot, outcome: outcome, failsWorld: failsWorld)
        }
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
        return finishAttempt(attempt, cursor: cursor)
    }

    /// Runs one attempt inside a watched task running a queue of test cases (see `runQueue`): its bodies run
    /// inline, and its messages go through `attempt.emit` (the watched task's). Nil when the task was abandoned:
    /// the runner then completes the attempt from the published cursor.
    func executeInline(_ attempt: Attempt, watched: WatchedTestCase<World>) async -> AttemptOutcome? {
        let clock = configuration.clock
        let testCaseStartedId = attempt.ids.next()
        attempt.emit(
            .testCaseStarted(
                TestCaseStarted(
                    attempt: attempt.number, id: testCaseStartedId, testCaseId: attempt.prepared.testCase.id,
                    workerId: attempt.workerId, timestamp: clock.now())))
        let cursor = Cursor<World>(testCaseStartedId: testCaseStartedId, steps: attempt.prepared.steps.count)
        let skipping = attempt.skipAll || configuration.dryRun
        if !skipping { watched.publish(attempt, cursor) }
        await runSteps(attempt, cursor: cursor, mode: skipping ? .isolated : .inline(watched))
        if watched.isOver { return nil }
        return finishAttempt(attempt, cursor: cursor)
    }

    /// Emits `testCaseFinished`; returns the attempt's status, step results and whether it will be retried.
    func finishAttempt(_ attempt: Attempt, cursor: Cursor<World>) -> AttemptOutcome {
        let clock = configuration.clock
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
        let clock = configuration.clock
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
                    let snippets = snippets(for: pickleStep)
                    emit(
                        .suggestion(
                            Suggestion(id: attempt.ids.next(), pickleStepId: pickleStep.id, snippets: snippets)))
                    cursor.result.snippet = snippets.first?.code
                    cursor.result.suggestions = didYouMean(pickleStep.text)
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
        let clock = configuration.clock
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
        let make = makeWorld
        let timedOut = BodyOutcome.failed(
            "cannot make the world of \(scenario.displayName): timed out after "
                + timeoutDescription, type: "WorldError")
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
            timeoutMessage, type: "TimeoutError",
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

/// The trailing `DataTable`, `DocString` or `String` argument of a step.
func trailingArgument(
    _ type: Any.Type, argument: PickleStepArgument?, step: PlanIndex.StepEntry?, uri: String,
    info: StepDefinitionInfo
) throws -> any Sendable {
    if ObjectIdentifier(type) == ObjectIdentifier(DataTable.self) {
        guard let table = argument?.dataTable else {
            throw ArgumentTypeError(
                message: "\(info) takes a trailing DataTable, but the step has no data table")
        }
        let raw = table.rows.map { $0.cells.map(\.value) }
        if let rows = step?.step.dataTable?.rows, rows.count == raw.count {
            return DataTable(raw, uri: uri, cellLocations: rows.map { $0.cells.map(\.location) })
        }
        return DataTable(raw)
    }
    guard let docString = argument?.docString else {
        throw ArgumentTypeError(
            message: "\(info) takes a trailing \(type), but the step has no doc string")
    }
    if ObjectIdentifier(type) == ObjectIdentifier(DocString.self) {
        return DocString(
            docString.content, mediaType: docString.mediaType, uri: uri, location: step?.step.docString?.location)
    }
    return docString.content
}
