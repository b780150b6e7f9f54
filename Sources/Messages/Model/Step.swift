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

extension Step: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("keyword", keyword)
        json.field("keywordType", keywordType)
        json.field("text", text)
        json.field("docString", docString)
        json.field("dataTable", dataTable)
        json.field("id", id)
        json.endObject()
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

extension StepKeywordType: JSONWritable {
    /// Writes the raw value as a JSON string.
    public func write(to json: inout JSONWriter) {
        json.string(rawValue)
    }
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

extension GherkinDocString: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("mediaType", mediaType)
        json.field("content", content)
        json.field("delimiter", delimiter)
        json.endObject()
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

extension GherkinDataTable: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("rows", rows)
        json.endObject()
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

extension TableRow: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("cells", cells)
        json.field("id", id)
        json.endObject()
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

extension TableCell: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("value", value)
        json.endObject()
    }
}
