import Foundation
import Messages
import Synchronization

/// What is running now, for code inside a step or a hook: the scenario, the step, and attachments.
///
/// ```swift
/// steps.then("the feed shows {int} images") { (world, count: Int) in
///     SpecContext.log("screen: \(world.screen)")
///     SpecContext.attach(world.lastResponseBody, mediaType: "application/json")
///     try expectEqual(world.screen.images.count, count)
/// }
/// ```
///
/// Attachments become `attachment` messages of the running step (or `beforeAll`/`afterAll` hook). Outside a
/// step or hook, and after a step was abandoned for timing out, they are dropped.
public struct SpecContext: Sendable {
    /// The scenario being run; nil in `beforeAll` and `afterAll` hooks.
    public var scenario: ScenarioInfo?
    /// The step being run (for step hooks and steps); nil in scenario and run hooks.
    public var step: TestStepInfo?
    /// The worst status of the scenario's steps so far (`after` hooks use it to tell a failed scenario).
    public var status: TestStepResultStatus
    let target: AttachmentTarget?

    @TaskLocal static var currentValue: SpecContext?

    /// The context of the running step or hook, or nil outside the runner.
    public static var current: SpecContext? { currentValue }

    /// Attaches text with a media type (e.g. `application/json`).
    public static func attach(_ text: String, mediaType: String, fileName: String? = nil) {
        currentValue?.target?.attach(body: text, encoding: .identity, mediaType: mediaType, fileName: fileName)
    }

    /// Attaches bytes (sent Base64-encoded) with a media type (e.g. `image/png`).
    public static func attach(_ bytes: some Sequence<UInt8>, mediaType: String, fileName: String? = nil) {
        guard let target = currentValue?.target else { return }
        target.attach(
            body: Data(bytes).base64EncodedString(), encoding: .base64, mediaType: mediaType, fileName: fileName)
    }

    /// Attaches a line of log text (`text/x.cucumber.log+plain`).
    public static func log(_ text: String) {
        attach(text, mediaType: "text/x.cucumber.log+plain")
    }

    /// Attaches a link (`text/uri-list`).
    public static func link(_ url: String) {
        attach(url, mediaType: "text/uri-list")
    }

    /// Fails the running step or hook with `issue` once its body returns (a failed `#expect`, on every path);
    /// returns false outside a step or hook.
    package static func recordFailure(_ issue: RecordedIssue) -> Bool {
        guard let target = currentValue?.target else { return false }
        return target.recordFailure(issue)
    }
}

/// Where the attachments of one running step or hook go; closed when the step ends or is abandoned.
final class AttachmentTarget: Sendable {
    struct State {
        var isOpen = true
        var attachments: [Attachment] = []
        /// Failures recorded without throwing (a failed `#expect`), in order.
        var failures: [RecordedIssue] = []
    }

    let testCaseStartedId: String?
    let testStepId: String?
    let testRunHookStartedId: String?
    /// The scenario of a test case's step or hook (nil for a `beforeAll`/`afterAll` hook).
    let scenario: ScenarioInfo?
    let clock: RunClock
    let emit: @Sendable (Envelope) -> Void
    private let state = Mutex(State())

    /// A target for a test case's step or hook (`scenario` given) or a run hook; a test case's target takes the
    /// issues recorded off its task (`RunningTestCases`) until it is closed.
    init(
        testCaseStartedId: String?, testStepId: String?, testRunHookStartedId: String?, scenario: ScenarioInfo? = nil,
        clock: RunClock, emit: @escaping @Sendable (Envelope) -> Void
    ) {
        self.testCaseStartedId = testCaseStartedId
        self.testStepId = testStepId
        self.testRunHookStartedId = testRunHookStartedId
        self.scenario = scenario
        self.clock = clock
        self.emit = emit
        if scenario != nil { RunningTestCases.shared.stepStarted(self) }
    }

    func attach(body: String, encoding: AttachmentContentEncoding, mediaType: String, fileName: String?) {
        let attachment = Attachment(
            body: body, contentEncoding: encoding, fileName: fileName, mediaType: mediaType,
            testCaseStartedId: testCaseStartedId, testStepId: testStepId,
            testRunHookStartedId: testRunHookStartedId, timestamp: clock.now())
        // Emitting under the lock keeps an attachment from slipping in after the step's end was emitted.
        state.withLock { state in
            guard state.isOpen else { return }
            state.attachments.append(attachment)
            emit(.attachment(attachment))
        }
    }

    /// Records a failure of the running body; false when the step already ended (an abandoned body).
    func recordFailure(_ issue: RecordedIssue) -> Bool {
        state.withLock { state in
            guard state.isOpen else { return false }
            state.failures.append(issue)
            return true
        }
    }

    /// The failures recorded since the last call (each is taken once: the body's outcome takes those recorded
    /// while it ran, `close()` those recorded off its task after it returned).
    func takeFailures() -> [RecordedIssue] {
        state.withLock { state in
            defer { state.failures.removeAll() }
            return state.failures
        }
    }

    /// Stops accepting attachments and failures; returns the failures recorded since `takeFailures()` last
    /// took them (an issue recorded off the step's task after its body returned).
    @discardableResult
    func close() -> [RecordedIssue] {
        let late = state.withLock { state in
            state.isOpen = false
            defer { state.failures.removeAll() }
            return state.failures
        }
        if scenario != nil { RunningTestCases.shared.stepEnded(self) }
        return late
    }
}
