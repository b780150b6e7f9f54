import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The helpers the payload mappers share. Everything here is a pure function of its input.
enum PayloadDecoding {
    /// The only status code whose body is read as a feed.
    static let ok = 200

    /// Throws unless the response is `200 OK`.
    static func requireOK(_ response: HTTPURLResponse) throws {
        guard response.statusCode == ok else {
            throw FeedPayloadError("the server answered with status \(response.statusCode), not \(ok)")
        }
    }

    /// Decodes `data` as JSON into `type`, turning a decoding failure into a `FeedPayloadError` naming the field.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw FeedPayloadError(describe(error))
        } catch {
            throw FeedPayloadError("the body is not JSON (\(error))")
        }
    }

    /// A web address: an absolute `http` or `https` URL with a host.
    static func webURL(_ string: String, at path: @autoclosure () -> String) throws -> URL {
        guard let url = URL(string: string), FeedImage.isWebAddress(url) else {
            throw FeedPayloadError("\(path()): \"\(string)\" is not an http or https address")
        }
        return url
    }

    /// An optional web address: `nil` stays `nil`, anything else must be a web address.
    static func optionalWebURL(_ string: String?, at path: @autoclosure () -> String) throws -> URL? {
        guard let string else { return nil }
        return try webURL(string, at: path())
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(render(context.codingPath + [key])): the field is missing"
        case .valueNotFound(_, let context):
            return "\(render(context.codingPath)): the value is null but is required"
        case .typeMismatch(let type, let context):
            return "\(render(context.codingPath)): expected \(typeName(type))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "the body is not valid JSON" }
            return "\(render(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "the body could not be decoded"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }

    private static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "the body" : text
    }
}
