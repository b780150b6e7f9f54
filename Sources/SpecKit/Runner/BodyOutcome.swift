import Messages

/// How a step or hook body ended, as a result for messages and for `StepResult`.
struct BodyOutcome: Sendable {
    var status: TestStepResultStatus
    /// The message of `testStepFinished` (nil for passed, undefined, ambiguous and reasonless pending/skipped).
    var message: String?
    var exception: Exception?
    /// The message of `StepResult`, when it says more than `message`.
    var detail: String?
    var failureLocation: CodeLocation?

    static let passed = BodyOutcome(status: .passed)
    static let skipped = BodyOutcome(status: .skipped)

    static func failed(_ message: String, type: String, location: CodeLocation? = nil) -> BodyOutcome {
        BodyOutcome(
            status: .failed, message: message, exception: Exception(type: type, message: message),
            failureLocation: location)
    }

    /// Classifies what a body threw.
    init(error: any Error, location: CodeLocation?) {
        switch error {
        case let failure as StepFailure:
            self = .failed(failure.description, type: "StepFailure", location: failure.location)
        case let pending as Pending:
            self.init(
                status: .pending, message: pending.message,
                exception: pending.message.map { Exception(type: "PendingException", message: $0) },
                detail: pending.description)
        case let skipped as Skipped:
            self.init(
                status: .skipped, message: skipped.message,
                exception: skipped.message.map { Exception(type: "SkippedException", message: $0) },
                detail: skipped.description)
        case _ where ExpectationText.isExpectationFailure(error):
            // `try #require(...)` failed: Swift Testing's error, made readable (under the bridge, the issue it
            // recorded says it better and replaces this; see `adding(recordedFailures:)`).
            let expectation = ExpectationText(error)
            self = .failed(expectation.message, type: "ExpectationFailed", location: expectation.location ?? location)
        default:
            let type = String(describing: Swift.type(of: error))
            let description = String(describing: error)
            self = .failed(description, type: type, location: location)
            detail = "\(type): \(description)"
        }
    }

    init(
        status: TestStepResultStatus, message: String? = nil, exception: Exception? = nil, detail: String? = nil,
        failureLocation: CodeLocation? = nil
    ) {
        self.status = status
        self.message = message
        self.exception = exception
        self.detail = detail
        self.failureLocation = failureLocation
    }

    /// The outcome with the failures the body recorded without throwing (failed `#expect`s) put first: a body
    /// that returned, or stopped on a failed `#require`, fails with them.
    func adding(recordedFailures failures: [(message: String, location: CodeLocation?)]) -> BodyOutcome {
        guard let first = failures.first else { return self }
        var messages = failures.map(\.message)
        if status == .failed, exception?.type != "ExpectationFailed", let message {
            messages.append(message)  // then the body failed some other way
        }
        let message = messages.joined(separator: "\n")
        return .failed(message, type: "ExpectationFailed", location: first.location ?? failureLocation)
    }

    func result(duration: MessageDuration) -> TestStepResult {
        TestStepResult(duration: duration, message: message, status: status, exception: exception)
    }
}
