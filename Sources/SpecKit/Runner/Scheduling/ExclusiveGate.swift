import Synchronization

/// The exclusive groups held by the scenarios run one at a time (the Swift Testing bridge runs each scenario as a
/// test case of its own, many at once): a scenario waits, suspended, until no other holds any of its groups. One
/// gate for the whole process, the groups named by their tag expression's text, so that the runners of several
/// variants of a suite keep their scenarios apart too.
///
/// A whole run does not use it: its `ExclusiveScheduler` keeps its workers' scenarios apart without idling them.
final class ExclusiveGate: Sendable {
    private struct Waiter {
        let groups: [String]
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var busy = Set<String>()
        var waiters: [Waiter] = []
    }

    /// The gate of the process.
    static let shared = ExclusiveGate()

    private let state = Mutex(State())

    /// Takes `groups` once none is held, waiting (suspended) meanwhile; waiters are served in the order they came
    /// when their groups are free.
    func acquire(_ groups: [String]) async {
        guard !groups.isEmpty else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let takenNow = state.withLock { state in
                guard state.waiters.isEmpty, groups.allSatisfy({ !state.busy.contains($0) }) else {
                    state.waiters.append(Waiter(groups: groups, continuation: continuation))
                    return false
                }
                state.busy.formUnion(groups)
                return true
            }
            if takenNow { continuation.resume() }
        }
    }

    /// Gives `groups` back and lets in the waiters whose groups are now all free, in order.
    func release(_ groups: [String]) {
        guard !groups.isEmpty else { return }
        let admitted = state.withLock { state in
            state.busy.subtract(groups)
            var admitted: [CheckedContinuation<Void, Never>] = []
            var index = 0
            while index < state.waiters.count {
                let waiter = state.waiters[index]
                if waiter.groups.allSatisfy({ !state.busy.contains($0) }) {
                    state.busy.formUnion(waiter.groups)
                    admitted.append(waiter.continuation)
                    state.waiters.remove(at: index)
                } else {
                    index += 1
                }
            }
            return admitted
        }
        for continuation in admitted { continuation.resume() }
    }
}
