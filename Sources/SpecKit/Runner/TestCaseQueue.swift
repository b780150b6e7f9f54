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
    let record: @Sendable (ScenarioResult) -> Void

    /// A queue of one test case.
    static func single(_ item: Item, record: @escaping @Sendable (ScenarioResult) -> Void) -> TestCaseQueue {
        let taken = Locked(false)
        return TestCaseQueue(
            take: {
                taken.withLock { taken in
                    defer { taken = true }
                    return taken ? nil : item
                }
            }, record: record)
    }

    /// This queue with the test cases of each exclusive group kept apart: a test case whose group has one running
    /// waits, set aside, while the workers take the next ones; it is taken as soon as its groups are free.
    func keepingApart(_ groups: ExclusiveGroups) -> TestCaseQueue {
        let scheduler = ExclusiveScheduler(source: self, groups: groups)
        return TestCaseQueue(take: { await scheduler.take() }, record: { scheduler.record($0) })
    }
}
