import Foundation
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

    /// Runs every test case of `queue` on one worker per element of `workerIds`, each element the id the worker
    /// puts in its messages (as parallel runs do) or nil. Test cases of the same exclusive group (see
    /// `ExclusiveGroups`) never run at the same time, not even beside a body that overran its timeout and still
    /// runs: a worker that cannot start one runs another meanwhile.
    func run(
        _ queue: TestCaseQueue, workerIds: [String?], ids: IdSource, emit: @escaping @Sendable (Envelope) -> Void
    ) async {
        let groups = environment.exclusiveGroups
        let queue = !groups.isEmpty ? queue.keepingApart(groups) : queue
        await withTaskGroup(of: Void.self) { group in
            for workerId in workerIds.isEmpty ? [nil] : workerIds {
                let context = AttemptContext(skipAll: false, workerId: workerId, ids: ids)
                group.addTask { await self.work(queue, context: context, emit: emit, alone: false) }
            }
        }
    }

    /// One worker: runs the test cases of `queue` until it is empty. `alone` (a scenario run by itself, as the
    /// Swift Testing bridge runs each) makes each test case hold its exclusive groups in the process's
    /// `ExclusiveGate` while it runs.
    func work(
        _ queue: TestCaseQueue, context: AttemptContext, emit: @escaping @Sendable (Envelope) -> Void,
        alone: Bool = true
    ) async {
        let groups = environment.exclusiveGroups
        let queue = alone && !groups.isEmpty ? queue.gated(by: .shared, groups: groups) : queue
        while true {
            let watched = WorkerTask<World>(limit: environment.configuration.stepTimeout, emit: emit)
            let ending = await watched.run { [runner, environment] in
                let watchedEmit: @Sendable (Envelope) -> Void = { watched.emit($0) }
                while let item = await queue.take() {
                    var attemptContext = context
                    attemptContext.skipAll = item.skipAll || queue.skipsAll()
                    var number = item.firstAttempt
                    while true {
                        let attempt = attemptContext.attempt(
                            item.testCase, number: number, retry: environment.retries(for: item.testCase.info),
                            emit: watchedEmit)
                        guard let outcome = await runner.run(attempt, in: watched) else { return }
                        number += 1
                        if outcome.willBeRetried { continue }
                        queue.finish(item, environment.outcome(item.testCase.info, last: outcome, attempts: number))
                        break
                    }
                }
            }
            // `.finished`: the queue is empty. (`.timedOut` is the ending of a body of no attempt, which a worker
            // never runs: every body of an attempt hands its state over.)
            guard case .abandoned(let attempt, let handover, let outcome, let failsWorld, let task) = ending else {
                return
            }
            let last = await runner.completeAbandoned(
                attempt.emitting(to: emit), state: handover, outcome: outcome, failsWorld: failsWorld)
            let item = TestCaseQueue.Item(
                testCase: attempt.prepared, skipAll: attempt.skipAll, firstAttempt: attempt.number + 1)
            // A test case of an exclusive group keeps its groups until the body that overran has really returned:
            // the next one of its group would otherwise run beside it.
            let holdsGroup = !groups.names(ofTags: attempt.prepared.info.tags).isEmpty
            let result = environment.outcome(attempt.prepared.info, last: last, attempts: item.firstAttempt)
            if last.willBeRetried {
                if holdsGroup, let task { await waitForAbandoned(task, of: attempt.prepared.info) }
                await work(
                    .single(item, record: queue.record, finished: queue.finished), context: context, emit: emit,
                    alone: false)
            } else if holdsGroup, let task {
                queue.record(result)
                Task { [self] in
                    await waitForAbandoned(task, of: attempt.prepared.info)
                    queue.finished(item)
                }
            } else {
                queue.finish(item, result)
            }
        }
    }

    /// Waits until the abandoned `task` (a body of `scenario` that overran its timeout) has returned, for at most
    /// `abandonedBodyGrace`; past that, says on standard error that its exclusive groups are given back anyway, so
    /// that a body that never returns cannot hold the run for ever.
    private func waitForAbandoned(_ task: Task<Void, Never>, of scenario: ScenarioInfo) async {
        let grace = Self.abandonedBodyGrace(stepTimeout: environment.configuration.stepTimeout)
        guard await AbandonedBody.waitForReturn(of: task, atMost: grace) else {
            AbandonedBody.warn(
                "the step of \(scenario.description) that overran its timeout has still not returned "
                    + "\(Timeout.describe(grace)) later: its exclusive group is given back while it runs")
            return
        }
    }

    /// How long an exclusive group waits for a body that overran its timeout: ten timeouts, at least a minute.
    static func abandonedBodyGrace(stepTimeout: Duration) -> Duration {
        max(.seconds(60), stepTimeout * 10)
    }
}

/// A body abandoned on its timeout, still running in its task.
enum AbandonedBody {
    /// Whether `task` returned within `limit` (false: it still runs); never waits longer than `limit`.
    static func waitForReturn(of task: Task<Void, Never>, atMost limit: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let once = Locked<CheckedContinuation<Bool, Never>?>(continuation)
            let resume: @Sendable (Bool) -> Void = { returned in
                let taken = once.withLock { pending in
                    defer { pending = nil }
                    return pending
                }
                taken?.resume(returning: returned)
            }
            let timer = Task {
                try? await Task.sleep(for: limit)
                resume(false)
            }
            Task {
                await task.value
                resume(true)
                timer.cancel()
            }
        }
    }

    static func warn(_ text: String) {
        FileHandle.standardError.write(Data("warning: \(text)\n".utf8))
    }
}
