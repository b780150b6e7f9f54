/// The media type of a `Source`: plain Gherkin or Markdown with Gherkin.
public enum SourceMediaType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A plain `.feature` file.
    case gherkinPlain = "text/x.cucumber.gherkin+plain"
    /// A Markdown file with Gherkin (`.feature.md`).
    case gherkinMarkdown = "text/x.cucumber.gherkin+markdown"
}

extension SourceMediaType: JSONWritable {
    /// Writes the raw value as a JSON string.
    public func write(to json: inout JSONWriter) {
        json.string(rawValue)
    }
}

/// A source file, typically a Gherkin document, with its full text.
public struct Source: Sendable, Hashable, Codable {
    /// The URI of the source, typically a path relative to the project root.
    public var uri: String
    /// The contents of the file.
    public var data: String
    /// The media type of the file.
    public var mediaType: SourceMediaType

    /// Creates a source.
    public init(uri: String, data: String, mediaType: SourceMediaType) {
        self.uri = uri
        self.data = data
        self.mediaType = mediaType
    }
}

extension Source: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("uri", uri)
        json.field("data", data)
        json.field("mediaType", mediaType)
        json.endObject()
    }
}
