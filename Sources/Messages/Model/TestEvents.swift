/// The test run has started.
public struct TestRunStarted: Sendable, Hashable, Codable {
    /// When the run started.
    public var timestamp: Timestamp
    /// The unique id of the run, referenced by later messages.
    public var id: String?

    /// Creates a test run started message.
    public init(timestamp: Timestamp, id: String? = nil) {
        self.timestamp = timestamp
        self.id = id
    }
}

extension TestRunStarted: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("timestamp", timestamp)
        json.field("id", id)
        json.endObject()
    }
}

/// The test run has finished.
public struct TestRunFinished: Sendable, Hashable, Codable {
    /// Extra information about the run, typically why it failed.
    public var message: String?
    /// Whether every step passed or was skipped, every hook passed and nothing else threw.
    public var success: Bool
    /// When the run finished.
    public var timestamp: Timestamp
    /// An error thrown outside the steps during the run, if any.
    public var exception: Exception?
    /// The id of the run's `TestRunStarted`.
    public var testRunStartedId: String?

    /// Creates a test run finished message.
    public init(
        message: String? = nil,
        success: Bool,
        timestamp: Timestamp,
        exception: Exception? = nil,
        testRunStartedId: String? = nil
    ) {
        self.message = message
        self.success = success
        self.timestamp = timestamp
        self.exception = exception
        self.testRunStartedId = testRunStartedId
    }
}

extension TestRunFinished: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("message", message)
        json.field("success", success)
        json.field("timestamp", timestamp)
        json.field("exception", exception)
        json.field("testRunStartedId", testRunStartedId)
        json.endObject()
    }
}

/// An attempt at running a test case has started.
public struct TestCaseStarted: Sendable, Hashable, Codable {
    /// The attempt number: 0 for the first, 1 for the first retry, ...
    public var attempt: Int
    /// The unique id of this attempt, referenced by the step and attachment messages of the attempt.
    public var id: String
    /// The id of the `TestCase`.
    public var testCaseId: String
    /// The worker running the attempt, when running in parallel.
    public var workerId: String?
    /// When the attempt started.
    public var timestamp: Timestamp

    /// Creates a test case started message.
    public init(attempt: Int, id: String, testCaseId: String, workerId: String? = nil, timestamp: Timestamp) {
        self.attempt = attempt
        self.id = id
        self.testCaseId = testCaseId
        self.workerId = workerId
        self.timestamp = timestamp
    }
}

extension TestCaseStarted: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("attempt", attempt)
        json.field("id", id)
        json.field("testCaseId", testCaseId)
        json.field("workerId", workerId)
        json.field("timestamp", timestamp)
        json.endObject()
    }
}

/// An attempt at running a test case has finished.
public struct TestCaseFinished: Sendable, Hashable, Codable {
    /// The id of the attempt's `TestCaseStarted`.
    public var testCaseStartedId: String
    /// When the attempt finished.
    public var timestamp: Timestamp
    /// Whether the test case will be run again (this attempt failed and retries remain).
    public var willBeRetried: Bool

    /// Creates a test case finished message.
    public init(testCaseStartedId: String, timestamp: Timestamp, willBeRetried: Bool) {
        self.testCaseStartedId = testCaseStartedId
        self.timestamp = timestamp
        self.willBeRetried = willBeRetried
    }
}

extension TestCaseFinished: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("testCaseStartedId", testCaseStartedId)
        json.field("timestamp", timestamp)
        json.field("willBeRetried", willBeRetried)
        json.endObject()
    }
}

/// A test step has started.
public struct TestStepStarted: Sendable, Hashable, Codable {
    /// The id of the attempt's `TestCaseStarted`.
    public var testCaseStartedId: String
    /// The id of the `TestStep`.
    public var testStepId: String
    /// When the step started.
    public var timestamp: Timestamp

    /// Creates a test step started message.
    public init(testCaseStartedId: String, testStepId: String, timestamp: Timestamp) {
        self.testCaseStartedId = testCaseStartedId
        self.testStepId = testStepId
        self.timestamp = timestamp
    }
}

extension TestStepStarted: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("testCaseStartedId", testCaseStartedId)
        json.field("testStepId", testStepId)
        json.field("timestamp", timestamp)
        json.endObject()
    }
}

/// A test step has finished, with its result.
public struct TestStepFinished: Sendable, Hashable, Codable {
    /// The id of the attempt's `TestCaseStarted`.
    public var testCaseStartedId: String
    /// The id of the `TestStep`.
    public var testStepId: String
    /// The result of the step.
    public var testStepResult: TestStepResult
    /// When the step finished.
    public var timestamp: Timestamp

    /// Creates a test step finished message.
    public init(testCaseStartedId: String, testStepId: String, testStepResult: TestStepResult, timestamp: Timestamp) {
        self.testCaseStartedId = testCaseStartedId
        self.testStepId = testStepId
        self.testStepResult = testStepResult
        self.timestamp = timestamp
    }
}

extension TestStepFinished: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("testCaseStartedId", testCaseStartedId)
        json.field("testStepId", testStepId)
        json.field("testStepResult", testStepResult)
        json.field("timestamp", timestamp)
        json.endObject()
    }
}

/// A test run hook (`BEFORE_TEST_RUN` or `AFTER_TEST_RUN`) has started.
public struct TestRunHookStarted: Sendable, Hashable, Codable {
    /// The unique id of this hook execution.
    public var id: String
    /// The id of the run's `TestRunStarted`.
    public var testRunStartedId: String
    /// The id of the `Hook`.
    public var hookId: String
    /// The worker running the hook, when running in parallel.
    public var workerId: String?
    /// When the hook started.
    public var timestamp: Timestamp

    /// Creates a test run hook started message.
    public init(id: String, testRunStartedId: String, hookId: String, workerId: String? = nil, timestamp: Timestamp) {
        self.id = id
        self.testRunStartedId = testRunStartedId
        self.hookId = hookId
        self.workerId = workerId
        self.timestamp = timestamp
    }
}

extension TestRunHookStarted: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", id)
        json.field("testRunStartedId", testRunStartedId)
        json.field("hookId", hookId)
        json.field("workerId", workerId)
        json.field("timestamp", timestamp)
        json.endObject()
    }
}

/// A test run hook has finished, with its result.
public struct TestRunHookFinished: Sendable, Hashable, Codable {
    /// The id of the hook execution's `TestRunHookStarted`.
    public var testRunHookStartedId: String
    /// The result of the hook.
    public var result: TestStepResult
    /// When the hook finished.
    public var timestamp: Timestamp

    /// Creates a test run hook finished message.
    public init(testRunHookStartedId: String, result: TestStepResult, timestamp: Timestamp) {
        self.testRunHookStartedId = testRunHookStartedId
        self.result = result
        self.timestamp = timestamp
    }
}

extension TestRunHookFinished: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("testRunHookStartedId", testRunHookStartedId)
        json.field("result", result)
        json.field("timestamp", timestamp)
        json.endObject()
    }
}
