import Messages

/// Runs test cases on workers, each taking test cases from one shared queue and running them one after another in
/// one watched task (one task for many test cases, not one per test case), with their retries.
///
/// When a body passes its deadline, its worker's task is abandoned: the pool completes that attempt, runs the
/// scenario's remaining retries through a queue of their own, and starts a new task for the rest of the queue.
struct WorkerPool<World: Actor>: Sendable {
    let environment: RunEnvironment<World>
    let runner: TestCaseRunner<World>

    init(environment: RunEnvironment<World>) {
        self.environment = environment
        runner = TestCaseRunner(environment: environment)
    }

    /// Runs every test case of `queue` on `workers` workers; `namesWorkers` puts each worker's id in its messages
    /// (as parallel runs do).
    func run(
        _ queue: TestCaseQueue, workers: Int, namesWorkers: Bool, ids: IdSource,
        emit: @escaping @Sendable (Envelope) -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<max(workers, 1) {
                let context = AttemptContext(
                    skipAll: false, workerId: namesWorkers ? String(worker) : nil, ids: ids)
                group.addTask { await self.work(queue, context: context, emit: emit) }
            }
        }
    }

    /// One worker: runs the test cases of `queue` until it is empty.
    func work(_ queue: TestCaseQueue, context: AttemptContext, emit: @escaping @Sendable (Envelope) -> Void) async {
        while true {
            let watched = WatchedTestCase<World>(limit: environment.configuration.stepTimeout, emit: emit)
            let ending = await watched.run { [runner, environment] in
                let watchedEmit: @Sendable (Envelope) -> Void = { watched.emit($0) }
                while let item = queue.take() {
                    var attemptContext = context
                    attemptContext.skipAll = item.skipAll
                    var number = item.firstAttempt
                    while true {
                        let attempt = attemptContext.attempt(
                            item.testCase, number: number, retry: environment.retries(for: item.testCase.info),
                            emit: watchedEmit)
                        guard let outcome = await runner.run(attempt, in: watched) else { return nil }
                        number += 1
                        if outcome.willBeRetried { continue }
                        queue.record(environment.outcome(item.testCase.info, last: outcome, attempts: number))
                        break
                    }
                }
                return nil
            }
            guard case .abandoned(let attempt, let cursor, let outcome, let failsWorld) = ending else { return }
            let last = await runner.completeAbandoned(
                attempt.emitting(to: emit), cursor: cursor, outcome: outcome, failsWorld: failsWorld)
            let item = TestCaseQueue.Item(
                testCase: attempt.prepared, skipAll: attempt.skipAll, firstAttempt: attempt.number + 1)
            if last.willBeRetried {
                await work(.single(item, record: queue.record), context: context, emit: emit)
            } else {
                queue.record(environment.outcome(attempt.prepared.info, last: last, attempts: item.firstAttempt))
            }
        }
    }
}

/// Where workers take their test cases and record their results.
struct TestCaseQueue: Sendable {
    struct Item: Sendable {
        let testCase: PreparedTestCase
        /// Whether every step is skipped (fail-fast after a failure).
        let skipAll: Bool
        /// The attempt number to start at (above 0 when earlier attempts ran elsewhere).
        let firstAttempt: Int
    }

    let take: @Sendable () -> Item?
    let record: @Sendable (TestCaseOutcome) -> Void

    /// A queue of one test case.
    static func single(_ item: Item, record: @escaping @Sendable (TestCaseOutcome) -> Void) -> TestCaseQueue {
        let taken = Locked(false)
        return TestCaseQueue(
            take: {
                taken.withLock { taken in
                    defer { taken = true }
                    return taken ? nil : item
                }
            }, record: record)
    }
}
