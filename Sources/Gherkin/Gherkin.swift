import Messages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses `.feature` documents into `GherkinDocument`s and pickles, as the official Cucumber parsers do.
///
/// ```swift
/// var ids = IncrementingIdGenerator()
/// let result = Gherkin.parse(uri: "Specs/cache.feature", data: bytes, idGenerator: &ids)
/// for error in result.errors { print(error) }   // Specs/cache.feature:12:5: expected: ...
/// ```
public enum Gherkin {
    /// What parsing one document produced.
    public struct Result: Sendable {
        /// The document's text as a `source` message; `nil` when the bytes are not UTF-8 text.
        public var source: Source?
        /// The syntax tree; `nil` when the document has errors.
        public var document: GherkinDocument?
        /// The pickles, in document order; empty when the document has errors or pickles were not asked for.
        public var pickles: [Pickle]
        /// Every error, in the order the parser found them (the official parsers stop after 11).
        public var errors: [GherkinError]

        /// Creates a result.
        public init(source: Source?, document: GherkinDocument?, pickles: [Pickle], errors: [GherkinError]) {
            self.source = source
            self.document = document
            self.pickles = pickles
            self.errors = errors
        }

        /// The envelopes in the official order: `source`, then `gherkinDocument` and the `pickle`s, or the
        /// `parseError`s when the document has errors.
        public var envelopes: [Envelope] {
            var envelopes: [Envelope] = []
            if let source { envelopes.append(.source(source)) }
            if errors.isEmpty {
                if let document { envelopes.append(.gherkinDocument(document)) }
                envelopes += pickles.map(Envelope.pickle)
            } else {
                envelopes += errors.map { .parseError($0.parseError) }
            }
            return envelopes
        }
    }

    /// Parses a document's UTF-8 bytes and, unless `pickles` is false, compiles its pickles.
    ///
    /// - Parameters:
    ///   - uri: the document's uri (its path), copied into the messages and the errors.
    ///   - data: the UTF-8 bytes. Invalid UTF-8 and binary content (a NUL byte) give one error at the line and
    ///     column of the first offending byte. An empty document is valid: it has no feature.
    ///   - languages: where `# language: xx` headers find their keywords.
    ///   - dialect: the language of documents without a header.
    ///   - pickles: whether to compile pickles.
    ///   - idGenerator: the source of every id, shared by the syntax tree and the pickles.
    public static func parse(
        uri: String, data: some Collection<UInt8>, languages: any DialectProvider = GherkinLanguages.builtIn,
        dialect: GherkinDialect = .english, pickles: Bool = true, idGenerator: inout some IdGenerator
    ) -> Result {
        let bytes = Array(data)
        return bytes.withUnsafeBufferPointer { buffer in
            if let problem = encodingProblem(buffer) {
                let error = GherkinError(uri: uri, line: problem.line, column: problem.column, message: problem.message)
                return Result(source: nil, document: nil, pickles: [], errors: [error])
            }
            let markdown = isMarkdown(uri: uri)
            let source = Source(
                uri: uri, data: UTF8Text.string(buffer, from: 0, to: buffer.count),
                mediaType: markdown ? .gherkinMarkdown : .gherkinPlain)
            let (document, errors) = parseValidated(
                buffer, uri: uri, languages: languages, dialect: dialect, markdown: markdown, idGenerator: &idGenerator)
            guard errors.isEmpty, let document else {
                return Result(source: source, document: nil, pickles: [], errors: errors)
            }
            let compiled = pickles ? PickleCompiler.compile(document, idGenerator: &idGenerator) : []
            return Result(source: source, document: document, pickles: compiled, errors: [])
        }
    }

    /// Parses a `.feature` file's bytes as people save them: after `SourceEncoding` removes a byte-order mark and
    /// honours a `# encoding:` header (an unknown encoding is the only error, at 1:1); see
    /// `parse(uri:data:languages:dialect:pickles:idGenerator:)`.
    public static func parseFile(
        uri: String, data: some Collection<UInt8>, languages: any DialectProvider = GherkinLanguages.builtIn,
        dialect: GherkinDialect = .english, pickles: Bool = true, idGenerator: inout some IdGenerator
    ) -> Result {
        switch SourceEncoding.utf8Bytes(of: data, uri: uri) {
        case .success(let bytes):
            return parse(
                uri: uri, data: bytes, languages: languages, dialect: dialect, pickles: pickles,
                idGenerator: &idGenerator)
        case .failure(let error):
            return Result(source: nil, document: nil, pickles: [], errors: [error])
        }
    }

    /// Parses a document given as a string; see `parse(uri:data:languages:dialect:pickles:idGenerator:)`.
    public static func parse(
        uri: String, text: String, languages: any DialectProvider = GherkinLanguages.builtIn,
        dialect: GherkinDialect = .english, pickles: Bool = true, idGenerator: inout some IdGenerator
    ) -> Result {
        parse(
            uri: uri, data: Array(text.utf8), languages: languages, dialect: dialect, pickles: pickles,
            idGenerator: &idGenerator)
    }

    /// Parses a document into its syntax tree only: the tree, or the errors.
    public static func parseDocument(
        uri: String, data: some Collection<UInt8>, languages: any DialectProvider = GherkinLanguages.builtIn,
        dialect: GherkinDialect = .english, idGenerator: inout some IdGenerator
    ) -> (document: GherkinDocument?, errors: [GherkinError]) {
        let result = parse(
            uri: uri, data: data, languages: languages, dialect: dialect, pickles: false, idGenerator: &idGenerator)
        return (result.document, result.errors)
    }

