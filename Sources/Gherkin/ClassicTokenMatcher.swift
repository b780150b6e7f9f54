import Messages

/// The matcher of `.feature` files: recognises what a line is in the dialect in force, follows `# language:` headers
/// and doc string delimiters.
///
/// Each `match` call either recognises the token as the asked type (filling in keyword, text, items and
/// column) or leaves it untouched, exactly as the official matcher does, including its errors (`Language not
/// supported`, `A tag may not contain whitespace`).
struct ClassicTokenMatcher: TokenMatcher {
    let bytes: UnsafeBufferPointer<UInt8>
    let languages: any DialectProvider
    let defaultDialect: CompiledDialect
    private(set) var dialect: CompiledDialect
    private var activeSeparator: UInt8 = 0  // 0 when no doc string is open, else `"` or `` ` ``
    private var indentToRemove = 0
    private var compiled: [String: CompiledDialect] = [:]
    private var scratch: [UInt8] = []
    private var tableCells: TableCellReader

    init(bytes: UnsafeBufferPointer<UInt8>, languages: any DialectProvider, defaultDialect: CompiledDialect) {
        self.bytes = bytes
        self.languages = languages
        self.defaultDialect = defaultDialect
        self.dialect = defaultDialect
        tableCells = TableCellReader(bytes: bytes)
        compiled[defaultDialect.language] = defaultDialect
    }

    /// Whether the token is of the given type; fills the token in when it is.
    mutating func match(_ type: TokenType, _ token: inout Token) throws(ParserIssue) -> Bool {
        if let atEnd = matchEndOfDocument(type, &token) { return atEnd }
        switch type {
        case .eof: return false
        case .empty:
            guard token.trimmedStart == token.lineEnd else { return false }
            setMatched(&token, .empty, indent: 0)
            return true
        case .comment:
            guard firstByte(token) == UInt8(ascii: "#") else { return false }
            let text = UTF8Text.string(bytes, from: token.lineStart, to: endWithoutNewlines(token, token.lineStart))
            setMatched(&token, .comment, text: text, indent: 0)
            return true
        case .tagLine:
            guard firstByte(token) == UInt8(ascii: "@") else { return false }
            let tags = try tags(of: token)
            setMatched(&token, .tagLine, items: tags)
            return true
        case .featureLine: return matchTitle(&token, .featureLine, dialect.feature)
        case .ruleLine: return matchTitle(&token, .ruleLine, dialect.rule)
        case .backgroundLine: return matchTitle(&token, .backgroundLine, dialect.background)
        case .scenarioLine: return matchTitle(&token, .scenarioLine, dialect.scenario)
        case .examplesLine: return matchTitle(&token, .examplesLine, dialect.examples)
        case .stepLine: return matchStep(&token)
        case .docStringSeparator: return matchDocStringSeparator(&token)
        case .tableRow:
            guard firstByte(token) == UInt8(ascii: "|") else { return false }
            let cells = tableCells.cells(of: token)
            setMatched(&token, .tableRow, items: cells)
            return true
        case .language: return try matchLanguage(&token)
        case .other:
            matchOther(&token)
            return true
        }
    }

    /// The text after a keyword, trimmed on both sides.
    private func rest(_ token: Token, after length: Int) -> String {
        let start = UTF8Text.skipWhitespace(bytes, from: token.trimmedStart + length, to: token.lineEnd)
        let end = UTF8Text.trimTrailingWhitespace(bytes, from: start, to: token.lineEnd)
        return UTF8Text.string(bytes, from: start, to: end)
    }

    private mutating func matchTitle(
        _ token: inout Token, _ type: TokenType, _ keywords: [CompiledDialect.Keyword]
    ) -> Bool {
        guard token.trimmedStart < token.lineEnd, dialect.mayStartKeyword(bytes[token.trimmedStart]) else {
            return false
        }
        for keyword in keywords
        where UTF8Text.hasPrefix(bytes, at: token.trimmedStart, end: token.lineEnd, keyword.bytes) {
            let title = rest(token, after: keyword.bytes.count)
            setMatched(&token, type, text: title, keyword: keyword.keyword)
            return true
        }
        return false
    }

    private mutating func matchStep(_ token: inout Token) -> Bool {
        guard token.trimmedStart < token.lineEnd, dialect.mayStartKeyword(bytes[token.trimmedStart]) else {
            return false
        }
        for keyword in dialect.steps
        where UTF8Text.hasPrefix(bytes, at: token.trimmedStart, end: token.lineEnd, keyword.bytes) {
            let text = rest(token, after: keyword.bytes.count)
            setMatched(&token, .stepLine, text: text, keyword: keyword.keyword, keywordType: keyword.kind)
            return true
        }
        return false
    }

    private mutating func matchDocStringSeparator(_ token: inout Token) -> Bool {
        let first = firstByte(token)
        let start = token.trimmedStart
        let end = token.lineEnd
        func isDelimiter(_ byte: UInt8) -> Bool {
            end - start >= 3 && bytes[start] == byte && bytes[start + 1] == byte && bytes[start + 2] == byte
        }
        if activeSeparator == 0 {
            guard first == UInt8(ascii: "\"") || first == UInt8(ascii: "`"), isDelimiter(first) else { return false }
            let mediaType = rest(token, after: 3)
            activeSeparator = first
            indentToRemove = token.indent
            setMatched(
                &token, .docStringSeparator, text: mediaType, keyword: first == UInt8(ascii: "`") ? "```" : "\"\"\"")
            return true
        }
        guard isDelimiter(activeSeparator) else { return false }
        let keyword = activeSeparator == UInt8(ascii: "`") ? "```" : "\"\"\""
        activeSeparator = 0
        indentToRemove = 0
        setMatched(&token, .docStringSeparator, keyword: keyword)
        return true
    }

