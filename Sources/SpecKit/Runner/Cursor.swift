import Messages

/// Where a test case attempt is: the state its remaining steps need, handed over when it is abandoned.
///
/// One object per attempt, owned by one task at a time: the task running the attempt, except while one of its
/// bodies runs (the watchdog may then abandon the task and hand the cursor to the runner). The running task
/// touches it only between bodies, and after each body only once it has checked that it was not abandoned;
/// that hand-over protocol, not a lock, is what makes the `@unchecked Sendable` sound.
final class Cursor<World: Actor>: @unchecked Sendable {
    let testCaseStartedId: String
    /// The test step running (or next to run).
    var index = 0
    /// When the running test step started.
    var started = Timestamp(seconds: 0, nanos: 0)
    /// Where the running test step's attachments go.
    var target: AttachmentTarget?
    var worst = TestStepResultStatus.passed
    /// The status of each Gherkin step finished so far (hooks left out).
    var stepStatuses: [TestStepResultStatus] = []
    var world: World?
    var worldFailed = false
    /// Whether a step or hook threw `Skipped`: then nothing after it runs or is reported undefined.
    var skippedItself = false

    init(testCaseStartedId: String, steps: Int) {
        self.testCaseStartedId = testCaseStartedId
        stepStatuses.reserveCapacity(steps)
    }
}
