import Foundation
import Messages
import SpecKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands the test cases of a parallel run to its worker processes, a few at a time each, in the run's order, as
/// the run emits their `testCase`s and as the workers finish them (seen in their relayed messages).
///
/// - Each worker is handed test cases further down the run's order than the ones before (it walks the run once,
///   unless told where each test case's pickle is: then it reads only their files). While many are left, a worker
///   is handed a file's next test cases with the first, so that each file is read by one worker.
/// - The test cases of exclusive groups all go to worker 0, which runs one at a time: no two of a group overlap.
/// - After a test case fails the run, with fail-fast, every test case handed out skips its steps.
/// - A worker process that crashed is replaced: the new one is handed again what the old one was handed and did
///   not finish.
/// - A worker is told when there are none left for it (`done`), and it finishes what it holds (an exclusive test
///   case it set aside, waiting for a body that overran its timeout). Once every test case has finished, every
///   worker's pipe is closed: every `afterAll` hook starts after the last test case of every worker.
final class WorkerDispatcher: Sendable {
    /// A test case of the run (kept small: the run emits every one before the workers can run many).
    struct Entry: Sendable {
        let dispatched: DispatchedTestCase
        let testCaseId: String
        /// Whether its scenario is work in progress, whose failure does not fail the run.
        let workInProgress: Bool
    }

    private struct Worker {
        /// The write end of its pipe; -1 while it has no process.
        var pipe: Int32 = -1
        /// Whether a process of it has started: nothing is handed out before every worker has one, so that the
        /// first to start does not take the first test cases of a small run all to itself.
        var started = false
        /// Whether it was told there are none left for it.
        var toldDone = false
        /// What it was handed and has not finished, in order.
        var handed: [Entry] = []
        /// Its attempts running: the test case and the worst status so far, by `testCaseStarted` id.
        var attempts: [String: (testCaseId: String, worst: TestStepResultStatus)] = [:]
    }

    private struct State {
        var open: [Entry] = []
        var openNext = 0
        var exclusive: [Entry] = []
        var exclusiveNext = 0
        /// How many test cases the run emitted.
        var observed = 0
        var workers: [Worker]
        var everyTestCaseObserved = false
        var failed = false
        var ended = false
    }

    /// How many test cases a worker holds at most by default: one running, the next ones prepared meanwhile. 16
    /// keeps a worker of quick scenarios from waiting on the command between two (against 3: 2 workers 1.07× the
    /// time of one instead of 1.25×, no-op steps; 64 is no faster).
    static let defaultHandedAhead = 16

    private let state: Mutex<State>
    private let verdict: RunVerdict
    private let failFast: Bool
    /// How many test cases a worker holds at most.
    private let handedAhead: Int

    /// A dispatcher for `workers` workers, each holding at most `handedAhead` test cases; `verdict` and `failFast`
    /// decide when what is handed out skips its steps.
    init(workers: Int, verdict: RunVerdict, failFast: Bool, handedAhead: Int = WorkerDispatcher.defaultHandedAhead) {
        state = Mutex(State(workers: Array(repeating: Worker(), count: workers)))
        self.verdict = verdict
        self.failFast = failFast
        self.handedAhead = max(handedAhead, 1)
    }

    /// A test case the run emitted (in the run's order).
    func observe(_ testCase: TestCase, idStart: Int, exclusive: Bool, tags: [String], origin: PickleOrigin? = nil) {
        state.withLock { state in
            let entry = Entry(
                dispatched: DispatchedTestCase(
                    ordinal: state.observed, idStart: idStart, skipAll: false, origin: origin),
                testCaseId: testCase.id, workInProgress: verdict.isWorkInProgress(tags))
            state.observed += 1
            if exclusive { state.exclusive.append(entry) } else { state.open.append(entry) }
            pump(&state)
        }
    }

    /// Only the first `count` workers run (the run has fewer test cases than workers were asked for): the others are
    /// never started, and nothing waits for them.
    func limit(workers count: Int) {
        state.withLock { state in
            guard count >= 1, count < state.workers.count else { return }
            state.workers.removeLast(state.workers.count - count)
            pump(&state)
        }
    }

    /// Every test case was emitted.
    func observedEveryTestCase() {
        state.withLock { state in
            state.everyTestCaseObserved = true
            pump(&state)
        }
    }

    /// Worker `worker`'s new process reads its test cases from `pipe` (the write end, closed by the dispatcher):
    /// it is handed again what an earlier process of this worker was handed and did not finish.
    func attach(worker: Int, pipe: Int32) {
        state.withLock { state in
            guard !state.ended else {
                close(pipe)
                return
            }
            state.workers[worker].pipe = pipe
            state.workers[worker].started = true
            state.workers[worker].toldDone = false
            state.workers[worker].attempts = [:]
            for entry in state.workers[worker].handed { hand(entry, to: pipe, skipAll: state.failed && failFast) }
            pump(&state)
        }
    }

    /// Worker `worker`'s process ended: nothing more is handed to it until a new one attaches.
    func detach(worker: Int) {
        state.withLock { state in
            if state.workers[worker].pipe >= 0 { close(state.workers[worker].pipe) }
            state.workers[worker].pipe = -1
        }
    }

    /// Tells every worker there is nothing more (the run stops: a worker ended outside any test case, or the run
    /// was cancelled).
    func stop() {
        state.withLock { state in end(&state) }
    }

