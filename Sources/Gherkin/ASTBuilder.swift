import Messages

/// An open rule of the grammar: the tokens and closed rules it holds so far. A rule that occurs once keeps
/// the first one built, as the official builder reads the first of each kind.
final class ASTNode {
    var rule: RuleType
    var tokens: [Token] = []
    /// What closed rules gave the node, in one value: clearing it, and reaching it, is one access to the object
    /// rather than one for each field.
    var parts = Parts()

    struct Parts {
        var tags: ASTNode?
        var header: ASTNode?
        var inner: ASTNode?
        var document: ASTNode?
        var description: String?
        var steps: [Step] = []
        var dataTable: GherkinDataTable?
        var docString: GherkinDocString?
        var background: Background?
        var scenarios: [Scenario] = []
        var examples: [Examples] = []
        var examplesTable: [TableRow]?
        var rules: [Rule] = []
        var feature: Feature?
    }

    init(rule: RuleType) {
        self.rule = rule
    }

    /// The position in `tokens` of the first token of `type`, for reading it in place (copying a token retains each
    /// of its strings and arrays).
    func indexOfFirst(_ type: TokenType) -> Int? {
        var index = 0
        while index < tokens.count {
            if tokens[index].type == type { return index }
            index += 1
        }
        return nil
    }

    func firstToken(_ type: TokenType) -> Token? {
        indexOfFirst(type).map { tokens[$0] }
    }

    /// Forgets what the node holds, keeping the room its tokens took, for the next rule to reuse it.
    func clear(rule: RuleType) {
        self.rule = rule
        if !tokens.isEmpty { tokens.removeAll(keepingCapacity: true) }
        parts = Parts()
    }

    /// Keeps a closed child node (headers, tags, the scenario or examples part, the document).
    func adopt(_ child: ASTNode) {
        switch child.rule {
        case .tags: if parts.tags == nil { parts.tags = child }
        case .featureHeader, .ruleHeader: if parts.header == nil { parts.header = child }
        case .scenario, .examples: if parts.inner == nil { parts.inner = child }
        case .gherkinDocument: if parts.document == nil { parts.document = child }
        default: break
        }
    }
}

/// Builds the `GherkinDocument` from the parser's rules and tokens, requesting ids in the order of the official
/// AST builder (so incrementing ids equal the conformance files' ids).
///
/// Not generic over its id generator, so that the parser running it is specialised whatever generator the caller
/// has: one dynamic call per id, none per token.
struct ASTBuilder: ASTBuilding {
    var ids: any IdGenerator
    private var stack: [ASTNode]
    /// Nodes of closed rules, cleared, for the next rules to reuse: a document opens a node for every step, doc
    /// string, table and description, and allocating and freeing each (with its token array) cost a tenth of a parse.
    private var spare: [ASTNode] = []
    private(set) var comments: [Comment] = []
    private(set) var document: GherkinDocument?
    let uri: String

    init(uri: String, ids: any IdGenerator) {
        self.uri = uri
        self.ids = ids
        stack = [ASTNode(rule: .gherkinDocument)]
    }

    mutating func startRule(_ rule: RuleType) throws(ParserIssue) {
        if let node = spare.popLast() {
            node.clear(rule: rule)
            stack.append(node)
        } else {
            stack.append(ASTNode(rule: rule))
        }
    }

    mutating func endRule(_ rule: RuleType) throws(ParserIssue) {
        guard stack.count > 1, let node = stack.popLast() else { return }
        defer { recycle(node) }
        try transform(node, into: stack[stack.count - 1])
    }

    /// Keeps a closed node, and the closed nodes it holds, for reuse, unless its parent holds it (a header, the tags,
    /// the scenario or examples part, the document): those are reused with the node that holds them.
    private mutating func recycle(_ node: ASTNode) {
        switch node.rule {
        case .gherkinDocument, .featureHeader, .ruleHeader, .scenario, .examples, .tags: return
        default: break
        }
        keep(node)
    }

    private mutating func keep(_ node: ASTNode) {
        if let tags = node.parts.tags { keep(tags) }
        if let header = node.parts.header { keep(header) }
        if let inner = node.parts.inner { keep(inner) }
        node.parts.tags = nil
        node.parts.header = nil
        node.parts.inner = nil
        spare.append(node)
    }

    mutating func build(_ token: Token) throws(ParserIssue) {
        if token.type == .comment {
            // A Markdown table's separator row is a comment without text, kept nowhere (as the official parser).
            if let text = token.text {
                comments.append(Comment(location: Location(line: token.line, column: token.column), text: text))
            }
        } else {
            stack[stack.count - 1].tokens.append(token)
        }
    }

    /// The document once the parse is over, `nil` when the grammar was not followed.
    func result() -> GherkinDocument? {
        guard let node = stack.first?.parts.document else { return nil }
        return GherkinDocument(uri: uri, feature: node.parts.feature, comments: comments)
    }

    private static func location(_ token: Token, column: Int? = nil) -> Location {
        Location(line: token.line, column: column ?? token.column)
    }

    private mutating func tags(_ node: ASTNode) -> [Tag] {
        guard let tagsNode = node.parts.tags else { return [] }
        var tags: [Tag] = []
        for token in tagsNode.tokens where token.type == .tagLine {
            for item in token.items {
                tags.append(Tag(location: Self.location(token, column: item.column), name: item.text, id: ids.next()))
            }
        }
        return tags
    }

