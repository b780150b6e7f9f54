import Messages

/// The test cases: their attempts, which attempt counts, retries and flaky ones, the test cases held.
extension RunQuery {
    /// Every attempt, in the order they started (when streaming, those of the test cases still held).
    public var attempts: [TestCaseAttempt] {
        if retention == .everything { return allAttempts }
        return runs.values.flatMap(\.attempts).sorted { $0.index < $1.index }
    }

    /// The run history outcome of `run`'s scenario.
    func historyOutcome(of run: TestCaseRun) -> (outcome: RunHistory.Outcome, pickleId: String)? {
        guard let attempt = run.counted, let pickle = run.pickle else { return nil }
        return (RunHistory.outcome(of: attempt, in: self), pickle.id)
    }

    /// Test step ids to their test case and position, built on demand (formatters rarely need it).
    private var testStepById: [String: (testCaseId: String, index: Int)] {
        while indexedTestCaseCount < testCaseOrderById.count {
            if let testCase = testCasesById[testCaseOrderById[indexedTestCaseCount]] {
                for (index, step) in testCase.testSteps.enumerated() {
                    testStepIndex[step.id] = (testCase.id, index)
                }
            }
            indexedTestCaseCount += 1
        }
        return testStepIndex
    }

    /// The test case with `id` (when streaming, only one still running).
    public func testCase(id: String) -> TestCase? {
        testCasesById[id] ?? runs[id]?.testCase
    }

    /// The test case and position of the test step with `id`.
    public func testStep(id: String) -> (testCase: TestCase, index: Int)? {
        if retention == .streaming {
            for run in runs.values {
                if let index = run.testCase.testSteps.firstIndex(where: { $0.id == id }) {
                    return (run.testCase, index)
                }
            }
            return nil
        }
        guard let location = testStepById[id], let testCase = testCasesById[location.testCaseId] else { return nil }
        return (testCase, location.index)
    }

    /// The attempt with `id` (a `TestCaseStarted` id).
    public func attempt(id: String) -> TestCaseAttempt? {
        attemptById[id]
    }

    /// The attempts that count: the last attempt of each test case, in the order the test cases first started
    /// (when streaming, those of the test cases still held).
    public var countedAttempts: [TestCaseAttempt] {
        let held = retention == .everything ? allRuns : runs.values.sorted { $0.ordinal < $1.ordinal }
        return held.compactMap(\.counted)
    }

    /// Whether `attempt` counts (it is the last attempt of its test case).
    public func counts(_ attempt: TestCaseAttempt) -> Bool {
        runs[attempt.testCase.id]?.counted === attempt
    }

    /// The counted attempt of the test case made from `pickle`, if it started.
    public func countedAttempt(of pickle: Pickle) -> TestCaseAttempt? {
        runByPickleId[pickle.id]?.counted
    }

    /// Every attempt of `attempt`'s test case before it (the failed attempts that were retried), in order.
    public func earlierAttempts(of attempt: TestCaseAttempt) -> [TestCaseAttempt] {
        guard let run = runs[attempt.testCase.id] else { return [] }
        return Array(run.attempts.prefix { $0 !== attempt })
    }

    /// Whether `attempt` is *flaky*: its test case failed, was retried, and this last attempt passed (as
    /// cucumber-ruby and Maven Surefire call it). A flaky scenario passes the run; every report says it was flaky.
    public func isFlaky(_ attempt: TestCaseAttempt) -> Bool {
        attempt.attempt > 0 && attempt.status == .passed && counts(attempt)
            && earlierAttempts(of: attempt).contains { $0.status != .passed }
    }

    /// The test case of `attempt`, with every attempt of it.
    func run(of attempt: TestCaseAttempt) -> TestCaseRun? {
        runs[attempt.testCase.id]
    }

    /// The test cases held (every one when keeping everything), by ordinal.
    var heldRuns: [TestCaseRun] {
        retention == .everything ? allRuns : runs.values.sorted { $0.ordinal < $1.ordinal }
    }

    /// The test cases that started and are not settled (unfinished, or waiting for a retry), by ordinal.
    var unsettledRuns: [TestCaseRun] {
        unsettled.values.sorted { $0.ordinal < $1.ordinal }
    }
}
