/// An executable scenario compiled from a Gherkin document: the template of a `TestCase`.
public struct Pickle: Sendable, Hashable, Codable {
    /// The unique id of the pickle.
    public var id: String
    /// The URI of the source file.
    public var uri: String
    /// The location of the scenario, or of the examples row for an outline.
    public var location: Location?
    /// The name of the pickle (outline placeholders substituted).
    public var name: String
    /// The language of the source document.
    public var language: String
    /// The steps, background steps first.
    public var steps: [PickleStep]
    /// The tags, inherited from the feature, rule, scenario and examples.
    public var tags: [PickleTag]
    /// The ids of the AST nodes the pickle comes from: the scenario, then the examples row if any.
    public var astNodeIds: [String]

    /// Creates a pickle.
    public init(
        id: String,
        uri: String,
        location: Location? = nil,
        name: String,
        language: String,
        steps: [PickleStep],
        tags: [PickleTag],
        astNodeIds: [String]
    ) {
        self.id = id
        self.uri = uri
        self.location = location
        self.name = name
        self.language = language
        self.steps = steps
        self.tags = tags
        self.astNodeIds = astNodeIds
    }
}

extension Pickle: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", id)
        json.field("uri", uri)
        json.field("location", location)
        json.field("name", name)
        json.field("language", language)
        json.field("steps", steps)
        json.field("tags", tags)
        json.field("astNodeIds", astNodeIds)
        json.endObject()
    }
}

/// An executable step of a pickle.
public struct PickleStep: Sendable, Hashable, Codable {
    /// The doc string and/or data table argument, if any.
    public var argument: PickleStepArgument?
    /// The ids of the AST nodes the step comes from: the step, then the examples row if any.
    public var astNodeIds: [String]
    /// The unique id of the step.
    public var id: String
    /// The phase of the step (`And`/`But` resolved to the previous phase).
    public var type: PickleStepType?
    /// The text of the step (outline placeholders substituted).
    public var text: String

    /// Creates a pickle step.
    public init(
        argument: PickleStepArgument? = nil,
        astNodeIds: [String],
        id: String,
        type: PickleStepType? = nil,
        text: String
    ) {
        self.argument = argument
        self.astNodeIds = astNodeIds
        self.id = id
        self.type = type
        self.text = text
    }
}

extension PickleStep: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("argument", argument)
        json.field("astNodeIds", astNodeIds)
        json.field("id", id)
        json.field("type", type)
        json.field("text", text)
        json.endObject()
    }
}

/// The phase of a pickle step: `Given` (context), `When` (action), `Then` (outcome), or unknown (`*`).
public enum PickleStepType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A step without a specific phase, such as `* step`.
    case unknown = "Unknown"
    /// A `Given` step.
    case context = "Context"
    /// A `When` step.
    case action = "Action"
    /// A `Then` step.
    case outcome = "Outcome"
}

extension PickleStepType: JSONWritable {
    /// Writes the raw value as a JSON string.
    public func write(to json: inout JSONWriter) {
        json.string(rawValue)
    }
}

/// The argument of a pickle step. JSON: `{"docString":{...}}`, `{"dataTable":{...}}`, or both keys.
///
/// Protocol 32 added steps with both a doc string and a data table; their `argumentIndex` (1 or 2)
/// says which was written first. Use the `docString` and `dataTable` accessors to read either one.
public enum PickleStepArgument: Sendable, Hashable, Codable {
    /// A doc string argument.
    case docString(PickleDocString)
    /// A data table argument.
    case dataTable(PickleTable)
    /// Both a doc string and a data table (order given by their `argumentIndex`).
    case docStringAndDataTable(PickleDocString, PickleTable)

    /// The doc string, if the argument has one.
    public var docString: PickleDocString? {
        switch self {
        case .docString(let value), .docStringAndDataTable(let value, _): value
        case .dataTable: nil
        }
    }

    /// The data table, if the argument has one.
    public var dataTable: PickleTable? {
        switch self {
        case .dataTable(let value), .docStringAndDataTable(_, let value): value
        case .docString: nil
        }
    }

