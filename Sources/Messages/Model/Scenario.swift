/// A `Scenario:` or `Scenario Outline:` (a scenario with examples).
public struct Scenario: Sendable, Hashable, Codable {
    /// The location of the `Scenario` keyword.
    public var location: Location
    /// The tags above the `Scenario` keyword.
    public var tags: [Tag]
    /// The `Scenario` (or `Scenario Outline`) keyword as written.
    public var keyword: String
    /// The name following the keyword.
    public var name: String
    /// The description lines below the keyword.
    public var description: String
    /// The steps of the scenario.
    public var steps: [Step]
    /// The examples tables of an outline; empty for a plain scenario.
    public var examples: [Examples]
    /// The unique id of the scenario.
    public var id: String

    /// Creates a scenario.
    public init(
        location: Location,
        tags: [Tag],
        keyword: String,
        name: String,
        description: String,
        steps: [Step],
        examples: [Examples],
        id: String
    ) {
        self.location = location
        self.tags = tags
        self.keyword = keyword
        self.name = name
        self.description = description
        self.steps = steps
        self.examples = examples
        self.id = id
    }
}

extension Scenario: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("tags", tags)
        json.field("keyword", keyword)
        json.field("name", name)
        json.field("description", description)
        json.field("steps", steps)
        json.field("examples", examples)
        json.field("id", id)
        json.endObject()
    }
}

/// An `Examples:` table of a scenario outline.
public struct Examples: Sendable, Hashable, Codable {
    /// The location of the `Examples` keyword.
    public var location: Location
    /// The tags above the `Examples` keyword.
    public var tags: [Tag]
    /// The `Examples` keyword as written.
    public var keyword: String
    /// The name following the keyword.
    public var name: String
    /// The description lines below the keyword.
    public var description: String
    /// The header row, absent when the table is empty.
    public var tableHeader: TableRow?
    /// The body rows.
    public var tableBody: [TableRow]
    /// The unique id of the examples.
    public var id: String

    /// Creates an examples table.
    public init(
        location: Location,
        tags: [Tag],
        keyword: String,
        name: String,
        description: String,
        tableHeader: TableRow? = nil,
        tableBody: [TableRow],
        id: String
    ) {
        self.location = location
        self.tags = tags
        self.keyword = keyword
        self.name = name
        self.description = description
        self.tableHeader = tableHeader
        self.tableBody = tableBody
        self.id = id
    }
}

extension Examples: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("tags", tags)
        json.field("keyword", keyword)
        json.field("name", name)
        json.field("description", description)
        json.field("tableHeader", tableHeader)
        json.field("tableBody", tableBody)
        json.field("id", id)
        json.endObject()
    }
}
