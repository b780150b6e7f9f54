/// A failed expectation in a step or a hook: what was expected, what was found, and where in Swift the
/// expectation was written.
///
/// Steps fail by throwing. The helpers `expectEqual(_:_:_:)`, `expect(_:_:)`, `unwrap(_:_:)` and `fail(_:)`
/// throw a `StepFailure`; the runner reports its `description` as the step's message, under `swift test` and on
/// the command line alike.
///
/// ```swift
/// steps.then("the feed shows {int} images") { (world, count: Int) in
///     try expectEqual(world.screen.images.count, count, "images shown")
///     // fails with: images shown: expected 4, got 3
/// }
/// ```
public struct StepFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in the words of the step author (may be empty for `expectEqual` without a message).
    public var message: String
    /// The expected value, described, when the failure compares values.
    public var expected: String?
    /// The actual value, described, when the failure compares values.
    public var actual: String?
    /// Where the failing expectation was written.
    public var location: CodeLocation

    /// Creates a failure; the location defaults to the caller's.
    public init(
        _ message: String, expected: String? = nil, actual: String? = nil, fileID: String = #fileID,
        filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.message = message
        self.expected = expected
        self.actual = actual
        self.location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The message and, for comparisons, `expected X, got Y` (on two lines when either value is long).
    public var description: String {
        guard let expected, let actual else { return message }
        let prefix = message.isEmpty ? "" : message + ": "
        if expected.count + actual.count > 80 || expected.contains("\n") || actual.contains("\n") {
            return prefix + "\nexpected: \(expected)\n  actual: \(actual)"
        }
        return prefix + "expected \(expected), got \(actual)"
    }
}

/// Throws a `StepFailure` unless `actual == expected`.
///
/// ```swift
/// try expectEqual(world.requests.count, 1, "requests made")  // requests made: expected 1, got 2
/// ```
public func expectEqual<Value: Equatable>(
    _ actual: Value, _ expected: Value, _ message: @autoclosure () -> String = "", fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws(StepFailure) {
    guard actual != expected else { return }
    throw StepFailure(
        message(), expected: describe(expected), actual: describe(actual), fileID: fileID, filePath: filePath,
        line: line, column: column)
}

/// Throws a `StepFailure` with `message` (or `expectation failed`) unless `condition` holds.
public func expect(
    _ condition: Bool, _ message: @autoclosure () -> String = "", fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws(StepFailure) {
    guard !condition else { return }
    let text = message()
    throw StepFailure(
        text.isEmpty ? "expectation failed" : text, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Returns the wrapped value, or throws a `StepFailure` with `message` (or `expected a value, got nil`).
public func unwrap<Value>(
    _ value: Value?, _ message: @autoclosure () -> String = "", fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws(StepFailure) -> Value {
    if let value { return value }
    let text = message()
    throw StepFailure(
        text.isEmpty ? "expected a value, got nil" : text, fileID: fileID, filePath: filePath, line: line,
        column: column)
}

/// Always throws a `StepFailure` with `message`.
public func fail(
    _ message: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    column: Int = #column
) throws(StepFailure) -> Never {
    throw StepFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// How a value appears in a failure message: strings quoted, everything else as `String(describing:)`.
func describe(_ value: some Any) -> String {
    if let string = value as? String { return String(reflecting: string) }
    if let substring = value as? Substring { return String(reflecting: String(substring)) }
    return String(describing: value)
}

/// Thrown by a step (or a hook) that is not finished: the step is `pending`, the rest of the scenario is skipped.
///
/// ```swift
/// steps.when("the user shares image {int}") { (world, index: Int) in
///     throw Pending("sharing is not designed yet")
/// }
/// ```
public struct Pending: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the step is pending, if said.
    public var message: String?

    /// Creates a pending marker with an optional reason.
    public init(_ message: String? = nil) {
        self.message = message
    }

    /// The reason, or `pending`.
    public var description: String { message ?? "pending" }
}

/// Thrown by a step or a before hook to skip the rest of the scenario: the step is `skipped` (as cucumber-js's
/// `return 'skipped'`), and so is every later step. A skipped scenario does not fail the run.
public struct Skipped: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the scenario is skipped, if said.
    public var message: String?

    /// Creates a skip marker with an optional reason.
    public init(_ message: String? = nil) {
        self.message = message
    }

    /// The reason, or `skipped`.
    public var description: String { message ?? "skipped" }
}
