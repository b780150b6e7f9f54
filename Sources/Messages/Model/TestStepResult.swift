/// The outcome of running a test step or a test run hook.
public struct TestStepResult: Sendable, Hashable, Codable {
    /// How long the step took.
    public var duration: MessageDuration
    /// Extra information, e.g. the failure's description and stack trace.
    public var message: String?
    /// The status of the step.
    public var status: TestStepResultStatus
    /// The error thrown by the step, if any.
    public var exception: Exception?

    /// Creates a test step result.
    public init(
        duration: MessageDuration,
        message: String? = nil,
        status: TestStepResultStatus,
        exception: Exception? = nil
    ) {
        self.duration = duration
        self.message = message
        self.status = status
        self.exception = exception
    }
}

extension TestStepResult: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("duration", duration)
        json.field("message", message)
        json.field("status", status)
        json.field("exception", exception)
        json.endObject()
    }
}

/// The status of a test step, ordered by severity so that a test case takes its worst step's status.
///
/// The order is the one of Cucumber's own `getWorstTestStepResult` (cucumber/messages, JavaScript):
/// `unknown < passed < skipped < pending < undefined < ambiguous < failed`, which is also the order of the
/// schema's enum. `max()` of a case's step statuses is its status; see `worst(of:)`.
public enum TestStepResultStatus: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Not run yet, or the status could not be determined.
    case unknown = "UNKNOWN"
    /// The step ran without error.
    case passed = "PASSED"
    /// The step was not run (an earlier step did not pass, or it asked to be skipped).
    case skipped = "SKIPPED"
    /// The step's definition is not finished.
    case pending = "PENDING"
    /// No step definition matches the step.
    case undefined = "UNDEFINED"
    /// More than one step definition matches the step.
    case ambiguous = "AMBIGUOUS"
    /// The step threw an error.
    case failed = "FAILED"

    /// The rank of the status: 0 for `unknown` up to 6 for `failed`.
    public var severity: Int {
        switch self {
        case .unknown: 0
        case .passed: 1
        case .skipped: 2
        case .pending: 3
        case .undefined: 4
        case .ambiguous: 5
        case .failed: 6
        }
    }

    /// Orders statuses by severity.
    public static func < (lhs: TestStepResultStatus, rhs: TestStepResultStatus) -> Bool {
        lhs.severity < rhs.severity
    }

    /// The most severe of `statuses`, or `unknown` when there are none.
    public static func worst(of statuses: some Sequence<TestStepResultStatus>) -> TestStepResultStatus {
        statuses.max() ?? .unknown
    }
}

extension TestStepResultStatus: JSONWritable {
    /// Writes the raw value as a JSON string.
    public func write(to json: inout JSONWriter) {
        json.string(rawValue)
    }
}

/// A simplified representation of an error thrown by a step, a hook or the run.
public struct Exception: Sendable, Hashable, Codable {
    /// The type of the error, e.g. `"StepFailure"`.
    public var type: String
    /// The error's message, if any.
    public var message: String?
    /// The error's stack trace as text, if any.
    public var stackTrace: String?

    /// Creates an exception.
    public init(type: String, message: String? = nil, stackTrace: String? = nil) {
        self.type = type
        self.message = message
        self.stackTrace = stackTrace
    }
}

extension Exception: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("type", type)
        json.field("message", message)
        json.field("stackTrace", stackTrace)
        json.endObject()
    }
}
