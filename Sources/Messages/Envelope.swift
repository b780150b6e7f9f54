/// One message of a Cucumber Messages stream: exactly one of its cases, written as one NDJSON line
/// such as `{"pickle":{...}}`.
///
/// The JSON key of each case equals the case name. Decoding an object whose key is not a known case
/// throws `EnvelopeDecodingError.unknownType`, so a stream from a newer protocol fails loudly rather
/// than losing messages silently.
public enum Envelope: Sendable, Hashable, Codable {
    /// A Gherkin document's AST.
    case gherkinDocument(GherkinDocument)
    /// A syntax error in a source.
    case parseError(ParseError)
    /// A pickle compiled from a Gherkin document.
    case pickle(Pickle)
    /// A source file with its contents.
    case source(Source)

    /// The JSON key of the case, e.g. `"pickle"`.
    public var typeName: String {
        switch self {
        case .gherkinDocument: "gherkinDocument"
        case .parseError: "parseError"
        case .pickle: "pickle"
        case .source: "source"
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
        case "gherkinDocument": self = .gherkinDocument(try container.decode(GherkinDocument.self, forKey: key))
        case "parseError": self = .parseError(try container.decode(ParseError.self, forKey: key))
        case "pickle": self = .pickle(try container.decode(Pickle.self, forKey: key))
        case "source": self = .source(try container.decode(Source.self, forKey: key))
        default: throw EnvelopeDecodingError.unknownType(key: key.stringValue)
        }
    }

    /// Encodes the envelope as a single-key JSON object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        let key = Key(typeName)
        switch self {
        case .gherkinDocument(let value): try container.encode(value, forKey: key)
        case .parseError(let value): try container.encode(value, forKey: key)
        case .pickle(let value): try container.encode(value, forKey: key)
        case .source(let value): try container.encode(value, forKey: key)
        }
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
