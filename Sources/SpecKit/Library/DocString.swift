import Messages

/// The doc string of a step, given to a step definition that takes a trailing `DocString` argument.
///
/// ```swift
/// steps.given("the remote feed answers:") { (world, body: DocString) in
///     world.stubResponse(body.content, mediaType: body.mediaType ?? "application/json")
/// }
/// ```
///
/// A definition may take a trailing `String` instead, to receive the content only.
public struct DocString: Sendable, Hashable, CustomStringConvertible {
    /// The text between the delimiters, indentation removed and outline placeholders filled in.
    public var content: String
    /// The media type written after the opening delimiter (`json` in `"""json`), if any.
    public var mediaType: String?
    /// The `.feature` file the doc string is in, when it comes from one.
    public var uri: String?
    /// The position of the opening delimiter, when it comes from a `.feature` file.
    public var location: Location?

    /// Creates a doc string.
    public init(_ content: String, mediaType: String? = nil, uri: String? = nil, location: Location? = nil) {
        self.content = content
        self.mediaType = mediaType
        self.uri = uri
        self.location = location
    }

    /// The content.
    public var description: String { content }
}