    /// The tokens of a document, one line each as in the official `.tokens` files
    /// (`(4:5)StepLine:(Context)Given /the minimalism/`), ending with `EOF`.
    public static func tokens(
        of data: some Collection<UInt8>, languages: any DialectProvider = GherkinLanguages.builtIn,
        dialect: GherkinDialect = .english
    ) -> [String] {
        let bytes = Array(data)
        return bytes.withUnsafeBufferPointer { buffer in
            if encodingProblem(buffer) != nil { return [] }
            let matcher = ClassicTokenMatcher(bytes: buffer, languages: languages, defaultDialect: compiled(dialect))
            var parser = Parser(bytes: buffer, matcher: matcher, builder: TokenRecorder())
            parser.parse()
            return parser.builder.lines
        }
    }

    static func compiled(_ dialect: GherkinDialect) -> CompiledDialect {
        CompiledDialect.cached(dialect)
    }

    /// Whether a file name is a spec: `.feature`, or `.feature.md` (Markdown with Gherkin).
    public static func isSpecFile(_ name: String) -> Bool {
        name.hasSuffix(".feature") || name.hasSuffix(".feature.md")
    }

    /// Whether a document is Markdown with Gherkin: its uri ends in `.md` (`login.feature.md`), as the official
    /// parsers decide.
    public static func isMarkdown(uri: String) -> Bool {
        uri.hasSuffix(".md")
    }

    static func parseValidated<Ids: IdGenerator>(
        _ buffer: UnsafeBufferPointer<UInt8>, uri: String, languages: any DialectProvider, dialect: GherkinDialect,
        markdown: Bool = false, idGenerator: inout Ids
    ) -> (GherkinDocument?, [GherkinError]) {
        // Each parser's types are concrete (the builder is not generic), so each is specialised for its matcher:
        // asking the matcher or the builder costs no dynamic dispatch per token.
        let builder: ASTBuilder
        let issues: [ParserIssue]
        if markdown {
            var parser = Parser(
                bytes: buffer, matcher: MarkdownTokenMatcher(bytes: buffer, dialect: compiled(dialect)),
                builder: ASTBuilder(uri: uri, ids: idGenerator))
            parser.parse()
            (builder, issues) = (parser.builder, parser.errors)
        } else {
            var parser = Parser(
                bytes: buffer,
                matcher: ClassicTokenMatcher(bytes: buffer, languages: languages, defaultDialect: compiled(dialect)),
                builder: ASTBuilder(uri: uri, ids: idGenerator))
            parser.parse()
            (builder, issues) = (parser.builder, parser.errors)
        }
        // The builder drew its ids from its own copy of the generator: go on from there.
        if let ids = builder.ids as? Ids { idGenerator = ids }
        let errors = issues.map {
            GherkinError(
                uri: uri, line: $0.line, column: $0.column, message: $0.message,
                envelopeColumn: $0.envelopeColumn ?? $0.column)
        }
        return (errors.isEmpty ? builder.result() : nil, errors)
    }

    /// Invalid UTF-8 or a NUL byte, with the line and column of the first offending byte.
    static func encodingProblem(_ buffer: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int, message: String)? {
        let invalid = UTF8Text.firstInvalidByte(buffer)
        var nul: Int?
        if let base = buffer.baseAddress, let found = memchr(base, 0, invalid ?? buffer.count) {
            nul = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        guard let offset = nul ?? invalid else { return nil }
        var line = 1
        var lineStart = 0
        for index in 0..<offset where buffer[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = UTF8Text.codePointCount(buffer, from: lineStart, to: offset) + 1
        if nul != nil {
            return (line, column, "binary content (a NUL byte): a .feature file must be UTF-8 text")
        }
        let byte = String(buffer[offset], radix: 16, uppercase: true)
        return (
            line, column,
            "invalid UTF-8 (byte 0x\(byte.count == 1 ? "0" + byte : byte)): a .feature file must be UTF-8 text"
        )
    }
}

extension GherkinError {
    /// The error as a `parseError` message, with the official message text `(line:column): message`.
    public var parseError: ParseError {
        ParseError(
            source: SourceReference(uri: uri, location: Location(line: line, column: envelopeColumn)),
            message: officialMessage)
    }
}

/// Records the tokens the parser builds, in the `.tokens` format.
struct TokenRecorder: ASTBuilding {
    var lines: [String] = []

    mutating func startRule(_ rule: RuleType) throws(ParserIssue) {}
    mutating func endRule(_ rule: RuleType) throws(ParserIssue) {}

    mutating func build(_ token: Token) throws(ParserIssue) {
        guard !token.isEOF, let type = token.type else {
            lines.append("EOF")
            return
        }
        var line = "(\(token.line):\(token.column ?? 0))\(type.name):"
        if let keyword = token.keyword, !keyword.isEmpty {
            line += "(\(token.keywordType?.rawValue ?? ""))\(keyword)"
        }
        line += "/\(token.text ?? "")/"
        line += token.items.map { "\($0.column):\($0.text)" }.joined(separator: ",")
        lines.append(line)
    }
}
