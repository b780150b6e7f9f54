import Foundation

/// The official conformance data in `../shared/conformance`, beside the package root.
enum Conformance {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SpecKitTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/conformance", isDirectory: true)

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("cucumber-expressions").path)
    }

    static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// Decodes a conformance file; an empty array when the folder is absent (the tests are then skipped).
    static func load<Case: Decodable>(_ relativePath: String, as type: [Case].Type) -> [Case] {
        guard let data = try? Data(contentsOf: url(relativePath)) else { return [] }
        do {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try decoder.decode(type, from: data)
        } catch {
            fatalError("\(relativePath) does not decode: \(error)")
        }
    }

    /// The names of the sub-folders of `relativePath`, sorted.
    static func folders(_ relativePath: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url(relativePath).path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: url(relativePath).appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }
}

/// A JSON value, decoded exactly (integers stay integers).
enum JSONValue: Decodable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
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
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Converts the output of `JSONSerialization` (much faster than decoding this type with `JSONDecoder`).
    init(jsonObject: Any) {
        switch jsonObject {
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c": self = .bool(number.boolValue)
            case "d", "f": self = .number(number.doubleValue)
            default: self = .integer(number.int64Value)
            }
        case let string as String: self = .string(string)
        case let array as [Any]: self = .array(array.map(JSONValue.init(jsonObject:)))
        case let object as [String: Any]: self = .object(object.mapValues(JSONValue.init(jsonObject:)))
        default: self = .null
        }
    }

    /// Parses one JSON document.
    init(parsing data: Foundation.Data) throws {
        self.init(jsonObject: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var description: String {
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
