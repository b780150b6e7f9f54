import Foundation
import Messages
import SpecKit
import Synchronization

/// The hooks and test cases of one run, run by runner processes: a thread of its own starts them, reads their
/// messages and hands them to the run's phases (`RemoteExecution`), which relay them in the stream's order. When a
/// runner process dies in the middle of a test case, the session fails that test case's running step (`StreamRelay`)
/// and starts a new runner process for the test cases left; when it dies anywhere else, the run fails.
///
/// The thread blocks (reading pipes, waiting for the process, waiting for room in the hand-over), never one of
/// Swift's cooperative threads; the phases wait suspended.
///
/// With several workers (`--parallel N`), each is a runner process of its own with a relay thread of its own: each
/// reads only the files of the test cases `WorkerDispatcher` hands it, and runs them; their messages are put
/// together here, the ids each drew for what it ran told apart by a suffix (`-w0`, `-w1`, …).
final class RemoteSession: RemoteExecution {
    private let processes: RunnerProcesses
    /// What the relay threads read, handed to the run's phases: up to 32 reads (each at most 64 KiB of the stream)
    /// wait, decoded; the rest of what a runner process wrote ahead waits undecoded in its `StreamBacklog`, when it
    /// reads ahead.
    private let channel = Handover<Relayed>(capacity: 32)
    /// What a relay thread hands over: the messages read at once, or how every worker ended.
    private enum Relayed: Sendable {
        case envelopes([Envelope])
        case end(RemoteOutcome)
    }

    /// Set when the session ends its runner processes on purpose (the run was cancelled).
    private let cancelled = Mutex<(isCancelled: Bool, running: [Int: RunnerSpawn])>((false, [:]))
    /// How many worker processes the command line asked for (1: one runner process runs every test case).
    private let workers: Int
    /// How many worker processes were started: no more than the run has test cases, once it is known how many.
    private let startedWorkers = Mutex(0)
    /// What each worker process runs, with several.
    private let dispatcher: WorkerDispatcher?
    /// How the workers ended so far, put together: the run ends once every one has.
    private let endings = Mutex<(left: Int, outcome: RemoteOutcome)>((0, RemoteOutcome(failsRun: false)))
    /// Each test case's steps, from the `testCase`s the run emits.
    private let testCaseSteps = Mutex(TestCaseSteps())
    /// The run's ids, to draw a crashed test case's step ids again.
    private let ids: IdSource
    private let everyTestCaseObserved = DispatchSemaphore(value: 0)
    /// What a phase takes: one message, or the end.
    enum Item: Sendable {
        case envelope(Envelope)
        case end(RemoteOutcome)
    }

    /// An item taken and given back (the first `afterAll` hook, the end).
    private let pushedBack = Mutex<Item?>(nil)
    /// Why the first runner process could not start its run, when it could not.
    private let startFailure = Mutex<String?>(nil)

    private let instruction: RunnerInstruction
    /// Whether the only runner process's stream is read as it comes (`StreamBacklog`), for a run whose reports leave
    /// the command a core to spare while it emits the test cases.
    private let readsAhead: Bool

    /// A session of `workers` worker processes (1: one runner process runs every test case), `ids` drawing the ids
    /// the run draws; with several workers, `verdict` and `failFast` decide when every test case handed out from
    /// then on skips its steps. `readsAhead`: the one runner process's stream is read as it comes.
    init(
        processes: RunnerProcesses, instruction: RunnerInstruction, ids: IdSource, workers: Int = 1,
        readsAhead: Bool, verdict: RunVerdict = RunVerdict(), failFast: Bool = false
    ) {
        self.readsAhead = readsAhead
        self.processes = processes
        self.ids = ids
        self.instruction = instruction
        self.workers = max(workers, 1)
        dispatcher =
            workers > 1 ? WorkerDispatcher(workers: workers, verdict: verdict, failFast: failFast) : nil
    }

    /// The ids of a test case's steps, drawn again where the run drew them.
    private func stepIds(ofTestCase id: String) -> [String] {
        testCaseSteps.withLock { $0.stepIds(of: id, ids: ids) }
    }