    private mutating func matchOther(_ token: inout Token) {
        var start = token.lineStart
        if indentToRemove > token.indent {
            start = token.trimmedStart
        } else {
            var removed = 0
            while removed < indentToRemove {
                start += UTF8Text.sequenceLength(bytes[start])
                removed += 1
            }
        }
        let end = endWithoutNewlines(token, start)
        let text: String
        if activeSeparator != 0, containsEscapedDelimiter(from: start, to: end) {
            text = unescapeDelimiters(from: start, to: end)
        } else {
            text = UTF8Text.string(bytes, from: start, to: end)
        }
        setMatched(&token, .other, text: text, indent: 0)
    }

    /// Whether `\"\"\"` (or the backtick form for the open delimiter) occurs in the range.
    private func containsEscapedDelimiter(from start: Int, to end: Int) -> Bool {
        var index = start
        while index + 5 < end {
            if isEscapedDelimiter(at: index) { return true }
            index += 1
        }
        return false
    }

    @inline(__always)
    private func isEscapedDelimiter(at index: Int) -> Bool {
        let backslash = UInt8(ascii: "\\")
        return bytes[index] == backslash && bytes[index + 1] == activeSeparator && bytes[index + 2] == backslash
            && bytes[index + 3] == activeSeparator && bytes[index + 4] == backslash
            && bytes[index + 5] == activeSeparator
    }

    private mutating func unescapeDelimiters(from start: Int, to end: Int) -> String {
        scratch.removeAll(keepingCapacity: true)
        var index = start
        while index < end {
            if index + 5 < end, isEscapedDelimiter(at: index) {
                scratch.append(contentsOf: [activeSeparator, activeSeparator, activeSeparator])
                index += 6
            } else {
                scratch.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: scratch, as: UTF8.self)
    }

    private mutating func matchLanguage(_ token: inout Token) throws(ParserIssue) -> Bool {
        guard let (nameStart, nameEnd) = languageName(token) else { return false }
        let name = UTF8Text.string(bytes, from: nameStart, to: nameEnd)
        setMatched(&token, .language, text: name)
        if let known = compiled[name] {
            dialect = known
        } else if let found = languages.dialect(for: name) {
            let prepared = CompiledDialect.cached(found)
            compiled[name] = prepared
            dialect = prepared
        } else {
            // The line then matches as a comment, whose column (1) the official parsers report as the location.
            throw ParserIssue(
                line: token.line, column: token.column, message: "Language not supported: \(name)", envelopeColumn: 1)
        }
        return true
    }

    /// The byte range of `xx` in a `# language: xx` line, or `nil` when the line is not such a header.
    private func languageName(_ token: Token) -> (Int, Int)? {
        let end = token.lineEnd
        var index = token.trimmedStart
        guard index < end, bytes[index] == UInt8(ascii: "#") else { return nil }
        index = UTF8Text.skipWhitespace(bytes, from: index + 1, to: end)
        guard UTF8Text.hasPrefix(bytes, at: index, end: end, Array("language".utf8)) else { return nil }
        index = UTF8Text.skipWhitespace(bytes, from: index + 8, to: end)
        guard index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
        index = UTF8Text.skipWhitespace(bytes, from: index + 1, to: end)
        let nameStart = index
        while index < end {
            let byte = bytes[index]
            let isNameByte =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_")
            guard isNameByte else { break }
            index += 1
        }
        let nameEnd = index
        guard nameEnd > nameStart, UTF8Text.skipWhitespace(bytes, from: nameEnd, to: end) == end else { return nil }
        return (nameStart, nameEnd)
    }

    /// The tags of a tag line, cut at the first whitespace followed by `#` (a trailing comment).
    private func tags(of token: Token) throws(ParserIssue) -> [TokenItem] {
        let lineEnd = token.lineEnd
        let start = token.trimmedStart
        var end = UTF8Text.trimTrailingWhitespace(bytes, from: start, to: lineEnd)
        var index = start
        while index < end {
            let length = UTF8Text.whitespaceLength(bytes, at: index, end: end)
            if length > 0, index + length < end, bytes[index + length] == UInt8(ascii: "#") {
                end = index
                break
            }
            index += max(length, UTF8Text.sequenceLength(bytes[index]))
        }
        end = UTF8Text.trimTrailingWhitespace(bytes, from: start, to: end)
        var items: [TokenItem] = []
        items.reserveCapacity(UTF8Text.count(of: UInt8(ascii: "@"), in: bytes, from: start, to: end))
        var column = token.indent + 1
        // The text starts with "@", so the part before the first "@" is empty.
        var itemStart = start + 1
        while itemStart <= end {
            var itemEnd = itemStart
            while itemEnd < end, bytes[itemEnd] != UInt8(ascii: "@") {
                itemEnd += 1
            }
            let nameStart = UTF8Text.skipWhitespace(bytes, from: itemStart, to: itemEnd)
            let nameEnd = UTF8Text.trimTrailingWhitespace(bytes, from: nameStart, to: itemEnd)
            var scan = nameStart
            while scan < nameEnd {
                if UTF8Text.whitespaceLength(bytes, at: scan, end: nameEnd) > 0 {
                    throw ParserIssue(line: token.line, column: column, message: "A tag may not contain whitespace")
                }
                scan += UTF8Text.sequenceLength(bytes[scan])
            }
            items.append(TokenItem(column: column, text: "@" + UTF8Text.string(bytes, from: nameStart, to: nameEnd)))
            column += UTF8Text.codePointCount(bytes, from: itemStart, to: itemEnd) + 1
            itemStart = itemEnd + 1
        }
        return items
    }
}
