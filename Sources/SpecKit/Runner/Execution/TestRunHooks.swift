import Messages

/// Runs the `beforeAll` or `afterAll` hooks of a run, each with its `testRunHookStarted` and
/// `testRunHookFinished` messages.
struct TestRunHooks<World: Actor>: Sendable {
    let environment: RunEnvironment<World>

    /// Runs the hooks of `kind` (none in a dry run); returns the first failure, as `hook: message`.
    func run(
        _ kind: HookKind, testRunStartedId: String, ids: IdSource, emit: @escaping @Sendable (Envelope) -> Void
    ) async -> String? {
        guard !environment.configuration.dryRun else { return nil }
        let clock = environment.clock
        let runner = TestCaseRunner(environment: environment)
        var firstFailure: String?
        for hook in environment.library.hooks(kind, tags: []) {
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
            let outcome = await runner.runAlone(body, context: context, location: hook.info.location, emit: emit)
            _ = target.close()
            let finished = clock.now()
            emit(
                .testRunHookFinished(
                    TestRunHookFinished(
                        testRunHookStartedId: id,
                        result: outcome.result(duration: clock.duration(from: started, to: finished)),
                        timestamp: finished)))
            if outcome.status == .failed, firstFailure == nil {
                firstFailure = "\(hook.info): \(outcome.message ?? "failed")"
            }
        }
        return firstFailure
    }
}
