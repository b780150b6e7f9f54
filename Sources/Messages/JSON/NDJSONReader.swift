import Foundation

/// Reads NDJSON message streams (one envelope per line) with `JSONDecoder`.
///
/// Blank lines are ignored, as the official readers do; a line ending in `\r\n` is accepted. A line that is
/// not valid JSON, lacks a required field or has a value of the wrong type throws an `NDJSONReadError` naming
/// the file (when given) and the line. A line whose envelope type is unknown (a newer protocol) throws too,
/// unless `skipsUnknownEnvelopeTypes` is set: then it is skipped and reported as an `NDJSONWarning`.
/// Unknown members inside known messages are ignored.
public struct NDJSONReader: Sendable {
    /// Whether to skip lines whose envelope type this version does not know, with a warning, instead of failing.
    public var skipsUnknownEnvelopeTypes: Bool

    /// Creates a reader.
    public init(skipsUnknownEnvelopeTypes: Bool = false) {
        self.skipsUnknownEnvelopeTypes = skipsUnknownEnvelopeTypes
    }

    /// Decodes every line of `data`, calling `body` with each envelope in order, and returns the warnings.
    /// `file` names the source in errors and warnings.
    @discardableResult
    public func forEachEnvelope(
        in data: Data,
        file: String? = nil,
        _ body: (Envelope) throws -> Void
    ) throws -> [NDJSONWarning] {
        try forEachEnvelopeAndLine(in: data, file: file) { envelope, _ in try body(envelope) }
    }

    /// Decodes every line of `data`, calling `body` with each envelope and its 1-based line number, in order, and
    /// returns the warnings. `file` names the source in errors and warnings.
    @discardableResult
    public func forEachEnvelopeAndLine(
        in data: Data,
        file: String? = nil,
        _ body: (Envelope, Int) throws -> Void
    ) throws -> [NDJSONWarning] {
        let decoder = JSONDecoder()
        var warnings: [NDJSONWarning] = []
        var lineNumber = 0
        var lineStart = data.startIndex
        while lineStart < data.endIndex {
            lineNumber += 1
            let lineEnd = data[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            let line = data[lineStart..<lineEnd]
            lineStart = lineEnd < data.endIndex ? lineEnd + 1 : lineEnd
            if line.allSatisfy(Self.isWhitespace) { continue }
            let envelope: Envelope
            do {
                envelope = try decoder.decode(Envelope.self, from: line)
            } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
                throw NDJSONReadError(file: file, line: lineNumber, reason: Self.explainCorrupted(line, context))
            } catch EnvelopeDecodingError.unknownType(let key) where skipsUnknownEnvelopeTypes {
                warnings.append(
                    NDJSONWarning(file: file, line: lineNumber, message: "skipped unknown envelope type \"\(key)\"")
                )
                continue
            } catch {
                throw NDJSONReadError(file: file, line: lineNumber, reason: Self.explain(error))
            }
            try body(envelope, lineNumber)
        }
        return warnings
    }

    /// Decodes every line of `data`. `file` names the source in errors and warnings.
    public func read(_ data: Data, file: String? = nil) throws -> NDJSONContents {
        var envelopes: [Envelope] = []
        let warnings = try forEachEnvelope(in: data, file: file) { envelopes.append($0) }
        return NDJSONContents(envelopes: envelopes, warnings: warnings)
    }

    /// Reads and decodes the NDJSON file at `url`; errors name its path.
    public func read(contentsOf url: URL) async throws -> NDJSONContents {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw NDJSONReadError(
                file: url.path, line: nil, reason: "cannot read the file (\(error.localizedDescription))")
        }
        return try read(data, file: url.path)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// A one-line explanation of a decoding error, with the JSON path of the offending value.
    static func explain(_ error: any Error) -> String {
        switch error {
        case let error as EnvelopeDecodingError:
            return error.description
        case DecodingError.keyNotFound(let key, let context):
            return "missing required field \"\(key.stringValue)\" in \(path(context.codingPath))"
        case DecodingError.valueNotFound(let type, let context):
            return "null where \(typeName(type)) is required at \(path(context.codingPath))"
        case DecodingError.typeMismatch(let type, let context):
            return "expected \(typeName(type)) at \(path(context.codingPath))"
        case DecodingError.dataCorrupted(let context):
            return "invalid value at \(path(context.codingPath)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    /// JSONDecoder reports malformed JSON without a position: find it with our own parser.
    private static func explainCorrupted(_ line: Data, _ context: DecodingError.Context) -> String {
        do {
            _ = try JSONValue(parsing: line)
        } catch {
            return "not valid JSON at column \(error.column): \(error.reason)"
        }
        // Well-formed JSON that JSONDecoder still rejects: typically a fractional or out-of-range number
        // where an integer is required.
        return "invalid value (a number where an integer is required is fractional or out of range?): "
            + context.debugDescription
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "the envelope" : text
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Bool.Type: "a boolean"
        case is Double.Type: "a number"
        default:
            "\(type)".hasPrefix("Dictionary") ? "an object" : "\(type)".hasPrefix("Array") ? "an array" : "\(type)"
        }
    }
}

/// The envelopes of an NDJSON stream, and the warnings about lines that were skipped.
public struct NDJSONContents: Sendable, Hashable {
    /// The envelopes, in stream order.
    public var envelopes: [Envelope]
    /// The lines skipped (unknown envelope types, when the reader skips them).
    public var warnings: [NDJSONWarning]

    /// Creates stream contents.
    public init(envelopes: [Envelope], warnings: [NDJSONWarning] = []) {
        self.envelopes = envelopes
        self.warnings = warnings
    }
}

/// A line of an NDJSON stream could not be read as an envelope.
public struct NDJSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, if the stream came from one.
    public var file: String?
    /// The 1-based line number, or `nil` when the whole file could not be read.
    public var line: Int?
    /// What is wrong, e.g. `missing required field "uri" in pickle`.
    public var reason: String

    /// Creates a read error.
    public init(file: String?, line: Int?, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `file:line: reason`, or `line N: reason` without a file.
    public var description: String {
        switch (file, line) {
        case (let file?, let line?): "\(file):\(line): \(reason)"
        case (let file?, nil): "\(file): \(reason)"
        case (nil, let line?): "line \(line): \(reason)"
        case (nil, nil): reason
        }
    }
}

/// A line of an NDJSON stream that was skipped.
public struct NDJSONWarning: Sendable, Hashable, CustomStringConvertible {
    /// The file, if the stream came from one.
    public var file: String?
    /// The 1-based line number.
    public var line: Int
    /// Why the line was skipped.
    public var message: String

    /// Creates a warning.
    public init(file: String?, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`, or `line N: message` without a file.
    public var description: String {
        if let file { "\(file):\(line): \(message)" } else { "line \(line): \(message)" }
    }
}
