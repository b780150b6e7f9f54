import Messages
import Synchronization

/// The test cases and runs in progress in this process, so that an issue recorded off the step's task (on a
/// `Thread`, in `DispatchQueue.global().async`, in a detached `Task`, in a `Task` still running after its step
/// returned, in a world's `deinit`) still counts.
///
/// An issue reaches `TestingIssueHandler` on the thread that recorded it; when that thread has no `SpecContext`
/// (the task-local of the running step), `record(_:)` decides where it goes:
/// - exactly one test case runs in the process and one of its steps or hooks is running: that step fails, its
///   message saying the issue came from outside the step's task;
/// - otherwise (several test cases run at once, or none is in a step) every run in progress fails, with the issue
///   as its `testRunFinished` exception;
/// - with no run in progress it is lost (the process's run has ended), and `record(_:)` returns false.
package final class RunningTestCases: Sendable {
    /// The test cases and runs of the process.
    package static let shared = RunningTestCases()

    private struct State {
        /// Test cases started and not finished.
        var testCases = 0
        /// The steps and hooks of test cases running now, by their target's identity.
        var steps: [ObjectIdentifier: AttachmentTarget] = [:]
        /// The runs in progress, by their collector's identity.
        var runs: [ObjectIdentifier: StrayIssues] = [:]
    }

    private let state = Mutex(State())

    /// A test case attempt starts.
    func testCaseStarted() {
        state.withLock { $0.testCases += 1 }
    }

    /// A test case attempt finished.
    func testCaseFinished() {
        state.withLock { $0.testCases -= 1 }
    }

    /// A step or hook of a test case starts running (its attachments and failures go to `target`).
    func stepStarted(_ target: AttachmentTarget) {
        state.withLock { $0.steps[ObjectIdentifier(target)] = target }
    }

    /// The step or hook of `target` ended.
    func stepEnded(_ target: AttachmentTarget) {
        _ = state.withLock { $0.steps.removeValue(forKey: ObjectIdentifier(target)) }
    }

    /// A run starts: issues no step can take until `runEnded(_:)` are collected in `issues`.
    package func runStarted(_ issues: StrayIssues) {
        state.withLock { $0.runs[ObjectIdentifier(issues)] = issues }
    }

    /// The run collecting in `issues` ended.
    package func runEnded(_ issues: StrayIssues) {
        _ = state.withLock { $0.runs.removeValue(forKey: ObjectIdentifier(issues)) }
    }

    /// Where the running test case is, for a message when the process ends in the middle of a run (`exit()` in a
    /// step): `Specs/x.feature:12 (Scenario name)`, or nil when no test case runs.
    package func runningPlace() -> String? {
        state.withLock { state -> String? in
            guard state.testCases > 0 else { return nil }
            let places = state.steps.values.compactMap { target in
                target.scenario.map { "\($0.uri):\($0.line) (\($0.name))" }
            }
            if places.isEmpty { return "\(state.testCases) test case(s), between steps" }
            return places.sorted().joined(separator: ", ")
        }
    }

    /// Records `issue`, recorded where no step's context is readable; false when no run is in progress.
    package func record(_ issue: RecordedIssue) -> Bool {
        let (step, runs) = state.withLock { state -> (AttachmentTarget?, [StrayIssues]) in
            if state.testCases == 1, state.steps.count == 1, let target = state.steps.values.first {
                return (target, [])
            }
            return (nil, Array(state.runs.values))
        }
        if let step {
            if step.recordFailure(issue.offTask(where: "the step's")) { return true }
            // The step ended meanwhile: the runs in progress take it.
            let runs = state.withLock { Array($0.runs.values) }
            for run in runs { run.append(issue) }
            return !runs.isEmpty
        }
        for run in runs { run.append(issue) }
        return !runs.isEmpty
    }
}

/// The issues a run collects that no step could take; they fail the run (`testRunFinished.exception`).
package final class StrayIssues: Sendable {
    private let issues = Mutex<[RecordedIssue]>([])

    /// A collector with nothing collected.
    package init() {}

    func append(_ issue: RecordedIssue) {
        issues.withLock { $0.append(issue) }
    }

    /// The issues collected so far.
    package var collected: [RecordedIssue] { issues.withLock { $0 } }

    /// The run's exception for `issues`, or nil for none.
    static func exception(for issues: [RecordedIssue]) -> Exception? {
        guard !issues.isEmpty else { return nil }
        let count = issues.count == 1 ? "an issue" : "\(issues.count) issues"
        let message =
            "Swift Testing recorded \(count) outside any step's task while no single step could take it (several "
            + "test cases running at once, or none running), which fails the run:\n"
            + issues.map { issue in
                issue.message + (issue.location.map { " (at \($0.fileID):\($0.line):\($0.column))" } ?? "")
            }.joined(separator: "\n")
        var frames: [StackFrame] = []
        for frame in issues.compactMap({ $0.location?.frame }) where !frames.contains(frame) { frames.append(frame) }
        return Exception(type: "IssueOutsideStep", message: message, stackTrace: Exception.stackTrace(frames))
    }
}

extension RecordedIssue {
    /// The issue, its summary saying it was recorded outside `task` task (on another thread or task).
    func offTask(where task: String) -> RecordedIssue {
        var issue = self
        issue.summary += " (recorded outside \(task) task: on another thread or task)"
        return issue
    }
}
