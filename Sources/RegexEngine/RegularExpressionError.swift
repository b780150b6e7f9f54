/// A problem with a regular expression: the pattern is invalid, or matching it against a text exceeded the
/// step budget of the built-in matcher (a pattern with catastrophic backtracking).
///
/// ```swift
/// do { _ = try RegularExpression("^a (b$", registry: ParameterTypeRegistry()) } catch let error as RegularExpressionError {
///     print(error.message) // Invalid regular expression /^a (b$/: unterminated group at offset 3
/// }
/// ```
public struct RegularExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern, as written.
    public let pattern: String
    /// What went wrong, naming the pattern.
    public let message: String

    /// Creates an error.
    public init(pattern: String, message: String) {
        self.pattern = pattern
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
