import Messages

/// Where a test case attempt is: the state its remaining steps need.
///
/// A value: the task running the attempt keeps its own, and before each body it hands the watched task a copy
/// (`WorkerTask.beginBody`). When a body passes its deadline, the runner finishes the attempt from that copy,
/// the state as it was when the body started, while the abandoned task, if it ever comes back, only changes its
/// own. No reference is shared between them, so the hand-over needs no protocol to be safe.
struct AttemptState<World: Actor>: Sendable {
    let testCaseStartedId: String
    /// The test step running (or next to run).
    var index = 0
    /// When the running test step started.
    var started = Timestamp(seconds: 0, nanos: 0)
    /// Where the running test step's attachments go.
    var target: AttachmentTarget?
    var worst = TestStepResultStatus.passed
    /// The Gherkin steps finished so far by status (hooks left out).
    var stepCounts = StatusCounts()
    var world: World?
    var worldFailed = false
    /// Whether a step or hook threw `Skipped`: then nothing after it runs or is reported undefined.
    var skippedItself = false

    init(testCaseStartedId: String) {
        self.testCaseStartedId = testCaseStartedId
    }
}
