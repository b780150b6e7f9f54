/// The abstract syntax tree of one Gherkin document.
///
/// Runners execute `Pickle`s, not this tree; the tree is for formatters that render the document.
public struct GherkinDocument: Sendable, Hashable, Codable {
    /// The URI of the source, typically a path relative to the project root.
    public var uri: String?
    /// The feature, absent when the document holds no `Feature:` (e.g. only comments).
    public var feature: Feature?
    /// Every comment of the document, in order.
    public var comments: [Comment]

    /// Creates a Gherkin document.
    public init(uri: String? = nil, feature: Feature? = nil, comments: [Comment]) {
        self.uri = uri
        self.feature = feature
        self.comments = comments
    }
}

extension GherkinDocument: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("uri", uri)
        json.field("feature", feature)
        json.field("comments", comments)
        json.endObject()
    }
}

/// A `# comment` line in a Gherkin document.
public struct Comment: Sendable, Hashable, Codable {
    /// The location of the comment.
    public var location: Location
    /// The text of the comment, including the leading whitespace and `#`.
    public var text: String

    /// Creates a comment.
    public init(location: Location, text: String) {
        self.location = location
        self.text = text
    }
}

extension Comment: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("text", text)
        json.endObject()
    }
}

/// A tag such as `@wip` on a feature, rule, scenario or examples.
///
/// In a file that also imports Swift Testing (which has its own `Tag`), write `Messages.Tag` in type positions.
public struct Tag: Sendable, Hashable, Codable {
    /// The location of the tag.
    public var location: Location
    /// The name of the tag, including the leading `@`.
    public var name: String
    /// The unique id of the tag.
    public var id: String

    /// Creates a tag.
    public init(location: Location, name: String, id: String) {
        self.location = location
        self.name = name
        self.id = id
    }
}

extension Tag: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("name", name)
        json.field("id", id)
        json.endObject()
    }
}
