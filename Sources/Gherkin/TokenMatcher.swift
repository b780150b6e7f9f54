import Messages

/// Recognises what a line is: for each token type a parser state allows, the parser asks its matcher whether the
/// line is of that type.
///
/// As in cucumber/gherkin, two matchers sit behind this interface: `ClassicTokenMatcher` for `.feature` files and
/// `MarkdownTokenMatcher` for Markdown with Gherkin (`.feature.md`). `Parser` is generic over its matcher, so a
/// parse is specialised for the one it runs: asking costs no dynamic dispatch per token.
protocol TokenMatcher {
    /// The document's UTF-8 bytes, which tokens index.
    var bytes: UnsafeBufferPointer<UInt8> { get }
    /// The dialect in force: the keywords lines are matched against, and the language matched tokens record.
    var dialect: CompiledDialect { get }

    /// Whether the token is of the given type; fills the token in (keyword, text, items, column) when it is and
    /// leaves it untouched when it is not.
    mutating func match(_ type: TokenType, _ token: inout Token) throws(ParserIssue) -> Bool
}

extension TokenMatcher {
    /// At the end of the document: whether `type` is `.eof` (filling the token in when it is). `nil` on a line.
    @inline(__always)
    mutating func matchEndOfDocument(_ type: TokenType, _ token: inout Token) -> Bool? {
        guard token.isEOF else { return nil }
        if type == .eof {
            setMatched(&token, .eof, indent: 0)
            return true
        }
        return false
    }

    @inline(__always)
    func firstByte(_ token: Token) -> UInt8 {
        token.trimmedStart < token.lineEnd ? bytes[token.trimmedStart] : 0
    }

    mutating func setMatched(
        _ token: inout Token, _ type: TokenType, text: String? = nil, keyword: String? = nil,
        keywordType: StepKeywordType? = nil, indent: Int? = nil, items: [TokenItem] = []
    ) {
        token.type = type
        token.text = text
        token.keyword = keyword
        token.keywordType = keywordType
        token.items = items
        token.column = (indent ?? token.indent) + 1
        token.language = dialect.language
    }

    /// The end of the line once trailing `\r` (and `\n`) characters are removed.
    func endWithoutNewlines(_ token: Token, _ start: Int) -> Int {
        var end = token.lineEnd
        while end > start, bytes[end - 1] == 0x0D || bytes[end - 1] == 0x0A {
            end -= 1
        }
        return end
    }
}