    private mutating func tableRows(_ node: ASTNode) throws(ParserIssue) -> [TableRow] {
        var rows: [TableRow] = []
        for token in node.tokens where token.type == .tableRow {
            var cells: [TableCell] = []
            cells.reserveCapacity(token.items.count)
            for item in token.items {
                cells.append(TableCell(location: Self.location(token, column: item.column), value: item.text))
            }
            rows.append(TableRow(location: Self.location(token), cells: cells, id: ids.next()))
        }
        if let first = rows.first {
            for row in rows where row.cells.count != first.cells.count {
                throw ParserIssue(
                    line: row.location.line, column: row.location.column,
                    message: "inconsistent cell count within the table")
            }
        }
        return rows
    }

    /// Turns a closed rule into its message and hands it to its parent (nothing when it is incomplete, which
    /// only happens in documents with errors).
    private mutating func transform(_ node: ASTNode, into parent: ASTNode) throws(ParserIssue) {
        switch node.rule {
        case .step:
            // The commonest rule by far: its line is read in place.
            guard let line = node.indexOfFirst(.stepLine) else { return }
            let tokens = node.tokens
            parent.parts.steps.append(
                Step(
                    location: Self.location(tokens[line]), keyword: tokens[line].keyword ?? "",
                    keywordType: tokens[line].keywordType, text: tokens[line].text ?? "",
                    docString: node.parts.docString,
                    dataTable: node.parts.dataTable, id: ids.next()))
        case .docString:
            guard let separator = node.firstToken(.docStringSeparator) else { return }
            let mediaType = separator.text.flatMap { $0.isEmpty ? nil : $0 }
            var content = ""
            var first = true
            for token in node.tokens where token.type == .other {
                if !first { content += "\n" }
                content += token.text ?? ""
                first = false
            }
            let docString = GherkinDocString(
                location: Self.location(separator), mediaType: mediaType, content: content,
                delimiter: separator.keyword ?? "")
            if parent.parts.docString == nil { parent.parts.docString = docString }
        case .dataTable:
            let rows = try tableRows(node)
            guard let first = rows.first else { return }
            if parent.parts.dataTable == nil {
                parent.parts.dataTable = GherkinDataTable(location: first.location, rows: rows)
            }
        case .background:
            guard let line = node.firstToken(.backgroundLine) else { return }
            let background = Background(
                location: Self.location(line), keyword: line.keyword ?? "", name: line.text ?? "",
                description: node.parts.description ?? "", steps: node.parts.steps, id: ids.next())
            if parent.parts.background == nil { parent.parts.background = background }
        case .scenarioDefinition:
            let tags = tags(node)
            guard let scenarioNode = node.parts.inner, let line = scenarioNode.firstToken(.scenarioLine) else { return }
            parent.parts.scenarios.append(
                Scenario(
                    location: Self.location(line), tags: tags, keyword: line.keyword ?? "", name: line.text ?? "",
                    description: scenarioNode.parts.description ?? "", steps: scenarioNode.parts.steps,
                    examples: scenarioNode.parts.examples, id: ids.next()))
        case .examplesDefinition:
            let tags = tags(node)
            guard let examplesNode = node.parts.inner, let line = examplesNode.firstToken(.examplesLine) else { return }
            let rows = examplesNode.parts.examplesTable ?? []
            parent.parts.examples.append(
                Examples(
                    location: Self.location(line), tags: tags, keyword: line.keyword ?? "", name: line.text ?? "",
                    description: examplesNode.parts.description ?? "", tableHeader: rows.first,
                    tableBody: Array(rows.dropFirst()), id: ids.next()))
        case .examplesTable:
            let rows = try tableRows(node)
            if parent.parts.examplesTable == nil { parent.parts.examplesTable = rows }
        case .description:
            var lines: [String] = []
            for token in node.tokens where token.type == .other {
                lines.append(token.text ?? "")
            }
            // Trailing lines that are empty once trimmed (only spaces or tabs) are not part of the description.
            while let last = lines.last, last.allSatisfy(\.isWhitespace) {
                lines.removeLast()
            }
            if parent.parts.description == nil { parent.parts.description = lines.joined(separator: "\n") }
        case .rule:
            guard let header = node.parts.header else { return }
            let tags = tags(header)
            guard let line = header.firstToken(.ruleLine) else { return }
            var children: [RuleChild] = []
            if let background = node.parts.background {
                children.append(.background(background))
            }
            for scenario in node.parts.scenarios {
                children.append(.scenario(scenario))
            }
            parent.parts.rules.append(
                Rule(
                    location: Self.location(line), tags: tags, keyword: line.keyword ?? "", name: line.text ?? "",
                    description: header.parts.description ?? "", children: children, id: ids.next()))
        case .feature:
            guard let header = node.parts.header else { return }
            let tags = tags(header)
            guard let line = header.firstToken(.featureLine) else { return }
            var children: [FeatureChild] = []
            if let background = node.parts.background {
                children.append(.background(background))
            }
            for scenario in node.parts.scenarios {
                children.append(.scenario(scenario))
            }
            for rule in node.parts.rules {
                children.append(.rule(rule))
            }
            let feature = Feature(
                location: Self.location(line), tags: tags, language: line.language, keyword: line.keyword ?? "",
                name: line.text ?? "", description: header.parts.description ?? "", children: children)
            if parent.parts.feature == nil { parent.parts.feature = feature }
        case .gherkinDocument, .featureHeader, .ruleHeader, .scenario, .examples, .tags:
            parent.adopt(node)
        }
    }
}
