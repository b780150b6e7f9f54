import Messages

/// How a step or hook body ended, as the test step's result will say it: its status, its message, and for a
/// failure the exception with the places it knows (`Exception.stackTrace`: a `.feature` cell a step rejected,
/// the Swift line of the failed expectation or of the step definition that threw).
struct BodyOutcome: Sendable {
    var status: TestStepResultStatus
    /// The message of `testStepFinished` (nil for passed, undefined, ambiguous and reasonless pending/skipped).
    var message: String?
    var exception: Exception?
    /// Whether the failure is made of issues the body recorded (`adding(recordedFailures:)`), rather than of an
    /// error it threw: issues recorded later are then added after them, never in their place.
    private(set) var holdsRecordedIssues = false

    static let passed = BodyOutcome(status: .passed)
    static let skipped = BodyOutcome(status: .skipped)

    /// A failure with `message`, of the error type `type`, at `frames` (innermost first).
    static func failed(_ message: String, type: String, frames: [StackFrame] = []) -> BodyOutcome {
        BodyOutcome(
            status: .failed, message: message,
            exception: Exception(type: type, message: message, stackTrace: Exception.stackTrace(frames)))
    }

    /// Classifies what a body threw; `location` is the step definition's or hook's own line.
    init(error: any Error, location: CodeLocation?) {
        let definition = location.map { [$0.frame] } ?? []
        switch error {
        case let failure as StepFailure:
            self = .failed(failure.description, type: "StepFailure", frames: [failure.location.frame])
        case let pending as Pending:
            self.init(
                status: .pending, message: pending.message,
                exception: pending.message.map { Exception(type: "PendingException", message: $0) })
        case let skipped as Skipped:
            self.init(
                status: .skipped, message: skipped.message,
                exception: skipped.message.map { Exception(type: "SkippedException", message: $0) })
        case _ where ExpectationText.isExpectationFailure(error):
            // `try #require(...)` failed: Swift Testing's error, made readable (when the issue it recorded reached
            // the step, that issue says it in Swift Testing's own words and replaces this; see
            // `adding(recordedFailures:)`).
            let expectation = ExpectationText(error)
            self = .failed(
                expectation.message, type: "ExpectationFailed",
                frames: expectation.location.map { [$0.frame] } ?? definition)
        case let tableError as DataTableError:
            let cell = tableError.uri.flatMap { uri in
                tableError.location.map { StackFrame(file: uri, line: $0.line, column: $0.column) }
            }
            self = .failed(
                cell == nil ? tableError.description : tableError.reason, type: "DataTableError",
                frames: (cell.map { [$0] } ?? []) + definition)
        default:
            self = .failed(
                String(describing: error), type: String(describing: Swift.type(of: error)), frames: definition)
        }
    }

    init(status: TestStepResultStatus, message: String? = nil, exception: Exception? = nil) {
        self.status = status
        self.message = message
        self.exception = exception
    }

    /// The outcome with the issues the body recorded without throwing (failed `#expect`s) put first: a body that
    /// returned, or stopped on a failed `#require`, fails with them, at their Swift places.
    /// Issues recorded after the body returned (a task it left running) come after those it recorded before.
    func adding(recordedFailures failures: [RecordedIssue]) -> BodyOutcome {
        guard !failures.isEmpty else { return self }
        var messages: [String] = []
        var frames: [StackFrame] = []
        if holdsRecordedIssues, let message {
            messages.append(message)
            frames = exception?.frames ?? []
        }
        messages += failures.map(\.message)
        for frame in failures.compactMap({ $0.location?.frame }) where !frames.contains(frame) { frames.append(frame) }
        // A failed `#require` threw what its recorded issue says better; any other failure is said after them.
        if !holdsRecordedIssues, status == .failed, exception?.type != "ExpectationFailed", let message {
            messages.append(message)  // then the body failed some other way
            for frame in exception?.frames ?? [] where !frames.contains(frame) { frames.append(frame) }
        }
        var outcome = BodyOutcome.failed(messages.joined(separator: "\n"), type: "ExpectationFailed", frames: frames)
        outcome.holdsRecordedIssues = true
        return outcome
    }

    /// The same failure, its message prefixed (`cannot make the world of …: `).
    func prefixed(_ prefix: String) -> BodyOutcome {
        guard status == .failed else { return self }
        var prefixed = self
        prefixed.message = prefix + (message ?? "")
        prefixed.exception = exception ?? Exception(type: "Error")
        prefixed.exception?.message = prefixed.message
        return prefixed
    }

    func result(duration: MessageDuration) -> TestStepResult {
        TestStepResult(duration: duration, message: message, status: status, exception: exception)
    }
}

extension CodeLocation {
    /// This place as a stack frame: `Module/File.swift:LINE:COLUMN`.
    var frame: StackFrame { StackFrame(file: fileID, line: line, column: column) }
}
