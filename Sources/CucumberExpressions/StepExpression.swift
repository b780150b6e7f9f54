import RegexEngine

/// The pattern of a step definition: a `CucumberExpression` or a `RegularExpression`.
///
/// ```swift
/// let registry = ParameterTypeRegistry()
/// let expressions: [any StepExpression] = [
///     try CucumberExpression("I have {int} cukes", registry: registry),
///     try RegularExpression("^I have (\\d+) cukes$", registry: registry),
/// ]
/// for expression in expressions {
///     let arguments = try expression.match("I have 42 cukes")
///     // both: one argument, value 42 (an Int), group start 7
/// }
/// ```
public protocol StepExpression: Sendable {
    /// The pattern as written in the step definition.
    var source: String { get }

    /// The arguments of `text`, or nil when the pattern does not match it.
    ///
    /// - Throws: `RegularExpressionError` when matching exceeds the matcher's step budget, and (regular
    ///   expressions only) `AmbiguousParameterTypeError` when a capture group's regexp belongs to several
    ///   parameter types, none of them preferential.
    func match(_ text: String) throws -> [MatchArgument]?
}

/// One argument of a step match: the capture group and the parameter type that transforms it.
///
/// ```swift
/// let expression = try CucumberExpression("three {string} mice", registry: ParameterTypeRegistry())
/// let argument = try expression.match("three \"blind\" mice")?[0]
/// argument?.group.value        // "\"blind\""
/// argument?.group.start        // 6
/// argument?.parameterTypeName  // "string"
/// try argument?.value() as? String // "blind"
/// ```
public struct MatchArgument: Sendable {
    /// The group that matched the parameter, with its nested groups.
    public let group: MatchGroup
    /// The parameter type that transforms the group.
    public let parameterType: ParameterType

    /// Creates an argument.
    public init(group: MatchGroup, parameterType: ParameterType) {
        self.group = group
        self.parameterType = parameterType
    }

    /// The parameter type's name, as reported in `StepMatchArgument.parameterTypeName` (nil for a capture
    /// group of a regular expression that matches no registered type's regexp).
    public var parameterTypeName: String? { parameterType.name }

    /// The transformed value, of type `parameterType.valueType` (or `Optional<valueType>.none` when the
    /// group did not take part in the match).
    public func value() throws(ParameterTransformError) -> any Sendable {
        try parameterType.transform(group.values)
    }

    /// The transformed value as a `Value`, e.g. the `Int` of an `{int}` argument.
    ///
    /// - Throws: `ParameterTransformError` when the transformer fails, or when its value is not a `Value`
    ///   (a step definition declaring the wrong type, or a regular-expression group that did not match).
    public func value<Value>(as type: Value.Type = Value.self) throws(ParameterTransformError) -> Value {
        let value = try value()
        if let typed = value as? Value { return typed }
        throw ParameterTransformError(
            parameterTypeName: parameterTypeName, values: group.values,
            reason: "its value is \(Swift.type(of: value)), not \(Value.self)")
    }
}
