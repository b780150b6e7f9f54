/// A problem found in a `.feature` document, with where it is.
///
/// `message` is the official message text (`"expected: #EOF, ..., got 'x'"`, `"inconsistent cell count within
/// the table"`, ...). `description` is what a person reads: `uri:line:column: message`.
public struct GherkinError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The document's uri (usually its path).
    public var uri: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column in Unicode code points; `nil` for an unexpected end of file.
    public var column: Int?
    /// What is wrong, without the location.
    public var message: String
    /// The column of the `parseError` envelope's location, where the official parsers put a different one than
    /// in the message (`Language not supported` is reported at column 1).
    public var envelopeColumn: Int?

    /// Creates an error.
    public init(uri: String, line: Int, column: Int?, message: String, envelopeColumn: Int? = nil) {
        self.uri = uri
        self.line = line
        self.column = column
        self.message = message
        self.envelopeColumn = envelopeColumn ?? column
    }

    /// `uri:line:column: message` (the column is left out when unknown).
    public var description: String {
        if let column {
            return "\(uri):\(line):\(column): \(message)"
        }
        return "\(uri):\(line): \(message)"
    }

    /// The message as the official parsers put it in a `parseError` envelope: `(line:column): message`, with
    /// column 0 when unknown.
    public var officialMessage: String {
        "(\(line):\(column ?? 0)): \(message)"
    }
}

/// An error before it is tied to a document's uri.
struct ParserIssue: Error, Equatable {
    var line: Int
    var column: Int?
    var message: String
    /// The official parsers keep a reference to the token's location, which a later match moves to column 1.
    var envelopeColumn: Int?

    var key: String { "(\(line):\(column ?? 0)): \(message)" }
}
