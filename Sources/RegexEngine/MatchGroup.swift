/// A capture group of a step match, with the groups nested inside it.
///
/// This is the shape of `StepMatchArgument.group` in Cucumber Messages: a group that did not take part in
/// the match has neither `value` nor `start`, and `children` lists every capture group nested inside this
/// one, in the order their `(` appear in the pattern, whether or not they matched.
///
/// Offsets count UTF-16 code units from the start of the step text, as the official JavaScript and Java
/// implementations do (for ASCII text this equals the character offset).
///
/// ```swift
/// let expression = try CucumberExpression("I have {int} cukes", registry: ParameterTypeRegistry())
/// let group = try expression.match("I have 42 cukes")?.first?.group
/// // group?.value == "42", group?.start == 7, group?.children == []
/// ```
public struct MatchGroup: Sendable, Hashable {
    /// The matched text, or nil when the group did not take part in the match.
    public var value: String?
    /// The offset of the first matched UTF-16 code unit, or nil when the group did not take part.
    public var start: Int?
    /// The offset just past the last matched UTF-16 code unit, or nil when the group did not take part.
    public var end: Int?
    /// The capture groups nested directly inside this one.
    public var children: [MatchGroup]

    /// Creates a group.
    public init(value: String?, start: Int?, end: Int?, children: [MatchGroup] = []) {
        self.value = value
        self.start = start
        self.end = end
        self.children = children
    }

    /// The values a parameter type transformer receives: the children's values, or this group's value when
    /// it has no children.
    public var values: [String?] {
        children.isEmpty ? [value] : children.map(\.value)
    }
}
