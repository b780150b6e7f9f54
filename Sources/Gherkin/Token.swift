import Messages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The kinds of line the token matcher recognises, as named in the Gherkin grammar.
enum TokenType: UInt8, Sendable, CaseIterable {
    /// The end of the document.
    case eof
    /// A blank line.
    case empty
    /// A `#` comment line.
    case comment
    /// A line of `@tags`.
    case tagLine
    /// `Feature:` and its translations.
    case featureLine
    /// `Rule:` and its translations.
    case ruleLine
    /// `Background:` and its translations.
    case backgroundLine
    /// `Scenario:`, `Scenario Outline:` and their translations.
    case scenarioLine
    /// `Examples:` and its translations.
    case examplesLine
    /// A step (`Given`, `When`, `Then`, `And`, `But`, `*`).
    case stepLine
    /// `"""` or a triple backtick.
    case docStringSeparator
    /// A `| table | row |`.
    case tableRow
    /// A `# language: xx` header.
    case language
    /// Any other line (descriptions, doc string content).
    case other

    /// The grammar's name of the token type, e.g. `"StepLine"`.
    var name: String {
        switch self {
        case .eof: "EOF"
        case .empty: "Empty"
        case .comment: "Comment"
        case .tagLine: "TagLine"
        case .featureLine: "FeatureLine"
        case .ruleLine: "RuleLine"
        case .backgroundLine: "BackgroundLine"
        case .scenarioLine: "ScenarioLine"
        case .examplesLine: "ExamplesLine"
        case .stepLine: "StepLine"
        case .docStringSeparator: "DocStringSeparator"
        case .tableRow: "TableRow"
        case .language: "Language"
        case .other: "Other"
        }
    }
}

/// A positioned piece of a token: one tag of a tag line, or one cell of a table row.
struct TokenItem: Sendable, Hashable {
    /// The 1-based column (in Unicode code points) where the item starts.
    var column: Int
    /// The tag name with its `@`, or the unescaped cell value.
    var text: String

    /// Creates an item.
    init(column: Int, text: String) {
        self.column = column
        self.text = text
    }
}

/// One line of a document (or the end of it) as the parser sees it, with what the matcher found in it.
struct Token: Sendable {
    /// The 1-based line number.
    var line: Int
    /// The 1-based column, set once a matcher recognised the line.
    var column: Int?
    /// What the line was recognised as, `nil` before matching.
    var type: TokenType?
    /// The keyword (`"Given "`, `"Feature"`, the doc string delimiter), when the line has one.
    var keyword: String?
    /// The kind of a step keyword.
    var keywordType: StepKeywordType?
    /// The text after the keyword, the comment, the doc string media type or the content line.
    var text: String?
    /// The tags or cells of the line.
    var items: [TokenItem]
    /// The language in force when the line was matched.
    var language: String

    let lineStart: Int
    let lineEnd: Int
    let trimmedStart: Int
    let indent: Int

    /// Whether this is the end of the document.
    var isEOF: Bool { lineStart < 0 }

    init(line: Int, start: Int, end: Int, trimmedStart: Int, indent: Int) {
        self.line = line
        self.lineStart = start
        self.lineEnd = end
        self.trimmedStart = trimmedStart
        self.indent = indent
        self.items = []
        self.language = ""
    }

    static func endOfFile(line: Int) -> Token {
        Token(line: line, start: -1, end: -1, trimmedStart: -1, indent: 0)
    }
}

/// Reads a document line by line, as the official scanner does: lines end at `\n` only (a `\r` before it is
/// trimmed like other whitespace), and the end of the document is one more token.
struct TokenScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var lineNumber = 0
    private var finished = false

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func read() -> Token {
        lineNumber += 1
        let count = bytes.count
        if position >= count {
            return Token.endOfFile(line: lineNumber)
        }
        let start = position
        var end = start
        if let base = bytes.baseAddress, let found = memchr(base + start, 0x0A, count - start) {
            end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            position = end + 1
        } else {
            end = count
            position = count
        }
        var trimmed = start
        var indent = 0
        while trimmed < end {
            let length = UTF8Text.whitespaceLength(bytes, at: trimmed, end: end)
            if length == 0 { break }
            trimmed += length
            indent += 1
        }
        return Token(line: lineNumber, start: start, end: end, trimmedStart: trimmed, indent: indent)
    }
}
