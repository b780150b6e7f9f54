/// Any JSON value, for comparing JSON by value (object member order and number spelling do not matter).
///
/// Parse with `init(parsing:)` (a strict RFC 8259 parser on UTF-8 bytes whose errors give line and column),
/// compare with `==`, and normalise with `replacingValues(ofKeys:with:)`, `mappingValues(ofKeys:_:)` or
/// `removingKeys(_:)` before comparing (e.g. timestamps, durations, ids in conformance data).
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (as a `Double`: integers are exact up to 2^53).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; duplicate keys keep the last value.
    case object([String: JSONValue])

    /// The value as compact JSON text with object keys sorted, so equal values give equal text.
    public var jsonText: String {
        var json = JSONWriter()
        write(to: &json)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// The member `key` of an object, or `nil` (also for non-objects).
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The element at `index` of an array, or `nil` (also for non-arrays and out-of-range indices).
    public subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { elements[index] } else { nil }
    }

    /// A copy in which every object member named in `keys`, at any depth, has the value `replacement`.
    public func replacingValues(ofKeys keys: Set<String>, with replacement: JSONValue) -> JSONValue {
        mappingValues(ofKeys: keys) { _ in replacement }
    }

    /// A copy in which every object member named in `keys`, at any depth, has its value passed through
    /// `transform` (which sees the original value; members inside a transformed value are not visited).
    public func mappingValues(ofKeys keys: Set<String>, _ transform: (JSONValue) throws -> JSONValue) rethrows
        -> JSONValue
    {
        switch self {
        case .array(let elements):
            return .array(try elements.map { try $0.mappingValues(ofKeys: keys, transform) })
        case .object(let members):
            var result: [String: JSONValue] = [:]
            result.reserveCapacity(members.count)
            for (key, value) in members {
                result[key] =
                    keys.contains(key) ? try transform(value) : try value.mappingValues(ofKeys: keys, transform)
            }
            return .object(result)
        default:
            return self
        }
    }

    /// A copy without the object members named in `keys`, at any depth.
    public func removingKeys(_ keys: Set<String>) -> JSONValue {
        switch self {
        case .array(let elements):
            return .array(elements.map { $0.removingKeys(keys) })
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (key, value) in members where !keys.contains(key) {
                result[key] = value.removingKeys(keys)
            }
            return .object(result)
        default:
            return self
        }
    }
}

extension JSONValue: JSONWritable {
    /// Writes the value as compact JSON, object keys sorted.
    public func write(to json: inout JSONWriter) {
        switch self {
        case .null: json.null()
        case .bool(let value): json.bool(value)
        case .number(let value): json.double(value)
        case .string(let value): json.string(value)
        case .array(let elements):
            json.beginArray()
            for element in elements { element.write(to: &json) }
            json.endArray()
        case .object(let members):
            json.beginObject()
            for key in members.keys.sorted() {
                json.key(key)
                members[key]?.write(to: &json)
            }
            json.endObject()
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text with sorted keys.
    public var description: String { jsonText }
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `.bool(value)`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `.number(Double(value))`.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// `.number(value)`.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// `.string(value)`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `.array(elements)`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// `.object(...)`; a repeated key keeps the last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