    /// The run read its specs and will emit `run.testCases` test cases: starts the workers asked for, but never more
    /// than one per test case (`--parallel 256` on three scenarios starts three; one for a run of none, which runs
    /// its hooks), each told what the run read, so that it reads the specs once, as it runs them. Started only now,
    /// they do not read the specs while the run does, on the same cores.
    func planned(_ run: PlannedRun) {
        let started = startWorkers(upTo: max(min(workers, run.testCases), 1), documents: run.documents)
        dispatcher?.limit(workers: started)
    }

    /// Starts workers until `target` run (none once the run ended); returns how many were started in all.
    private func startWorkers(upTo target: Int, documents: DocumentsRead?) -> Int {
        let (range, total) = startedWorkers.withLock { started -> (Range<Int>, Int) in
            let ended = endings.withLock { endings in
                // Every worker started so far has ended: the run is over, and starts none.
                guard started == 0 || endings.left > 0 else { return true }
                endings.left += max(target - started, 0)
                return false
            }
            guard !ended, target > started else { return (started..<started, started) }
            defer { started = target }
            return (started..<target, target)
        }
        for worker in range {
            var instruction = instruction
            instruction.documents = documents
            if dispatcher != nil { instruction.worker = worker }
            let first = instruction
            let thread = Thread { [self] in
                workerEnded(relayProcesses(from: first, worker: dispatcher == nil ? nil : worker))
            }
            thread.name = "spec-runner-relay"
            thread.stackSize = 4 << 20
            thread.start()
        }
        return total
    }

    /// Puts a worker's end with the others'; the last one ends the hand-over. A worker that ended without its run
    /// ending (it could not start, or crashed outside any test case) stops the others: nothing more is handed out.
    private func workerEnded(_ outcome: RemoteOutcome) {
        let combined = endings.withLock { endings -> RemoteOutcome? in
            endings.left -= 1
            endings.outcome.failsRun = endings.outcome.failsRun || outcome.failsRun
            if endings.outcome.exception == nil { endings.outcome.exception = outcome.exception }
            return endings.left == 0 ? endings.outcome : nil
        }
        if let combined { channel.put(.end(combined)) }
    }

    /// Why no runner process could run the run (it could not be started, or it ended before its run began, saying
    /// why on standard error); nil once one ran.
    var failureToStart: String? { startFailure.withLock { $0 } }

    // MARK: - The run's phases

    func runHooks(_ kind: HookKind, count: Int, emit: @escaping @Sendable (Envelope) -> Void) async
        -> (hookId: String, message: String)?
    {
        guard count > 0 else { return nil }
        // Every worker process runs the run's hooks.
        let count = count * startedWorkers.withLock { $0 }
        var finished = 0
        var hooks: [String: String] = [:]
        var failure: (hookId: String, message: String)?
        while finished < count {
            let item = await next()
            guard case .envelope(let envelope) = item else {
                giveBack(item)
                break
            }
            emit(envelope)
            if case .testRunHookStarted(let started) = envelope { hooks[started.id] = started.hookId }
            if case .testRunHookFinished(let hookFinished) = envelope {
                finished += 1
                if hookFinished.result.status == .failed, failure == nil {
                    failure = (
                        hooks[hookFinished.testRunHookStartedId] ?? "", hookFinished.result.message ?? "failed"
                    )
                }
            }
        }
        return failure
    }

    func execute(until afterAllHooks: Set<String>, emit: @escaping @Sendable (Envelope) -> Void) async {
        while true {
            let item = await next()
            guard case .envelope(let envelope) = item else {
                giveBack(item)
                return
            }
            if case .testRunHookStarted(let started) = envelope, afterAllHooks.contains(started.hookId) {
                giveBack(item)
                return
            }
            emit(envelope)
        }
    }

    func observe(_ testCase: TestCase, idStart: Int, exclusive: Bool, tags: [String], origin: PickleOrigin?) {
        testCaseSteps.withLock { $0.add(id: testCase.id, position: idStart, count: testCase.testSteps.count) }
        dispatcher?.observe(testCase, idStart: idStart, exclusive: exclusive, tags: tags, origin: origin)
    }

    func observedEveryTestCase() {
        everyTestCaseObserved.signal()
        dispatcher?.observedEveryTestCase()
    }

    func finish() async -> RemoteOutcome {
        while true {
            // Past the last phase only the end is left.
            if case .end(let outcome) = await next() { return outcome }
        }
    }

