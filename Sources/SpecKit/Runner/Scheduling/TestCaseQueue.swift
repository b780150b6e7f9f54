import Messages

/// Where workers take their test cases and record their results.
struct TestCaseQueue: Sendable {
    struct Item: Sendable {
        let testCase: PreparedTestCase
        /// Whether every step is skipped (fail-fast after a failure).
        let skipAll: Bool
        /// The attempt number to start at (above 0 when earlier attempts ran elsewhere).
        let firstAttempt: Int
    }

    /// The next test case to run, waiting for it; nil when there is none left.
    let take: @Sendable () async -> Item?
    /// Records the result of a test case taken (after its last attempt).
    let record: @Sendable (TestCaseOutcome) -> Void
    /// Told that a test case taken has finished (after its last attempt), before its result is recorded.
    var finished: @Sendable (Item) -> Void = { _ in }
    /// Whether a test case a worker starts now skips every step (fail-fast after a failure): asked when it starts,
    /// not when it was taken, so a test case set aside meanwhile (an exclusive scenario waiting for its group) is
    /// skipped too.
    var skipsAll: @Sendable () -> Bool = { false }

    /// Tells the queue that `item` has finished with `outcome`: `finished`, then `record`.
    func finish(_ item: Item, _ outcome: TestCaseOutcome) {
        finished(item)
        record(outcome)
    }

    /// A queue of one test case.
    static func single(
        _ item: Item, record: @escaping @Sendable (TestCaseOutcome) -> Void,
        finished: @escaping @Sendable (Item) -> Void = { _ in }
    ) -> TestCaseQueue {
        let taken = Locked(false)
        return TestCaseQueue(
            take: {
                taken.withLock { taken in
                    defer { taken = true }
                    return taken ? nil : item
                }
            }, record: record, finished: finished)
    }

    /// This queue with each test case taken holding its exclusive groups in `gate` until it has finished (waiting,
    /// suspended, while another holds one of them): for scenarios run one at a time, each on a queue of its own.
    func gated(by gate: ExclusiveGate, groups: ExclusiveGroups) -> TestCaseQueue {
        TestCaseQueue(
            take: {
                guard let item = await take() else { return nil }
                await gate.acquire(groups.names(ofTags: item.testCase.info.tags))
                return item
            }, record: record,
            finished: { item in
                gate.release(groups.names(ofTags: item.testCase.info.tags))
                finished(item)
            }, skipsAll: skipsAll)
    }

    /// This queue with the test cases of each exclusive group kept apart: a test case whose group has one running
    /// waits, set aside, while the workers take the next ones; it is taken as soon as its groups are free.
    func keepingApart(_ groups: ExclusiveGroups) -> TestCaseQueue {
        let scheduler = ExclusiveScheduler(source: self, groups: groups)
        return TestCaseQueue(
            take: { await scheduler.take() }, record: record,
            finished: { item in
                scheduler.release(item)
                finished(item)
            }, skipsAll: skipsAll)
    }
}
