/// A `Rule:` of a feature.
public struct Rule: Sendable, Hashable, Codable {
    /// The location of the `Rule` keyword.
    public var location: Location
    /// The tags above the `Rule` keyword.
    public var tags: [Tag]
    /// The `Rule` keyword as written.
    public var keyword: String
    /// The name following the keyword.
    public var name: String
    /// The description lines below the keyword.
    public var description: String
    /// The backgrounds and scenarios of the rule, in order.
    public var children: [RuleChild]
    /// The unique id of the rule.
    public var id: String

    /// Creates a rule.
    public init(
        location: Location,
        tags: [Tag],
        keyword: String,
        name: String,
        description: String,
        children: [RuleChild],
        id: String
    ) {
        self.location = location
        self.tags = tags
        self.keyword = keyword
        self.name = name
        self.description = description
        self.children = children
        self.id = id
    }
}

extension Rule: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("tags", tags)
        json.field("keyword", keyword)
        json.field("name", name)
        json.field("description", description)
        json.field("children", children)
        json.field("id", id)
        json.endObject()
    }
}

/// A child of a `Rule`: a background or a scenario. JSON: `{"background":{...}}` or `{"scenario":{...}}`.
public enum RuleChild: Sendable, Hashable, Codable {
    /// A `Background:`.
    case background(Background)
    /// A `Scenario:` or `Scenario Outline:`.
    case scenario(Scenario)

    private enum CodingKeys: String, CodingKey {
        case background, scenario
    }

    /// Decodes the single-key JSON object `{"background":...}` or `{"scenario":...}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a RuleChild needs exactly one of \"background\", \"scenario\""
                )
            )
        }
        switch key {
        case .background: self = .background(try container.decode(Background.self, forKey: key))
        case .scenario: self = .scenario(try container.decode(Scenario.self, forKey: key))
        }
    }

    /// Encodes the child as a single-key JSON object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .background(let value): try container.encode(value, forKey: .background)
        case .scenario(let value): try container.encode(value, forKey: .scenario)
        }
    }
}

extension RuleChild: JSONWritable {
    /// Writes the child as a single-key JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        switch self {
        case .background(let value): json.field("background", value)
        case .scenario(let value): json.field("scenario", value)
        }
        json.endObject()
    }
}