    private enum CodingKeys: String, CodingKey {
        case docString, dataTable
    }

    /// Decodes `{"docString":...}`, `{"dataTable":...}` or an object with both keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let docString = try container.decodeIfPresent(PickleDocString.self, forKey: .docString)
        let dataTable = try container.decodeIfPresent(PickleTable.self, forKey: .dataTable)
        switch (docString, dataTable) {
        case (let docString?, let dataTable?): self = .docStringAndDataTable(docString, dataTable)
        case (let docString?, nil): self = .docString(docString)
        case (nil, let dataTable?): self = .dataTable(dataTable)
        case (nil, nil):
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a PickleStepArgument needs \"docString\" or \"dataTable\""
                )
            )
        }
    }

    /// Encodes the argument as a JSON object with a `docString` and/or `dataTable` key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(docString, forKey: .docString)
        try container.encodeIfPresent(dataTable, forKey: .dataTable)
    }
}

extension PickleStepArgument: JSONWritable {
    /// Writes the argument as a JSON object with a `docString` and/or a `dataTable` member.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        switch self {
        case .docString(let docString):
            json.field("docString", docString)
        case .dataTable(let dataTable):
            json.field("dataTable", dataTable)
        case .docStringAndDataTable(let docString, let dataTable):
            json.field("docString", docString)
            json.field("dataTable", dataTable)
        }
        json.endObject()
    }
}

/// The doc string argument of a pickle step.
public struct PickleDocString: Sendable, Hashable, Codable {
    /// 1 if written before the step's data table, 2 if after; absent when the step has no data table.
    public var argumentIndex: Int?
    /// The media type written after the opening delimiter, if any.
    public var mediaType: String?
    /// The content (outline placeholders substituted).
    public var content: String

    /// Creates a pickle doc string.
    public init(argumentIndex: Int? = nil, mediaType: String? = nil, content: String) {
        self.argumentIndex = argumentIndex
        self.mediaType = mediaType
        self.content = content
    }
}

extension PickleDocString: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("argumentIndex", argumentIndex)
        json.field("mediaType", mediaType)
        json.field("content", content)
        json.endObject()
    }
}

/// The data table argument of a pickle step.
public struct PickleTable: Sendable, Hashable, Codable {
    /// 1 if written before the step's doc string, 2 if after; absent when the step has no doc string.
    public var argumentIndex: Int?
    /// The rows of the table.
    public var rows: [PickleTableRow]

    /// Creates a pickle table.
    public init(argumentIndex: Int? = nil, rows: [PickleTableRow]) {
        self.argumentIndex = argumentIndex
        self.rows = rows
    }
}

extension PickleTable: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("argumentIndex", argumentIndex)
        json.field("rows", rows)
        json.endObject()
    }
}

/// A row of a pickle table.
public struct PickleTableRow: Sendable, Hashable, Codable {
    /// The cells of the row.
    public var cells: [PickleTableCell]

    /// Creates a pickle table row.
    public init(cells: [PickleTableCell]) {
        self.cells = cells
    }
}

extension PickleTableRow: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("cells", cells)
        json.endObject()
    }
}

/// A cell of a pickle table row.
public struct PickleTableCell: Sendable, Hashable, Codable {
    /// The value of the cell (outline placeholders substituted).
    public var value: String

    /// Creates a pickle table cell.
    public init(value: String) {
        self.value = value
    }
}

extension PickleTableCell: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("value", value)
        json.endObject()
    }
}

/// A tag of a pickle, pointing back to the tag in the Gherkin document.
public struct PickleTag: Sendable, Hashable, Codable {
    /// The name of the tag, including the leading `@`.
    public var name: String
    /// The id of the `Tag` AST node this tag comes from.
    public var astNodeId: String

    /// Creates a pickle tag.
    public init(name: String, astNodeId: String) {
        self.name = name
        self.astNodeId = astNodeId
    }
}

extension PickleTag: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("name", name)
        json.field("astNodeId", astNodeId)
        json.endObject()
    }
}
