import Testing

/// One Swift Testing case of a spec suite: a scenario (a pickle) run against one variant (a store, say), or a
/// problem that keeps specs from running (a `.feature` file that does not parse, a bad selection).
///
/// Its name is `Feature › Scenario [variant]`; pass the cases to `@Test(arguments:)` and each becomes its own test
/// case, run in parallel with the others.
public struct SpecCase: Sendable, Hashable, Codable, CustomTestStringConvertible, CustomStringConvertible {
    /// What the case runs.
    public enum Kind: Sendable, Hashable, Codable {
        /// A scenario: its `.feature` uri and line (the examples row for an outline), against `variant`.
        case scenario(uri: String, line: Int, variant: String)
        /// A `.feature` file that cannot be parsed: the error, at its line and column.
        case parseError(uri: String, line: Int, column: Int, message: String)
        /// Specs that cannot be loaded or selected (a missing folder, an invalid tag expression...), or a mistake in
        /// the step library at its Swift file and line.
        case problem(message: String, fileID: String? = nil, filePath: String? = nil, line: Int? = nil)
    }

    /// What the case runs.
    public var kind: Kind
    /// `Feature › Scenario [variant]`, or a description of the problem.
    public var name: String

    /// Creates a case.
    public init(kind: Kind, name: String) {
        self.kind = kind
        self.name = name
    }

    /// The name Swift Testing shows.
    public var testDescription: String { name }

    /// The name.
    public var description: String { name }
}
