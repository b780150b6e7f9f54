import Messages

/// The matcher of Markdown with Gherkin (`.feature.md`): recognises lines as the official JavaScript parser (the one
/// cucumber-js uses) recognises them:
///
/// - headings of one to six `#`, one space or tab, then a keyword and its colon: `# Feature:`, `## Rule:`,
///   `### Scenario:`, `#### Examples:` (any level for any keyword); the first line that is not a tag line is the
///   feature even without a heading;
/// - steps as bullets: `*`, `+` or `-`, then a step keyword (`* Given`), the column at the keyword;
/// - tags in backticks anywhere on a line (`` `@cheese` ``);
/// - table rows indented by two to five spaces; a separator row (`| --- |`) is a comment without text;
/// - doc strings in backtick fences of three or more, closed by the same fence;
/// - every other line is empty, so the prose around the scenarios is left out (descriptions only where the
///   grammar asks for one). `# language:` is not read: the document is in the default language.
struct MarkdownTokenMatcher: TokenMatcher {
    let bytes: UnsafeBufferPointer<UInt8>
    let dialect: CompiledDialect
    /// Whether the feature line has been seen (the first line that is not a tag line is the feature).
    private var featureSeen = false
    /// The length of the backtick fence of the open doc string, 0 when none is open.
    private var openFence = 0
    /// The indentation removed from doc string and description lines, set by the first fence.
    private var indentToRemove: Int?
    /// The step keywords without the bare `* `, longest first.
    private let stepKeywords: [CompiledDialect.Keyword]
    private var tableCells: TableCellReader

    init(bytes: UnsafeBufferPointer<UInt8>, dialect: CompiledDialect) {
        self.bytes = bytes
        self.dialect = dialect
        stepKeywords = dialect.steps.filter { $0.keyword != "* " }.sorted { $0.bytes.count > $1.bytes.count }
        tableCells = TableCellReader(bytes: bytes)
    }

    /// Whether the token is of the given type; fills the token in when it is.
    mutating func match(_ type: TokenType, _ token: inout Token) -> Bool {
        if let atEnd = matchEndOfDocument(type, &token) { return atEnd }
        switch type {
        case .eof, .language: return false
        case .empty:
            // Blank, or nothing else: prose is empty. Like the official matcher, asking the others may open or
            // close a doc string.
            if token.trimmedStart < contentEnd(token), wouldMatchAnotherType(token) { return false }
            setMatched(&token, .empty, indent: 0)
            return true
        case .comment:
            guard firstByte(token) == UInt8(ascii: "|"),
                tableCells.cells(of: token).contains(where: Self.isSeparatorCell)
            else { return false }
            setMatched(&token, .comment, indent: 0)
            return true
        case .tagLine: return matchTags(&token)
        case .featureLine: return matchFeature(&token)
        case .ruleLine: return matchHeading(&token, .ruleLine, dialect.rule)
        case .backgroundLine: return matchHeading(&token, .backgroundLine, dialect.background)
        case .scenarioLine: return matchHeading(&token, .scenarioLine, dialect.scenario)
        case .examplesLine: return matchHeading(&token, .examplesLine, dialect.examples)
        case .stepLine: return matchStep(&token)
        case .docStringSeparator: return matchFence(&token)
        case .tableRow:
            guard (2...5).contains(token.indent), firstByte(token) == UInt8(ascii: "|") else { return false }
            let cells = tableCells.cells(of: token)
            guard !cells.contains(where: Self.isSeparatorCell) else { return false }
            setMatched(&token, .tableRow, items: cells)
            return true
        case .other:
            var start = token.lineStart
            if let remove = indentToRemove {
                if token.indent >= remove {
                    for _ in 0..<remove { start += UTF8Text.sequenceLength(bytes[start]) }
                } else {
                    start = token.trimmedStart
                }
            }
            setMatched(
                &token, .other, text: UTF8Text.string(bytes, from: start, to: contentEnd(token, from: start)),
                indent: 0)
            return true
        }
    }

    /// Whether a line that is not blank is something other than prose, in the official matcher's order.
    private mutating func wouldMatchAnotherType(_ token: Token) -> Bool {
        var probe = token
        return matchTags(&probe) || (!featureSeen)
            || heading(token, dialect.scenario) != nil || heading(token, dialect.background) != nil
            || heading(token, dialect.examples) != nil || heading(token, dialect.rule) != nil
            || match(.tableRow, &probe) || match(.comment, &probe) || matchFence(&probe)
            || matchStep(&probe)
    }

    /// A cell of a table's separator row: `---`, `:--`, `--:` or `:-:`.
    static func isSeparatorCell(_ cell: TokenItem) -> Bool {
        var text = Substring(cell.text)
        if text.hasPrefix(":") { text = text.dropFirst() }
        if text.hasSuffix(":") { text = text.dropLast() }
        return !text.isEmpty && text.allSatisfy { $0 == "-" }
    }

