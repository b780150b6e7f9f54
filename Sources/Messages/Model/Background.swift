/// A `Background:`: steps run before every scenario of its feature or rule.
public struct Background: Sendable, Hashable, Codable {
    /// The location of the `Background` keyword.
    public var location: Location
    /// The `Background` keyword as written.
    public var keyword: String
    /// The name following the keyword.
    public var name: String
    /// The description lines below the keyword.
    public var description: String
    /// The steps of the background.
    public var steps: [Step]
    /// The unique id of the background.
    public var id: String

    /// Creates a background.
    public init(location: Location, keyword: String, name: String, description: String, steps: [Step], id: String) {
        self.location = location
        self.keyword = keyword
        self.name = name
        self.description = description
        self.steps = steps
        self.id = id
    }
}

extension Background: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("keyword", keyword)
        json.field("name", name)
        json.field("description", description)
        json.field("steps", steps)
        json.field("id", id)
        json.endObject()
    }
}
