import Foundation

/// A JSON value, decoded exactly (integers stay integers).
package enum ConformanceValue: Decodable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([ConformanceValue])
    case object([String: ConformanceValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ConformanceValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ConformanceValue].self))
        }
    }

    /// Converts the output of `JSONSerialization` (much faster than decoding this type with `JSONDecoder`).
    package init(jsonObject: Any) {
        switch jsonObject {
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c": self = .bool(number.boolValue)
            case "d", "f": self = .number(number.doubleValue)
            default: self = .integer(number.int64Value)
            }
        case let string as String: self = .string(string)
        case let array as [Any]: self = .array(array.map(ConformanceValue.init(jsonObject:)))
        case let object as [String: Any]: self = .object(object.mapValues(ConformanceValue.init(jsonObject:)))
        default: self = .null
        }
    }

    /// Parses one JSON document.
    package init(parsing data: Foundation.Data) throws {
        self.init(jsonObject: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    package subscript(key: String) -> ConformanceValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var array: [ConformanceValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    package var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
        case .object(let object):
            "{" + object.keys.sorted().map { "\"\($0)\":\(object[$0]?.description ?? "")" }.joined(separator: ",") + "}"
        }
    }
}
