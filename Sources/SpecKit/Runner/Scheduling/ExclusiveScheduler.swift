import Synchronization

/// Hands out the test cases of a queue so that two of the same exclusive group never run at once, without idling
/// a worker while some other test case could run.
///
/// A worker asking for a test case gets, in order: the first test case set aside whose groups are all free, else
/// the next one of the source queue (a test case of a busy group is set aside and the next one is taken), else,
/// once the source is empty and only set-aside test cases are left, it waits (suspended, holding no thread) until
/// a running one of their groups has finished. A test case holds its groups from when it is taken until it has
/// finished (after its retries).
final class ExclusiveScheduler: Sendable {
    private struct Waiting {
        let item: TestCaseQueue.Item
        let groups: [Int]
    }

    private struct State {
        /// The groups with a test case running.
        var busy = Set<Int>()
        /// The groups each running exclusive test case holds, by pickle id.
        var holders: [String: [Int]] = [:]
        /// Test cases set aside because one of their groups was busy, in the order they came.
        var waiting: [Waiting] = []
        /// Whether the source queue has returned nil.
        var sourceIsEmpty = false
        /// Counts the releases (and the end of the source), so a worker can tell whether one happened while it
        /// was deciding to wait.
        var generation = 0
        /// Workers waiting for a release.
        var sleepers: [CheckedContinuation<Void, Never>] = []
    }

    private enum Next {
        case item(TestCaseQueue.Item)
        case pull
        case wait(generation: Int)
        case end
    }

    private let source: TestCaseQueue
    private let groups: ExclusiveGroups
    private let state = Mutex(State())

    init(source: TestCaseQueue, groups: ExclusiveGroups) {
        self.source = source
        self.groups = groups
    }

    /// The next test case that may run now, waiting when every one left must wait; nil when none is left.
    func take() async -> TestCaseQueue.Item? {
        while true {
            switch nextStep() {
            case .item(let item):
                return item
            case .end:
                return nil
            case .pull:
                guard let item = await source.take() else {
                    wakeSleepers { $0.sourceIsEmpty = true }
                    continue
                }
                let itemGroups = groups.groups(ofTags: item.testCase.info.tags)
                if itemGroups.isEmpty { return item }
                let taken = state.withLock { state in
                    guard itemGroups.allSatisfy({ !state.busy.contains($0) }) else {
                        state.waiting.append(Waiting(item: item, groups: itemGroups))
                        return false
                    }
                    Self.hold(itemGroups, for: item, in: &state)
                    return true
                }
                if taken { return item }
            case .wait(let generation):
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let resumeNow = state.withLock { state in
                        guard state.generation == generation else { return true }
                        state.sleepers.append(continuation)
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            }
        }
    }

    /// Frees the groups of a test case that has finished and wakes the waiting workers.
    func release(_ item: TestCaseQueue.Item) {
        wakeSleepers { state in
            guard let held = state.holders.removeValue(forKey: item.testCase.info.pickleId) else { return }
            state.busy.subtract(held)
        }
    }

    /// What a worker asking for a test case does next.
    private func nextStep() -> Next {
        state.withLock { state in
            if let index = state.waiting.firstIndex(where: { $0.groups.allSatisfy { !state.busy.contains($0) } }) {
                let waiting = state.waiting.remove(at: index)
                Self.hold(waiting.groups, for: waiting.item, in: &state)
                return .item(waiting.item)
            }
            if !state.sourceIsEmpty { return .pull }
            return state.waiting.isEmpty ? .end : .wait(generation: state.generation)
        }
    }

    private static func hold(_ groups: [Int], for item: TestCaseQueue.Item, in state: inout State) {
        state.busy.formUnion(groups)
        state.holders[item.testCase.info.pickleId] = groups
    }

    /// Changes the state, counts a new generation and resumes every waiting worker (each then looks again).
    private func wakeSleepers(_ change: (inout State) -> Void) {
        let sleepers = state.withLock { state in
            change(&state)
            state.generation += 1
            defer { state.sleepers.removeAll() }
            return state.sleepers
        }
        for sleeper in sleepers { sleeper.resume() }
    }
}
