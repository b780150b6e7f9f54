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

/// A step of a scenario or background, e.g. `Given I have 42 cukes`.
public struct Step: Sendable, Hashable, Codable {
    /// The location of the step's keyword.
    public var location: Location
    /// The keyword as written, including its trailing space (e.g. `"Given "`).
    public var keyword: String
    /// The phase the keyword signals; `unknown` for keywords such as `*`.
    public var keywordType: StepKeywordType?
    /// The text after the keyword.
    public var text: String
    /// The doc string argument, if any.
    public var docString: GherkinDocString?
    /// The data table argument, if any.
    public var dataTable: GherkinDataTable?
    /// The unique id of the step.
    public var id: String

    /// Creates a step.
    public init(
        location: Location,
        keyword: String,
        keywordType: StepKeywordType? = nil,
        text: String,
        docString: GherkinDocString? = nil,
        dataTable: GherkinDataTable? = nil,
        id: String
    ) {
        self.location = location
        self.keyword = keyword
        self.keywordType = keywordType
        self.text = text
        self.docString = docString
        self.dataTable = dataTable
        self.id = id
    }
}

/// The phase a step keyword signals: `Given` (context), `When` (action), `Then` (outcome), `And`/`But`.
public enum StepKeywordType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A keyword without a specific phase, such as `*`.
    case unknown = "Unknown"
    /// `Given`.
    case context = "Context"
    /// `When`.
    case action = "Action"
    /// `Then`.
    case outcome = "Outcome"
    /// `And` or `But`: continues the previous phase.
    case conjunction = "Conjunction"
}

/// A doc string argument of a step (text between `"""` or ```` ``` ```` delimiters).
public struct GherkinDocString: Sendable, Hashable, Codable {
    /// The location of the opening delimiter.
    public var location: Location
    /// The media type written after the opening delimiter, if any.
    public var mediaType: String?
    /// The content, without the delimiters and the common indentation.
    public var content: String
    /// The delimiter: `"""` or ```` ``` ````.
    public var delimiter: String

    /// Creates a doc string.
    public init(location: Location, mediaType: String? = nil, content: String, delimiter: String) {
        self.location = location
        self.mediaType = mediaType
        self.content = content
        self.delimiter = delimiter
    }
}

/// A data table argument of a step.
public struct GherkinDataTable: Sendable, Hashable, Codable {
    /// The location of the first row.
    public var location: Location
    /// The rows of the table.
    public var rows: [TableRow]

    /// Creates a data table.
    public init(location: Location, rows: [TableRow]) {
        self.location = location
        self.rows = rows
    }
}

/// A row of a data table or examples table.
public struct TableRow: Sendable, Hashable, Codable {
    /// The location of the first cell of the row.
    public var location: Location
    /// The cells of the row.
    public var cells: [TableCell]
    /// The unique id of the row.
    public var id: String

    /// Creates a table row.
    public init(location: Location, cells: [TableCell], id: String) {
        self.location = location
        self.cells = cells
        self.id = id
    }
}

/// A cell of a table row.
public struct TableCell: Sendable, Hashable, Codable {
    /// The location of the cell's value.
    public var location: Location
    /// The value of the cell, unescaped and trimmed.
    public var value: String

    /// Creates a table cell.
    public init(location: Location, value: String) {
        self.location = location
        self.value = value
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
