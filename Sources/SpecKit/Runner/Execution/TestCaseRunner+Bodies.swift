import CucumberExpressions
import Messages

/// Running the bodies of a test case: making the world, hooks and steps, each against the step timeout.
extension TestCaseRunner {
    /// The scenario's world, made on first use.
    ///
    /// `context` is the step's or hook's that needs the world: an issue recorded while the world is made (a failed
    /// `#expect` in `makeWorld`) fails that step.
    func obtainWorld(
        _ world: World?, _ scenario: ScenarioInfo, location: CodeLocation, context: SpecContext,
        mode: BodyMode<World>
    ) async -> WorldResult<World> {
        if let world { return .ready(world) }
        let box = WorldBox<World>()
        let make = makeWorld
        let timedOut = TimeoutOutcome.worldTimedOut(scenario: scenario, limit: timeoutDescription)
        let watched = mode.watched
        guard watched.beginBody(ifTimedOut: timedOut, failsWorld: true, handover: mode.handover) else {
            return .failed(timedOut.outcome)
        }
        let failure: (any Error)?
        do {
            let made = try await SpecContext.$currentValue.withValue(context) { try await make(scenario) }
            box.world.withLock { $0 = made }
            failure = nil
        } catch {
            failure = error
        }
        watched.endBody()
        if let failure {
            let outcome = BodyOutcome(error: failure, location: nil)
                .adding(recordedFailures: context.target?.takeFailures() ?? [])
            return .failed(outcome.prefixed("cannot make the world of \(scenario.displayName): "))
        }
        guard let made = box.world.value else {
            return .failed(.failed("cannot make the world of \(scenario.displayName)", type: "WorldError"))
        }
        return .ready(made)
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
    /// The body runs in the current task (`mode.watched`, watched by the watchdog), and `ifTimedOut` (by default
    /// the timeout failure) is what the test step ends with if it passes its deadline.
    func guarded(
        _ body: @escaping @Sendable () async throws -> Void, context: SpecContext?, location: CodeLocation,
        mode: BodyMode<World>, ifTimedOut: BodyOutcome? = nil
    ) async -> BodyOutcome {
        let timedOut = TimeoutOutcome.timedOut(message: timeoutMessage, location: location)
        let watched = mode.watched
        guard
            watched.beginBody(
                ifTimedOut: ifTimedOut.map(TimeoutOutcome.outcome) ?? timedOut, failsWorld: false,
                handover: mode.handover)
        else { return timedOut.outcome }
        let outcome: BodyOutcome
        do {
            try await SpecContext.$currentValue.withValue(context) { try await body() }
            outcome = .passed
        } catch {
            outcome = BodyOutcome(error: error, location: location)
        }
        watched.endBody()
        return outcome.adding(recordedFailures: context?.target?.takeFailures() ?? [])
    }

    /// Runs `body`, of no test case (a `beforeAll` or `afterAll` hook), in a watched task of its own: how it
    /// ended, or the timeout failure once it has run for the step timeout (it is then abandoned, and runs on in the
    /// background).
    func runAlone(
        _ body: @escaping @Sendable () async throws -> Void, context: SpecContext, location: CodeLocation,
        emit: @escaping @Sendable (Envelope) -> Void
    ) async -> BodyOutcome {
        let watched = WorkerTask<World>(limit: stepTimeout, emit: emit)
        let outcome = Locked<BodyOutcome?>(nil)
        let ending = await watched.run { [self] in
            let ended = await guarded(
                body, context: context, location: location, mode: .inline(watched, handover: nil))
            outcome.withLock { $0 = ended }
        }
        switch ending {
        case .finished: return outcome.value ?? .passed
        case .timedOut(let timedOut), .abandoned(_, _, let timedOut, _, _): return timedOut
        }
    }

    /// Runs a matched step with its step hooks.
    func runStep(
        _ definition: CompiledStep<World>, arguments: [MatchArgument], pickleStep: PickleStep,
        gherkinStep: PlanIndex.StepSource?, world: World, stepInfo: TestStepInfo, context: SpecContext,
        mode: BodyMode<World>
    ) async -> BodyOutcome {
        var stepInfo = stepInfo
        var context = context
        var outcome = BodyOutcome.passed
        let tags = hasStepHooks ? stepInfo.scenario.tags : []
        if hasStepHooks {
            for hook in library.hooks(.beforeStep, tags: tags) {
                outcome = await runHook(hook, world: world, step: stepInfo, context: context, mode: mode)
                if outcome.status != .passed { break }
            }
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
                for (position, argument) in arguments.enumerated() {
                    let value = try argument.value()
                    // A `Float` step argument for a `{float}` or `{double}` parameter, which gives `Double`.
                    if position < types.count, ObjectIdentifier(types[position]) == ObjectIdentifier(Float.self),
                        let double = value as? Double
                    {
                        values.append(Float(double))
                    } else {
                        values.append(value)
                    }
                }
                if types.count == arguments.count + 1, let trailing = types.last {
                    values.append(
                        try trailingArgument(trailing, argument: argument, step: gherkinStep, uri: uri, info: info))
                }
                try await invoke(world, values)
            }
            outcome = await guarded(body, context: context, location: definition.info.location, mode: mode)
        }
        guard hasStepHooks else { return outcome }
        stepInfo.status = outcome.status
        context.step = stepInfo
        for hook in library.hooks(.afterStep, tags: tags) {
            let hookOutcome = await runHook(
                hook, world: world, step: stepInfo, context: context, mode: mode,
                ifTimedOut: outcome.status == .passed ? nil : outcome)
            if outcome.status == .passed && hookOutcome.status != .passed { outcome = hookOutcome }
        }
        return outcome
    }
}
