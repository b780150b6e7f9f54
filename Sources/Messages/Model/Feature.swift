/// The `Feature:` of a Gherkin document.
public struct Feature: Sendable, Hashable, Codable {
    /// The location of the `Feature` keyword.
    public var location: Location
    /// The tags above the `Feature` keyword.
    public var tags: [Tag]
    /// The ISO 639-1 language code of the document, e.g. `en`.
    public var language: String
    /// The `Feature` keyword as written, in the document's language; empty for a Markdown document without a
    /// `# Feature:` heading, whose JSON has no `keyword`, as the official parsers write it.
    public var keyword: String
    /// The name following the keyword.
    public var name: String
    /// The description lines below the keyword.
    public var description: String
    /// The rules, backgrounds and scenarios of the feature, in order.
    public var children: [FeatureChild]

    /// Creates a feature.
    public init(
        location: Location,
        tags: [Tag],
        language: String,
        keyword: String,
        name: String,
        description: String,
        children: [FeatureChild]
    ) {
        self.location = location
        self.tags = tags
        self.language = language
        self.keyword = keyword
        self.name = name
        self.description = description
        self.children = children
    }

    private enum CodingKeys: String, CodingKey {
        case location, tags, language, keyword, name, description, children
    }

    /// Decodes a feature; a missing `keyword` (a Markdown document without a heading) is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        location = try container.decode(Location.self, forKey: .location)
        tags = try container.decode([Tag].self, forKey: .tags)
        language = try container.decode(String.self, forKey: .language)
        keyword = try container.decodeIfPresent(String.self, forKey: .keyword) ?? ""
        name = try container.decode(String.self, forKey: .name)
        description = try container.decode(String.self, forKey: .description)
        children = try container.decode([FeatureChild].self, forKey: .children)
    }

    /// Encodes a feature, without `keyword` when it is empty.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(location, forKey: .location)
        try container.encode(tags, forKey: .tags)
        try container.encode(language, forKey: .language)
        if !keyword.isEmpty { try container.encode(keyword, forKey: .keyword) }
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(children, forKey: .children)
    }
}

extension Feature: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("tags", tags)
        json.field("language", language)
        // A Markdown document without a `# Feature:` heading has no keyword: the official parsers leave it out.
        if !keyword.isEmpty { json.field("keyword", keyword) }
        json.field("name", name)
        json.field("description", description)
        json.field("children", children)
        json.endObject()
    }
}

/// A child of a `Feature`: a rule, a background or a scenario. JSON: `{"rule":{...}}` and so on.
public enum FeatureChild: Sendable, Hashable, Codable {
    /// A `Rule:`.
    case rule(Rule)
    /// A `Background:`.
    case background(Background)
    /// A `Scenario:` or `Scenario Outline:`.
    case scenario(Scenario)

    private enum CodingKeys: String, CodingKey {
        case rule, background, scenario
    }

    /// Decodes the single-key JSON object `{"rule":...}`, `{"background":...}` or `{"scenario":...}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a FeatureChild needs exactly one of \"rule\", \"background\", \"scenario\""
                )
            )
        }
        switch key {
        case .rule: self = .rule(try container.decode(Rule.self, forKey: key))
        case .background: self = .background(try container.decode(Background.self, forKey: key))
        case .scenario: self = .scenario(try container.decode(Scenario.self, forKey: key))
        }
    }

    /// Encodes the child as a single-key JSON object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .rule(let value): try container.encode(value, forKey: .rule)
        case .background(let value): try container.encode(value, forKey: .background)
        case .scenario(let value): try container.encode(value, forKey: .scenario)
        }
    }
}

extension FeatureChild: JSONWritable {
    /// Writes the child as a single-key JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        switch self {
        case .rule(let value): json.field("rule", value)
        case .background(let value): json.field("background", value)
        case .scenario(let value): json.field("scenario", value)
        }
        json.endObject()
    }
}
