/// A hook (code run before or after the test run, a test case or a test step).
public struct Hook: Sendable, Hashable, Codable {
    /// The unique id of the hook.
    public var id: String
    /// The hook's name, if it has one.
    public var name: String?
    /// Where the hook is defined.
    public var sourceReference: SourceReference
    /// The tag expression that selects the test cases the hook runs for, if any.
    public var tagExpression: String?
    /// When the hook runs.
    public var type: HookType?

    /// Creates a hook.
    public init(
        id: String,
        name: String? = nil,
        sourceReference: SourceReference,
        tagExpression: String? = nil,
        type: HookType? = nil
    ) {
        self.id = id
        self.name = name
        self.sourceReference = sourceReference
        self.tagExpression = tagExpression
        self.type = type
    }
}

extension Hook: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", id)
        json.field("name", name)
        json.field("sourceReference", sourceReference)
        json.field("tagExpression", tagExpression)
        json.field("type", type)
        json.endObject()
    }
}

/// When a `Hook` runs.
public enum HookType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Once, before any test case.
    case beforeTestRun = "BEFORE_TEST_RUN"
    /// Once, after every test case.
    case afterTestRun = "AFTER_TEST_RUN"
    /// Before each test case.
    case beforeTestCase = "BEFORE_TEST_CASE"
    /// After each test case.
    case afterTestCase = "AFTER_TEST_CASE"
    /// Before each test step.
    case beforeTestStep = "BEFORE_TEST_STEP"
    /// After each test step.
    case afterTestStep = "AFTER_TEST_STEP"
}

extension HookType: JSONWritable {
    /// Writes the raw value as a JSON string.
    public func write(to json: inout JSONWriter) {
        json.string(rawValue)
    }
}

/// A step definition: a pattern and the code it runs.
public struct StepDefinition: Sendable, Hashable, Codable {
    /// The unique id of the step definition.
    public var id: String
    /// The pattern that step texts are matched against.
    public var pattern: StepDefinitionPattern
    /// Where the step definition is defined.
    public var sourceReference: SourceReference

    /// Creates a step definition.
    public init(id: String, pattern: StepDefinitionPattern, sourceReference: SourceReference) {
        self.id = id
        self.pattern = pattern
        self.sourceReference = sourceReference
    }
}

extension StepDefinition: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", id)
        json.field("pattern", pattern)
        json.field("sourceReference", sourceReference)
        json.endObject()
    }
}

/// The pattern of a `StepDefinition`: a Cucumber Expression or a regular expression.
public struct StepDefinitionPattern: Sendable, Hashable, Codable {
    /// The pattern as written, e.g. `I have {int} cukes in my belly`.
    public var source: String
    /// The kind of pattern.
    public var type: StepDefinitionPatternType

    /// Creates a step definition pattern.
    public init(source: String, type: StepDefinitionPatternType) {
        self.source = source
        self.type = type
    }
}

extension StepDefinitionPattern: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("source", source)
        json.field("type", type)
        json.endObject()
    }
}

/// The kind of a `StepDefinitionPattern`.
public enum StepDefinitionPatternType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A Cucumber Expression such as `I have {int} cukes`.
    case cucumberExpression = "CUCUMBER_EXPRESSION"
    /// A regular expression such as `^I have (\d+) cukes$`.
    case regularExpression = "REGULAR_EXPRESSION"
}

extension StepDefinitionPatternType: JSONWritable {
    /// Writes the raw value as a JSON string.
    public func write(to json: inout JSONWriter) {
        json.string(rawValue)
    }
}

/// A parameter type usable in Cucumber Expressions, e.g. `{int}` or a custom `{color}`.
public struct ParameterType: Sendable, Hashable, Codable {
    /// The name, written between braces in expressions.
    public var name: String
    /// The regular expressions that match the parameter (at least one).
    public var regularExpressions: [String]
    /// Whether the type is preferred when a regular expression step matches several types.
    public var preferForRegularExpressionMatch: Bool
    /// Whether snippets for undefined steps may use the type.
    public var useForSnippets: Bool
    /// The unique id of the parameter type.
    public var id: String
    /// Where the parameter type is defined, if known.
    public var sourceReference: SourceReference?

    /// Creates a parameter type.
    public init(
        name: String,
        regularExpressions: [String],
        preferForRegularExpressionMatch: Bool,
        useForSnippets: Bool,
        id: String,
        sourceReference: SourceReference? = nil
    ) {
        self.name = name
        self.regularExpressions = regularExpressions
        self.preferForRegularExpressionMatch = preferForRegularExpressionMatch
        self.useForSnippets = useForSnippets
        self.id = id
        self.sourceReference = sourceReference
    }
}

extension ParameterType: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("name", name)
        json.field("regularExpressions", regularExpressions)
        json.field("preferForRegularExpressionMatch", preferForRegularExpressionMatch)
        json.field("useForSnippets", useForSnippets)
        json.field("id", id)
        json.field("sourceReference", sourceReference)
        json.endObject()
    }
}

/// A parameter type used in an expression but not defined, e.g. `{airport}` with no `airport` type.
public struct UndefinedParameterType: Sendable, Hashable, Codable {
    /// The expression that uses the type.
    public var expression: String
    /// The name of the undefined type.
    public var name: String

    /// Creates an undefined parameter type.
    public init(expression: String, name: String) {
        self.expression = expression
        self.name = name
    }
}

extension UndefinedParameterType: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("expression", expression)
        json.field("name", name)
        json.endObject()
    }
}

/// Suggested code for implementing an undefined step.
public struct Suggestion: Sendable, Hashable, Codable {
    /// The unique id of the suggestion.
    public var id: String
    /// The id of the undefined `PickleStep`.
    public var pickleStepId: String
    /// The code snippets (at least one).
    public var snippets: [Snippet]

    /// Creates a suggestion.
    public init(id: String, pickleStepId: String, snippets: [Snippet]) {
        self.id = id
        self.pickleStepId = pickleStepId
        self.snippets = snippets
    }
}

extension Suggestion: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", id)
        json.field("pickleStepId", pickleStepId)
        json.field("snippets", snippets)
        json.endObject()
    }
}

/// A code snippet of a `Suggestion`.
public struct Snippet: Sendable, Hashable, Codable {
    /// The lowercase programming language identifier, e.g. `swift`.
    public var language: String
    /// The code.
    public var code: String

    /// Creates a snippet.
    public init(language: String, code: String) {
        self.language = language
        self.code = code
    }
}

extension Snippet: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("language", language)
        json.field("code", code)
        json.endObject()
    }
}
