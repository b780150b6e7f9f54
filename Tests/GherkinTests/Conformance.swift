import Foundation
import Gherkin
import Messages
import TestSupport

/// The Gherkin part of the official conformance data (`../shared/conformance/gherkin`).
extension Conformance {
    /// `<package>/../shared/conformance/gherkin`.
    static var directory: URL { url("gherkin") }

    /// The `.feature` file names of `good` or `bad`, sorted; empty when the folder is absent.
    static func features(in folder: String) -> [String] {
        let url = directory.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".feature") }.sorted()
    }

    static func url(_ folder: String, _ name: String) -> URL {
        directory.appendingPathComponent(folder).appendingPathComponent(name)
    }

    /// The languages the conformance documents are parsed with: the built-in ones alone, which hold every
    /// language of `gherkin-languages.json` (`em`, `no`, `ht`...).
    static func languages() throws -> GherkinLanguages {
        .builtIn
    }

    /// The conformance `gherkin-languages.json`.
    static var languagesFile: URL { directory.appendingPathComponent("gherkin-languages.json") }

    /// The lines of an NDJSON file as JSON values, with every `uri` replaced by its last path component.
    static func expectedValues(_ url: URL) throws -> [JSON] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n", omittingEmptySubsequences: true).map {
            try JSON.parse(Data($0.utf8)).normalisingURIs()
        }
    }

    /// Envelopes as JSON values, with every `uri` replaced by its last path component.
    static func values(_ envelopes: [Envelope]) throws -> [JSON] {
        let encoder = JSONEncoder()
        return try envelopes.map { try JSON.parse(encoder.encode($0)).normalisingURIs() }
    }
}

/// A JSON value compared by value (numbers, booleans included, as doubles; objects ignoring key order).
indirect enum JSON: Equatable, CustomStringConvertible {
    case null
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    static func parse(_ data: Data) throws -> JSON {
        from(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    static func from(_ value: Any) -> JSON {
        switch value {
        case let dictionary as [String: Any]: return .object(dictionary.mapValues(from))
        case let array as [Any]: return .array(array.map(from))
        case let string as String: return .string(string)
        case let number as NSNumber: return .number(number.doubleValue)
        default: return .null
        }
    }

    func normalisingURIs() -> JSON {
        switch self {
        case .array(let items): return .array(items.map { $0.normalisingURIs() })
        case .object(let members):
            var result: [String: JSON] = [:]
            for (key, value) in members {
                if key == "uri", case .string(let uri) = value {
                    result[key] = .string(URL(fileURLWithPath: uri).lastPathComponent)
                } else {
                    result[key] = value.normalisingURIs()
                }
            }
            return .object(result)
        default: return self
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .number(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let items): "[" + items.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.keys.sorted().map { "\"\($0)\":\(members[$0]!.description)" }.joined(separator: ",") + "}"
        }
    }
}
