import Messages

/// One runnable scenario (a pickle: a scenario, or one examples row of an outline), as a `Sendable` value to
/// list, filter and name test cases with.
public struct ScenarioInfo: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The id of the pickle.
    public var pickleId: String
    /// The `.feature` file.
    public var uri: String
    /// The line of the scenario, or of the examples row for an outline.
    public var line: Int
    /// The column of the scenario keyword, or of the examples row.
    public var column: Int
    /// The feature's name.
    public var featureName: String
    /// The rule's name, when the scenario is inside a `Rule`.
    public var ruleName: String?
    /// The scenario's name (outline placeholders filled in).
    public var name: String
    /// The tags, inherited from the feature, rule, scenario and examples, each with its `@`.
    public var tags: [String]
    /// The number of steps, background steps included.
    public var stepCount: Int

    /// Creates a scenario description.
    public init(
        pickleId: String, uri: String, line: Int, column: Int, featureName: String, ruleName: String?, name: String,
        tags: [String], stepCount: Int
    ) {
        self.pickleId = pickleId
        self.uri = uri
        self.line = line
        self.column = column
        self.featureName = featureName
        self.ruleName = ruleName
        self.name = name
        self.tags = tags
        self.stepCount = stepCount
    }

    /// The pickle id.
    public var id: String { pickleId }

    /// `Feature › Rule › Scenario` (without the rule when there is none).
    public var displayName: String {
        ([featureName] + (ruleName.map { [$0] } ?? []) + [name]).joined(separator: " › ")
    }

    /// `uri:line`, the form `LineFilter` and editors understand.
    public var reference: String { "\(uri):\(line)" }

    /// `uri:line: Feature › Scenario`.
    public var description: String { "\(reference): \(displayName)" }
}
