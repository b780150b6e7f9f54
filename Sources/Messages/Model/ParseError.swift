/// A syntax error found while parsing a source, with where it was found.
public struct ParseError: Sendable, Hashable, Codable {
    /// Where the error was found.
    public var source: SourceReference
    /// The error message, e.g. `(3:5): expected: #EOF, #TableRow, ... got 'Foo'`.
    public var message: String

    /// Creates a parse error.
    public init(source: SourceReference, message: String) {
        self.source = source
        self.message = message
    }
}

extension ParseError: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("source", source)
        json.field("message", message)
        json.endObject()
    }
}