    /// Messages worker `worker` ran, as relayed: its finished test cases make room for more.
    func saw(_ envelopes: [Envelope], worker: Int) {
        state.withLock { state in
            var finishedAny = false
            for envelope in envelopes {
                switch envelope {
                case .testCaseStarted(let started):
                    state.workers[worker].attempts[started.id] = (started.testCaseId, .passed)
                case .testStepFinished(let finished):
                    if let attempt = state.workers[worker].attempts[finished.testCaseStartedId] {
                        state.workers[worker].attempts[finished.testCaseStartedId]?.worst = max(
                            attempt.worst, finished.testStepResult.status)
                    }
                case .testCaseFinished(let finished):
                    guard let attempt = state.workers[worker].attempts.removeValue(forKey: finished.testCaseStartedId),
                        !finished.willBeRetried
                    else { continue }
                    guard
                        let index = state.workers[worker].handed.firstIndex(where: {
                            $0.testCaseId == attempt.testCaseId
                        })
                    else { continue }
                    let entry = state.workers[worker].handed.remove(at: index)
                    if !entry.workInProgress && verdict.failsRun(attempt.worst, tags: [String]()) {
                        state.failed = true
                    }
                    finishedAny = true
                default:
                    break
                }
            }
            if finishedAny { pump(&state) }
        }
    }

    /// Hands out what can be handed out; ends the workers once every test case has finished.
    private func pump(_ state: inout State) {
        guard !state.ended, state.workers.allSatisfy(\.started) else { return }
        // Round by round, so that each worker gets one before any gets a second; near the end of the run, fewer
        // ahead, so that no worker holds many test cases while another has none left. While many are left, a
        // worker gets the next test cases of a file with the first (`PickleOrigin`): each file is read by one worker.
        var ahead = handedAhead
        var byFile = true
        if state.everyTestCaseObserved {
            let left = (state.open.count - state.openNext) + (state.exclusive.count - state.exclusiveNext)
            ahead = min(handedAhead, max(1, left / state.workers.count + 1))
            byFile = left > state.workers.count * handedAhead
        }
        for depth in 1...ahead {
            for index in state.workers.indices
            where state.workers[index].pipe >= 0 && state.workers[index].handed.count < depth {
                guard var entry = take(for: index, &state) else { continue }
                while true {
                    state.workers[index].handed.append(entry)
                    hand(entry, to: state.workers[index].pipe, skipAll: state.failed && failFast)
                    // The next test cases of the same file go with it (up to `ahead`), when they are next for this
                    // worker anyway: it reads that file alone, and the other workers need not read it.
                    guard byFile, state.workers[index].handed.count < ahead, let file = entry.dispatched.origin?.file,
                        peek(for: index, state)?.entry.dispatched.origin?.file == file,
                        let taken = take(for: index, &state)
                    else { break }
                    entry = taken
                }
            }
        }
        guard state.everyTestCaseObserved else { return }
        let exclusiveLeft = state.exclusiveNext < state.exclusive.count
        let openLeft = state.openNext < state.open.count
        for index in state.workers.indices
        where state.workers[index].pipe >= 0 && !state.workers[index].toldDone && !openLeft
            && (index != 0 || !exclusiveLeft)
        {
            state.workers[index].toldDone = true
            send(PipeDispatch.doneLine, to: state.workers[index].pipe)
        }
        if !openLeft && !exclusiveLeft && state.workers.allSatisfy(\.handed.isEmpty) {
            end(&state)
        }
    }

    /// The next test case for worker `worker`, and whether it belongs to an exclusive group: worker 0 takes the
    /// first of the run's order, the others the first that belongs to no exclusive group.
    private func peek(for worker: Int, _ state: State) -> (entry: Entry, isExclusive: Bool)? {
        let open = state.openNext < state.open.count ? state.open[state.openNext] : nil
        let exclusive =
            worker == 0 && state.exclusiveNext < state.exclusive.count ? state.exclusive[state.exclusiveNext] : nil
        if let exclusive, open.map({ exclusive.dispatched.ordinal < $0.dispatched.ordinal }) ?? true {
            return (exclusive, true)
        }
        return open.map { ($0, false) }
    }

    /// Takes the next test case for worker `worker` (`peek(for:_:)`).
    private func take(for worker: Int, _ state: inout State) -> Entry? {
        guard let (entry, isExclusive) = peek(for: worker, state) else { return nil }
        if isExclusive {
            state.exclusiveNext += 1
            compact(&state.exclusive, &state.exclusiveNext)
        } else {
            state.openNext += 1
            compact(&state.open, &state.openNext)
        }
        return entry
    }

    /// Drops the entries handed out from the front of `entries` now and then.
    private func compact(_ entries: inout [Entry], _ next: inout Int) {
        if next >= 4096 && next * 2 >= entries.count {
            entries.removeFirst(next)
            next = 0
        }
    }

    private func end(_ state: inout State) {
        guard !state.ended else { return }
        state.ended = true
        for index in state.workers.indices where state.workers[index].pipe >= 0 {
            close(state.workers[index].pipe)
            state.workers[index].pipe = -1
        }
    }

    private func hand(_ entry: Entry, to pipe: Int32, skipAll: Bool) {
        var dispatched = entry.dispatched
        dispatched.skipAll = skipAll
        send(PipeDispatch.line(dispatched), to: pipe)
    }

    private func send(_ line: [UInt8], to pipe: Int32) {
        line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(pipe, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                // The worker is gone: its end is told by its relay, which hands this again to the next one.
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
