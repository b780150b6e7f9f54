/// A pickle prepared for running: its steps matched to step definitions, with hooks around them.
public struct TestCase: Sendable, Hashable, Codable {
    /// The unique id of the test case.
    public var id: String
    /// The id of the `Pickle` the test case comes from.
    public var pickleId: String
    /// The hook and pickle steps, in running order.
    public var testSteps: [TestStep]
    /// The test run the test case belongs to, if known.
    public var testRunStartedId: String?

    /// Creates a test case.
    public init(id: String, pickleId: String, testSteps: [TestStep], testRunStartedId: String? = nil) {
        self.id = id
        self.pickleId = pickleId
        self.testSteps = testSteps
        self.testRunStartedId = testRunStartedId
    }
}

extension TestCase: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", id)
        json.field("pickleId", pickleId)
        json.field("testSteps", testSteps)
        json.field("testRunStartedId", testRunStartedId)
        json.endObject()
    }
}

/// A step of a `TestCase`: either a hook (`hookId`) or a pickle step with its matching definitions.
///
/// An undefined step has empty `stepDefinitionIds` and `stepMatchArgumentsLists`; an ambiguous one has
/// several, the n-th arguments list belonging to the n-th definition.
public struct TestStep: Sendable, Hashable, Codable {
    /// The hook the step runs, if it comes from a hook.
    public var hookId: String?
    /// The unique id of the test step.
    public var id: String
    /// The pickle step, if it comes from one.
    public var pickleStepId: String?
    /// The ids of every matching step definition (pickle steps only).
    public var stepDefinitionIds: [String]?
    /// The matched arguments for each matching step definition (pickle steps only).
    public var stepMatchArgumentsLists: [StepMatchArgumentsList]?

    /// Creates a test step.
    public init(
        hookId: String? = nil,
        id: String,
        pickleStepId: String? = nil,
        stepDefinitionIds: [String]? = nil,
        stepMatchArgumentsLists: [StepMatchArgumentsList]? = nil
    ) {
        self.hookId = hookId
        self.id = id
        self.pickleStepId = pickleStepId
        self.stepDefinitionIds = stepDefinitionIds
        self.stepMatchArgumentsLists = stepMatchArgumentsLists
    }
}

extension TestStep: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("hookId", hookId)
        json.field("id", id)
        json.field("pickleStepId", pickleStepId)
        json.field("stepDefinitionIds", stepDefinitionIds)
        json.field("stepMatchArgumentsLists", stepMatchArgumentsLists)
        json.endObject()
    }
}

/// The arguments one step definition extracted from a step's text.
public struct StepMatchArgumentsList: Sendable, Hashable, Codable {
    /// The arguments, in order.
    public var stepMatchArguments: [StepMatchArgument]

    /// Creates an arguments list.
    public init(stepMatchArguments: [StepMatchArgument]) {
        self.stepMatchArguments = stepMatchArguments
    }
}

extension StepMatchArgumentsList: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("stepMatchArguments", stepMatchArguments)
        json.endObject()
    }
}

/// One argument matched in a step's text, e.g. `42` for `{int}`.
public struct StepMatchArgument: Sendable, Hashable, Codable {
    /// The outermost capture group of the argument.
    public var group: Group
    /// The name of the parameter type, if the pattern is a Cucumber Expression.
    public var parameterTypeName: String?

    /// Creates a step match argument.
    public init(group: Group, parameterTypeName: String? = nil) {
        self.group = group
        self.parameterTypeName = parameterTypeName
    }
}

extension StepMatchArgument: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("group", group)
        json.field("parameterTypeName", parameterTypeName)
        json.endObject()
    }
}

/// A capture group of a step match, with its nested groups.
public struct Group: Sendable, Hashable, Codable {
    /// The nested capture groups; absent when there are none.
    public var children: [Group]?
    /// The offset of the match in the step text, if the group matched.
    public var start: Int?
    /// The matched text, if the group matched.
    public var value: String?

    /// Creates a group.
    public init(children: [Group]? = nil, start: Int? = nil, value: String? = nil) {
        self.children = children
        self.start = start
        self.value = value
    }
}

extension Group: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("children", children)
        json.field("start", start)
        json.field("value", value)
        json.endObject()
    }
}