    /// The next item, waiting for it; cancelling the waiting task ends the runner process (its end follows).
    private func next() async -> Item {
        if let item = pushedBack.withLock({ item in
            defer { item = nil }; return item
        }) {
            return item
        }
        if let envelope = batch.withLock({ $0.next() }) { return .envelope(envelope) }
        // Nothing finishes the hand-over: its end is an item.
        let taken = await withTaskCancellationHandler {
            await channel.next() ?? .end(RemoteOutcome(failsRun: true))
        } onCancel: {
            cancel()
        }
        switch taken {
        case .envelopes(let envelopes):
            batch.withLock { $0 = Batch(envelopes: envelopes) }
            return await next()
        case .end(let outcome):
            return .end(outcome)
        }
    }

    /// The envelopes of the batch taken last, not yet handed to a phase.
    private struct Batch: Sendable {
        var envelopes: [Envelope] = []
        var index = 0

        mutating func next() -> Envelope? {
            guard index < envelopes.count else { return nil }
            defer { index += 1 }
            return envelopes[index]
        }
    }

    private let batch = Mutex(Batch())

    private func giveBack(_ item: Item) {
        pushedBack.withLock { $0 = item }
    }

    private func cancel() {
        let running = cancelled.withLock { state in
            state.isCancelled = true
            return Array(state.running.values)
        }
        dispatcher?.stop()
        for spawn in running { spawn.terminate() }
    }

    // MARK: - The runner processes

