/// A line and an optional column in a text file, both 1-based.
public struct Location: Sendable, Hashable, Codable {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column number, when known.
    public var column: Int?

    /// Creates a location.
    public init(line: Int, column: Int? = nil) {
        self.line = line
        self.column = column
    }
}

extension Location: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("line", line)
        json.field("column", column)
        json.endObject()
    }
}