    /// The end of the line's text: before a trailing `\r`.
    private func contentEnd(_ token: Token, from start: Int? = nil) -> Int {
        endWithoutNewlines(token, start ?? token.lineStart)
    }

    private mutating func matchTags(_ token: inout Token) -> Bool {
        let end = contentEnd(token)
        var tags: [TokenItem] = []
        var index = token.trimmedStart
        var offset = 0  // in code points from the first non-blank character
        while index < end {
            if bytes[index] == UInt8(ascii: "`"), index + 2 < end, bytes[index + 1] == UInt8(ascii: "@"),
                bytes[index + 2] != UInt8(ascii: "`")
            {
                var close = index + 2
                while close < end, bytes[close] != UInt8(ascii: "`") { close += 1 }
                if close < end {
                    tags.append(
                        TokenItem(
                            column: token.indent + offset + 2,
                            text: UTF8Text.string(bytes, from: index + 1, to: close)))
                    offset += UTF8Text.codePointCount(bytes, from: index, to: close + 1)
                    index = close + 1
                    continue
                }
            }
            offset += 1
            index += UTF8Text.sequenceLength(bytes[index])
        }
        guard !tags.isEmpty else { return false }
        setMatched(&token, .tagLine, items: tags)
        return true
    }

    private mutating func matchFeature(_ token: inout Token) -> Bool {
        guard !featureSeen else { return false }
        featureSeen = true
        if let (keyword, name, column) = heading(token, dialect.feature) {
            setMatched(&token, .featureLine, text: name, keyword: keyword, indent: column - 1)
        } else {
            // No heading: the line itself names the feature, which has no keyword.
            let name = UTF8Text.string(bytes, from: token.trimmedStart, to: contentEnd(token))
            setMatched(&token, .featureLine, text: name)
        }
        return true
    }

    private mutating func matchHeading(
        _ token: inout Token, _ type: TokenType, _ keywords: [CompiledDialect.Keyword]
    ) -> Bool {
        guard let (keyword, name, column) = heading(token, keywords) else { return false }
        setMatched(&token, type, text: name, keyword: keyword, indent: column - 1)
        return true
    }

    /// `#`…`######`, one space or tab, a keyword and its colon: the keyword, the trimmed title and the keyword's
    /// column.
    private func heading(_ token: Token, _ keywords: [CompiledDialect.Keyword]) -> (String, String, Int)? {
        let end = contentEnd(token)
        var index = token.trimmedStart
        while index < end, bytes[index] == UInt8(ascii: "#") { index += 1 }
        let hashes = index - token.trimmedStart
        guard (1...6).contains(hashes), index < end, bytes[index] == 0x20 || bytes[index] == 0x09 else { return nil }
        index += 1
        for keyword in keywords where UTF8Text.hasPrefix(bytes, at: index, end: end, keyword.bytes) {
            let start = UTF8Text.skipWhitespace(bytes, from: index + keyword.bytes.count, to: end)
            let title = UTF8Text.string(
                bytes, from: start, to: UTF8Text.trimTrailingWhitespace(bytes, from: start, to: end))
            return (keyword.keyword, title, token.indent + hashes + 2)
        }
        return nil
    }

    private mutating func matchStep(_ token: inout Token) -> Bool {
        let end = contentEnd(token)
        let bullet = firstByte(token)
        guard bullet == UInt8(ascii: "*") || bullet == UInt8(ascii: "+") || bullet == UInt8(ascii: "-") else {
            return false
        }
        let keywordStart = UTF8Text.skipWhitespace(bytes, from: token.trimmedStart + 1, to: end)
        for keyword in stepKeywords where UTF8Text.hasPrefix(bytes, at: keywordStart, end: end, keyword.bytes) {
            let start = UTF8Text.skipWhitespace(bytes, from: keywordStart + keyword.bytes.count, to: end)
            let text = UTF8Text.string(
                bytes, from: start, to: UTF8Text.trimTrailingWhitespace(bytes, from: start, to: end))
            let column = token.indent + UTF8Text.codePointCount(bytes, from: token.trimmedStart, to: keywordStart) + 1
            setMatched(
                &token, .stepLine, text: text, keyword: keyword.keyword, keywordType: keyword.kind, indent: column - 1)
            return true
        }
        return false
    }

    /// A fence of three or more backticks opens a doc string (the rest of the line is its media type); exactly the
    /// same fence closes it.
    private mutating func matchFence(_ token: inout Token) -> Bool {
        let end = contentEnd(token)
        var index = token.trimmedStart
        while index < end, bytes[index] == UInt8(ascii: "`") { index += 1 }
        let run = index - token.trimmedStart
        let fence = String(repeating: "`", count: run)
        if openFence == 0 {
            guard run >= 3 else { return false }
            openFence = run
            indentToRemove = token.indent
            setMatched(&token, .docStringSeparator, text: UTF8Text.string(bytes, from: index, to: end), keyword: fence)
            return true
        }
        guard run == openFence, index == end else { return false }
        openFence = 0
        setMatched(&token, .docStringSeparator, keyword: fence)
        return true
    }
}
