/// One message of a Cucumber Messages stream: exactly one of its cases, written as one NDJSON line
/// such as `{"pickle":{...}}`. The cases follow the envelope fields of the protocol's JSON schema, in order.
///
/// The JSON key of each case equals the case name (see `typeName`). Decoding an object whose key is not
/// a known case throws `EnvelopeDecodingError.unknownType`, so a stream from a newer protocol fails loudly
/// rather than losing messages silently; `NDJSONReader` can skip such lines instead, recording a warning.
/// Unknown keys *inside* a known message are ignored (forward compatible, like the official readers).
public enum Envelope: Sendable, Hashable, Codable {
    /// An attachment made during a step or a test run hook.
    case attachment(Attachment)
    /// An attachment stored outside the stream.
    case externalAttachment(ExternalAttachment)
    /// A Gherkin document's AST.
    case gherkinDocument(GherkinDocument)
    /// A hook definition.
    case hook(Hook)
    /// Information about the producer of the stream; the first message of a run.
    case meta(Meta)
    /// A parameter type definition.
    case parameterType(ParameterType)
    /// A syntax error in a source.
    case parseError(ParseError)
    /// A pickle compiled from a Gherkin document.
    case pickle(Pickle)
    /// Suggested code for an undefined step.
    case suggestion(Suggestion)
    /// A source file with its contents.
    case source(Source)
    /// A step definition.
    case stepDefinition(StepDefinition)
    /// A test case prepared from a pickle.
    case testCase(TestCase)
    /// A test case attempt has finished.
    case testCaseFinished(TestCaseFinished)
    /// A test case attempt has started.
    case testCaseStarted(TestCaseStarted)
    /// The test run has finished.
    case testRunFinished(TestRunFinished)
    /// The test run has started.
    case testRunStarted(TestRunStarted)
    /// A test step has finished.
    case testStepFinished(TestStepFinished)
    /// A test step has started.
    case testStepStarted(TestStepStarted)
    /// A test run hook has started.
    case testRunHookStarted(TestRunHookStarted)
    /// A test run hook has finished.
    case testRunHookFinished(TestRunHookFinished)
    /// An expression uses a parameter type that is not defined.
    case undefinedParameterType(UndefinedParameterType)

    /// The JSON keys of every case, in schema order.
    public static let typeNames: [String] = [
        "attachment",
        "externalAttachment",
        "gherkinDocument",
        "hook",
        "meta",
        "parameterType",
        "parseError",
        "pickle",
        "suggestion",
        "source",
        "stepDefinition",
        "testCase",
        "testCaseFinished",
        "testCaseStarted",
        "testRunFinished",
        "testRunStarted",
        "testStepFinished",
        "testStepStarted",
        "testRunHookStarted",
        "testRunHookFinished",
        "undefinedParameterType",
    ]

