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

    /// The fields, shared by every copy: a scenario's description is copied into every step's context, so a copy
    /// is one reference, not nine (a change makes a box of its own).
    private final class Box: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private var box: Box

    /// The id of the pickle.
    public var pickleId: String {
        get { box.fields.pickleId }
        set { change(\.pickleId, newValue) }
    }
    /// The `.feature` file.
    public var uri: String {
        get { box.fields.uri }
        set { change(\.uri, newValue) }
    }
    /// The line of the scenario, or of the examples row for an outline.
    public var line: Int {
        get { box.fields.line }
        set { change(\.line, newValue) }
    }
    /// The column of the scenario keyword, or of the examples row.
    public var column: Int {
        get { box.fields.column }
        set { change(\.column, newValue) }
    }
    /// The feature's name.
    public var featureName: String {
        get { box.fields.featureName }
        set { change(\.featureName, newValue) }
    }
    /// The rule's name, when the scenario is inside a `Rule`.
    public var ruleName: String? {
        get { box.fields.ruleName }
        set { change(\.ruleName, newValue) }
    }
    /// The scenario's name (outline placeholders filled in).
    public var name: String {
        get { box.fields.name }
        set { change(\.name, newValue) }
    }
    /// The tags, inherited from the feature, rule, scenario and examples, each with its `@`.
    public var tags: [String] {
        get { box.fields.tags }
        set { change(\.tags, newValue) }
    }
    /// The number of steps, background steps included.
    public var stepCount: Int {
        get { box.fields.stepCount }
        set { change(\.stepCount, newValue) }
    }

    /// Creates a scenario description.
    public init(
        pickleId: String, uri: String, line: Int, column: Int, featureName: String, ruleName: String?, name: String,
        tags: [String], stepCount: Int
    ) {
        box = Box(
            Fields(
                pickleId: pickleId, uri: uri, line: line, column: column, featureName: featureName, ruleName: ruleName,
                name: name, tags: tags, stepCount: stepCount))
    }

    private mutating func change<Value>(_ field: WritableKeyPath<Fields, Value>, _ value: Value) {
        var fields = box.fields
        fields[keyPath: field] = value
        box = Box(fields)
    }

    /// Whether the two describe the same scenario, field by field.
    public static func == (lhs: ScenarioInfo, rhs: ScenarioInfo) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields)
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