    /// Runs `first` in runner processes, one after another while one dies in a test case, handing every message
    /// over; returns how it ended. `worker` numbers a worker process of a parallel run (nil: the only one).
    private func relayProcesses(from first: RunnerInstruction, worker: Int?) -> RemoteOutcome {
        var instruction = first
        var relay = StreamRelay(worker: worker)
        let slot = worker ?? 0
        // A worker that ends without its run ending stops the others: nothing more is handed out.
        func stopped(_ outcome: RemoteOutcome) -> RemoteOutcome {
            dispatcher?.stop()
            return outcome
        }
        while true {
            guard !RunnerProcesses.isStopping.load(ordering: .sequentiallyConsistent) else {
                return stopped(RemoteOutcome(failsRun: true))
            }
            let encoded: Data
            let spawn: RunnerSpawn
            let journal = StreamJournal.make()
            do {
                encoded = try JSONEncoder().encode(instruction)
                spawn = try RunnerSpawn.start(
                    executable: RunnerSpawn.executablePath, arguments: processes.arguments,
                    environment: processes.childEnvironment(), dispatching: dispatcher != nil,
                    journal: journal?.fileDescriptor)
            } catch {
                if relay.generation == 0 { startFailure.withLock { $0 = $0 ?? String(describing: error) } }
                return stopped(RemoteOutcome(failsRun: true))
            }
            RunnerProcesses.running.withLock { $0[spawn.pid] = spawn }
            let wasCancelled = cancelled.withLock { state in
                state.running[slot] = spawn
                return state.isCancelled
            }
            if wasCancelled { spawn.terminate() }
            dispatcher?.attach(worker: slot, pipe: spawn.dispatch)
            let errors = ForwardedErrors(descriptor: spawn.standardError)
            let stopWatch = StoppedRunnerWatch(pid: spawn.pid)
            spawn.send(encoded)
            var pending: [Envelope] = []
            func handOver(_ envelopes: [Envelope]) {
                for envelope in envelopes {
                    if let relayed = relay.relay(envelope) { pending.append(relayed) }
                }
                if !pending.isEmpty {
                    // Handed over before the dispatcher sees them: the last test case's messages come before any
                    // worker is told to end and runs its `afterAll` hooks.
                    channel.put(.envelopes(pending))
                    dispatcher?.saw(pending, worker: slot)
                    pending.removeAll(keepingCapacity: true)
                }
            }
            var reader = StreamReader()
            var readFailure: String?
            // The only runner process's stream is read as it comes, so that it runs on while the run emits its
            // `testCase`s (`readsAhead`: 0.86x the time at 10x). A worker is handed a few test cases at a time and
            // could not run far ahead: its pipe is read here as the relay goes (a reading thread more for each cost
            // 1.04-1.07x).
            let backlog = StreamBacklog(reading: spawn.stream, ahead: readsAhead && dispatcher == nil)
            while readFailure == nil, let piece = backlog.next() {
                readFailure = piece.withUnsafeBytes { reader.read($0, handOver) }
            }
            readFailure = readFailure ?? backlog.failure
            backlog.stopTaking()
            if readFailure != nil { spawn.terminate() }
            let ending = spawn.wait()
            let stoppedBy = stopWatch.finish()
            if readFailure == nil, let journal {
                // What the process wrote and the pipe did not carry, up to the step it died in.
                let tail = journal.bytes(after: reader.received)
                readFailure = tail.withUnsafeBytes { reader.read($0, handOver) }
            }
            dispatcher?.detach(worker: slot)
            RunnerProcesses.running.withLock { _ = $0.removeValue(forKey: spawn.pid) }
            let tail = errors.finish().text
            let isCancelled = cancelled.withLock { state in
                state.running[slot] = nil
                return state.isCancelled
            }
            // Cancelled, or interrupted with the command (Ctrl-C reaches the whole process group): what ran is told,
            // and nothing is made up for the rest. A runner process that alone got SIGINT or SIGTERM (a step sent it
            // to its own process) ended in its step, as a crash does.
            let interrupted =
                (ending == .signalled(SIGINT) || ending == .signalled(SIGTERM)) && relay.finished == nil
                && Interrupts.interruptArrives(within: .milliseconds(500))
            if isCancelled || RunnerProcesses.isStopping.load(ordering: .sequentiallyConsistent) || interrupted {
                return stopped(RemoteOutcome(failsRun: true))
            }
            if let finished = relay.finished {
                // Everything ran; a process that died after it (in an exit handler) still fails the run.
                if ending != .exited(0) {
                    let crash = CrashReport(ending: ending, standardError: tail, root: processes.root, inStep: false)
                    StandardStreams.writeError("the runner process ended badly after its run: \(crash.message)\n")
                }
                // What failed the run there beyond the step library (which the run checks itself): an issue
                // recorded off every step's task.
                let exception = finished.exception?.type == "StepLibraryError" ? nil : finished.exception
                return RemoteOutcome(failsRun: !finished.success || ending != .exited(0), exception: exception)
            }
            if relay.generation == 0 && !relay.relayedAny && ending != .signalled(SIGKILL) {
                let status: String
                switch ending {
                case .exited(let code): status = "exit status \(code)"
                case .signalled(let signal): status = "signal \(signal)"
                }
                // What it said last is why (a refused option, a file it could not read).
                let said = tail.split(separator: "\n").last.map { ": \($0)" } ?? ""
                startFailure.withLock {
                    $0 =
                        $0
                        ?? "the runner process ended before its run began (\(status))\(said)"
                        + (readFailure.map { "; \($0)" } ?? "")
                }
                return stopped(RemoteOutcome(failsRun: true))
            }
            let inTestCase = relay.hasOpenTestCase
            let crash = CrashReport(
                ending: readFailure == nil ? ending : .exited(-1),
                standardError: readFailure.map { tail + "\n" + $0 } ?? tail, root: processes.root,
                stoppedBy: stoppedBy, inStep: inTestCase)
            // The run emits its `testCase`s while the first runner process already runs: the crashed test case's
            // steps are known once they are all out (a minute at most, should the run have stopped before them).
            if inTestCase { _ = everyTestCaseObserved.wait(timeout: .now() + 60) }
            let ended = relay.crashed(crash, at: .now, steps: stepIds(ofTestCase:))
            channel.put(.envelopes(ended))
            if inTestCase { everyTestCaseObserved.signal() }
            guard inTestCase else {
                // Outside any test case (a run hook, between scenarios): a new process would end the same way.
                let exception = Exception(
                    type: "Crash", message: "the runner process ended outside any scenario: " + crash.message,
                    stackTrace: Exception.stackTrace(crash.frames))
                return stopped(RemoteOutcome(failsRun: true, exception: exception))
            }
            // The crashed test case is finished; the worker's next process is handed the rest of what it had.
            dispatcher?.saw(ended, worker: slot)
            instruction.resume = ResumePoint(
                skippedTestCaseIds: dispatcher == nil ? relay.told : [], runHasFailed: true)
            relay.nextProcess()
        }
    }
}
