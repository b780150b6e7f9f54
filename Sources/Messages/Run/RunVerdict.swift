/// Whether a finished test case fails the run: the one rule that the runner (the exit status, `testRunFinished`)
/// and every report (the console's failures, JUnit, HTML, Markdown, the history) apply.
///
/// A failed step fails it; an undefined, pending or ambiguous step does when the run is strict. A scenario tagged
/// as work in progress (`@wip`) never does: its problems are shown, and the run can still pass.
///
/// ```swift
/// RunVerdict(strict: true).failsRun(.undefined, tags: ["@cart"])  // true
/// RunVerdict(strict: true).failsRun(.failed, tags: ["@wip"])      // false: work in progress
/// ```
public struct RunVerdict: Sendable, Hashable {
    /// The tag of work in progress unless a run names another.
    public static let defaultWorkInProgressTag = "@wip"

    /// Whether undefined, pending and ambiguous steps fail the run.
    public var strict: Bool
    /// The tag of work in progress (nil: none).
    public var workInProgressTag: String?

    /// A verdict: strict unless told otherwise, `@wip` the tag of work in progress.
    public init(strict: Bool = true, workInProgressTag: String? = RunVerdict.defaultWorkInProgressTag) {
        self.strict = strict
        self.workInProgressTag = workInProgressTag
    }

    /// Whether `tags` mark work in progress.
    public func isWorkInProgress(_ tags: some Sequence<String>) -> Bool {
        guard let workInProgressTag else { return false }
        return tags.contains(workInProgressTag)
    }

    /// Whether a test case that ended with `status` (its worst step's) and carries `tags` fails the run.
    public func failsRun(_ status: TestStepResultStatus, tags: some Sequence<String>) -> Bool {
        let failing =
            switch status {
            case .failed: true
            case .undefined, .pending, .ambiguous: strict
            case .passed, .skipped, .unknown: false
            }
        return failing && !isWorkInProgress(tags)
    }
}
