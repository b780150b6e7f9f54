import Messages

/// One runnable scenario (a pickle: a scenario, or one examples row of an outline), as a `Sendable` value to
/// list, filter and name test cases with.
public struct ScenarioInfo: Sendable, Hashable, Identifiable, CustomStringConvertible {
    private struct Fields: Sendable, Hashable {
        var pickleId: String
        var uri: String
        var line: Int
        var column: Int
        var featureName: String
        var ruleName: String?
        var name: String
        var tags: [String]
        var stepCount: Int
    }

    /// Shared by every copy: a scenario's description is copied into every step's context.
    private var shared: SharedFields<Fields>

    /// The id of the pickle.
    public var pickleId: String {
        get { shared.fields.pickleId }
        set { shared.change(\.pickleId, newValue) }
    }
    /// The `.feature` file.
    public var uri: String {
        get { shared.fields.uri }
        set { shared.change(\.uri, newValue) }
    }
    /// The line of the scenario, or of the examples row for an outline.
    public var line: Int {
        get { shared.fields.line }
        set { shared.change(\.line, newValue) }
    }
    /// The column of the scenario keyword, or of the examples row.
    public var column: Int {
        get { shared.fields.column }
        set { shared.change(\.column, newValue) }
    }
    /// The feature's name.
    public var featureName: String {
        get { shared.fields.featureName }
        set { shared.change(\.featureName, newValue) }
    }
    /// The rule's name, when the scenario is inside a `Rule`.
    public var ruleName: String? {
        get { shared.fields.ruleName }
        set { shared.change(\.ruleName, newValue) }
    }
    /// The scenario's name (outline placeholders filled in).
    public var name: String {
        get { shared.fields.name }
        set { shared.change(\.name, newValue) }
    }
    /// The tags, inherited from the feature, rule, scenario and examples, each with its `@`.
    public var tags: [String] {
        get { shared.fields.tags }
        set { shared.change(\.tags, newValue) }
    }
    /// The number of steps, background steps included.
    public var stepCount: Int {
        get { shared.fields.stepCount }
        set { shared.change(\.stepCount, newValue) }
    }

    /// Creates a scenario description.
    public init(
        pickleId: String, uri: String, line: Int, column: Int, featureName: String, ruleName: String?, name: String,
        tags: [String], stepCount: Int
    ) {
        shared = SharedFields(
            Fields(
                pickleId: pickleId, uri: uri, line: line, column: column, featureName: featureName, ruleName: ruleName,
                name: name, tags: tags, stepCount: stepCount))
    }

    /// Whether the two describe the same scenario, field by field.
    public static func == (lhs: ScenarioInfo, rhs: ScenarioInfo) -> Bool {
        lhs.shared == rhs.shared
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(shared)
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