    /// The JSON key of the case, e.g. `"pickle"`.
    public var typeName: String {
        switch self {
        case .attachment: "attachment"
        case .externalAttachment: "externalAttachment"
        case .gherkinDocument: "gherkinDocument"
        case .hook: "hook"
        case .meta: "meta"
        case .parameterType: "parameterType"
        case .parseError: "parseError"
        case .pickle: "pickle"
        case .suggestion: "suggestion"
        case .source: "source"
        case .stepDefinition: "stepDefinition"
        case .testCase: "testCase"
        case .testCaseFinished: "testCaseFinished"
        case .testCaseStarted: "testCaseStarted"
        case .testRunFinished: "testRunFinished"
        case .testRunStarted: "testRunStarted"
        case .testStepFinished: "testStepFinished"
        case .testStepStarted: "testStepStarted"
        case .testRunHookStarted: "testRunHookStarted"
        case .testRunHookFinished: "testRunHookFinished"
        case .undefinedParameterType: "undefinedParameterType"
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes a single-key JSON object such as `{"pickle":{...}}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let keys = container.allKeys
        guard let key = keys.first else { throw EnvelopeDecodingError.empty }
        guard keys.count == 1 else {
            throw EnvelopeDecodingError.multipleTypes(keys: keys.map(\.stringValue).sorted())
        }
        switch key.stringValue {
        case "attachment": self = .attachment(try container.decode(Attachment.self, forKey: key))
        case "externalAttachment":
            self = .externalAttachment(try container.decode(ExternalAttachment.self, forKey: key))
        case "gherkinDocument": self = .gherkinDocument(try container.decode(GherkinDocument.self, forKey: key))
        case "hook": self = .hook(try container.decode(Hook.self, forKey: key))
        case "meta": self = .meta(try container.decode(Meta.self, forKey: key))
        case "parameterType": self = .parameterType(try container.decode(ParameterType.self, forKey: key))
        case "parseError": self = .parseError(try container.decode(ParseError.self, forKey: key))
        case "pickle": self = .pickle(try container.decode(Pickle.self, forKey: key))
        case "suggestion": self = .suggestion(try container.decode(Suggestion.self, forKey: key))
        case "source": self = .source(try container.decode(Source.self, forKey: key))
        case "stepDefinition": self = .stepDefinition(try container.decode(StepDefinition.self, forKey: key))
        case "testCase": self = .testCase(try container.decode(TestCase.self, forKey: key))
        case "testCaseFinished": self = .testCaseFinished(try container.decode(TestCaseFinished.self, forKey: key))
        case "testCaseStarted": self = .testCaseStarted(try container.decode(TestCaseStarted.self, forKey: key))
        case "testRunFinished": self = .testRunFinished(try container.decode(TestRunFinished.self, forKey: key))
        case "testRunStarted": self = .testRunStarted(try container.decode(TestRunStarted.self, forKey: key))
        case "testStepFinished": self = .testStepFinished(try container.decode(TestStepFinished.self, forKey: key))
        case "testStepStarted": self = .testStepStarted(try container.decode(TestStepStarted.self, forKey: key))
        case "testRunHookStarted":
            self = .testRunHookStarted(try container.decode(TestRunHookStarted.self, forKey: key))
        case "testRunHookFinished":
            self = .testRunHookFinished(try container.decode(TestRunHookFinished.self, forKey: key))
        case "undefinedParameterType":
            self = .undefinedParameterType(try container.decode(UndefinedParameterType.self, forKey: key))
        default: throw EnvelopeDecodingError.unknownType(key: key.stringValue)
        }
    }

    /// Encodes the envelope as a single-key JSON object (with Foundation's encoders; `NDJSONWriter` is faster).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        let key = Key(typeName)
        switch self {
        case .attachment(let value): try container.encode(value, forKey: key)
        case .externalAttachment(let value): try container.encode(value, forKey: key)
        case .gherkinDocument(let value): try container.encode(value, forKey: key)
        case .hook(let value): try container.encode(value, forKey: key)
        case .meta(let value): try container.encode(value, forKey: key)
        case .parameterType(let value): try container.encode(value, forKey: key)
        case .parseError(let value): try container.encode(value, forKey: key)
        case .pickle(let value): try container.encode(value, forKey: key)
        case .suggestion(let value): try container.encode(value, forKey: key)
        case .source(let value): try container.encode(value, forKey: key)
        case .stepDefinition(let value): try container.encode(value, forKey: key)
        case .testCase(let value): try container.encode(value, forKey: key)
        case .testCaseFinished(let value): try container.encode(value, forKey: key)
        case .testCaseStarted(let value): try container.encode(value, forKey: key)
        case .testRunFinished(let value): try container.encode(value, forKey: key)
        case .testRunStarted(let value): try container.encode(value, forKey: key)
        case .testStepFinished(let value): try container.encode(value, forKey: key)
        case .testStepStarted(let value): try container.encode(value, forKey: key)
        case .testRunHookStarted(let value): try container.encode(value, forKey: key)
        case .testRunHookFinished(let value): try container.encode(value, forKey: key)
        case .undefinedParameterType(let value): try container.encode(value, forKey: key)
        }
    }
}

extension Envelope: JSONWritable {
    /// Writes the envelope as a single-key JSON object such as `{"pickle":{...}}`.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        switch self {
        case .attachment(let value): json.field("attachment", value)
        case .externalAttachment(let value): json.field("externalAttachment", value)
        case .gherkinDocument(let value): json.field("gherkinDocument", value)
        case .hook(let value): json.field("hook", value)
        case .meta(let value): json.field("meta", value)
        case .parameterType(let value): json.field("parameterType", value)
        case .parseError(let value): json.field("parseError", value)
        case .pickle(let value): json.field("pickle", value)
        case .suggestion(let value): json.field("suggestion", value)
        case .source(let value): json.field("source", value)
        case .stepDefinition(let value): json.field("stepDefinition", value)
        case .testCase(let value): json.field("testCase", value)
        case .testCaseFinished(let value): json.field("testCaseFinished", value)
        case .testCaseStarted(let value): json.field("testCaseStarted", value)
        case .testRunFinished(let value): json.field("testRunFinished", value)
        case .testRunStarted(let value): json.field("testRunStarted", value)
        case .testStepFinished(let value): json.field("testStepFinished", value)
        case .testStepStarted(let value): json.field("testStepStarted", value)
        case .testRunHookStarted(let value): json.field("testRunHookStarted", value)
        case .testRunHookFinished(let value): json.field("testRunHookFinished", value)
        case .undefinedParameterType(let value): json.field("undefinedParameterType", value)
        }
        json.endObject()
    }
}

/// Why a JSON object is not a valid `Envelope`.
public enum EnvelopeDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The object has no key.
    case empty
    /// The object has more than one key.
    case multipleTypes(keys: [String])
    /// The key is not a message type this version knows (e.g. from a newer protocol).
    case unknownType(key: String)

    /// A one-line explanation naming the offending key(s).
    public var description: String {
        switch self {
        case .empty:
            "an envelope must have exactly one key (the message type), got an empty object"
        case .multipleTypes(let keys):
            "an envelope must have exactly one key (the message type), got \(keys.count): "
                + keys.map { "\"\($0)\"" }.joined(separator: ", ")
        case .unknownType(let key):
            "unknown envelope type \"\(key)\" (not a Cucumber Messages type this version knows)"
        }
    }
}
