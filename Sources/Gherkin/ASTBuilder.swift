import Messages

/// An open rule of the grammar: the tokens and closed rules it holds so far. A rule that occurs once keeps
/// the first one built, as the official builder reads the first of each kind.
final class ASTNode {
    let rule: RuleType
    var tokens: [Token] = []
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

    init(rule: RuleType) {
        self.rule = rule
    }

    func firstToken(_ type: TokenType) -> Token? {
        for token in tokens where token.type == type {
            return token
        }
        return nil
    }

    /// Keeps a closed child node (headers, tags, the scenario or examples part, the document).
    func adopt(_ child: ASTNode) {
        switch child.rule {
        case .tags: if tags == nil { tags = child }
        case .featureHeader, .ruleHeader: if header == nil { header = child }
        case .scenario, .examples: if inner == nil { inner = child }
        case .gherkinDocument: if document == nil { document = child }
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
    private(set) var comments: [Comment] = []
    private(set) var document: GherkinDocument?
    let uri: String

    init(uri: String, ids: any IdGenerator) {
        self.uri = uri
        self.ids = ids
        stack = [ASTNode(rule: .gherkinDocument)]
    }

    mutating func startRule(_ rule: RuleType) throws(ParserIssue) {
        stack.append(ASTNode(rule: rule))
    }

    mutating func endRule(_ rule: RuleType) throws(ParserIssue) {
        guard stack.count > 1, let node = stack.popLast() else { return }
        try transform(node, into: stack[stack.count - 1])
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
        guard let node = stack.first?.document else { return nil }
        return GherkinDocument(uri: uri, feature: node.feature, comments: comments)
    }

    private static func location(_ token: Token, column: Int? = nil) -> Location {
        Location(line: token.line, column: column ?? token.column)
    }

    private mutating func tags(_ node: ASTNode) -> [Tag] {
        guard let tagsNode = node.tags else { return [] }
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
            guard let line = node.firstToken(.stepLine) else { return }
            parent.steps.append(
                Step(
                    location: Self.location(line), keyword: line.keyword ?? "", keywordType: line.keywordType,
                    text: line.text ?? "", docString: node.docString, dataTable: node.dataTable, id: ids.next()))
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
            if parent.docString == nil { parent.docString = docString }
        case .dataTable:
            let rows = try tableRows(node)
            guard let first = rows.first else { return }
            if parent.dataTable == nil { parent.dataTable = GherkinDataTable(location: first.location, rows: rows) }
        case .background:
            guard let line = node.firstToken(.backgroundLine) else { return }
            let background = Background(
                location: Self.location(line), keyword: line.keyword ?? "", name: line.text ?? "",
                description: node.description ?? "", steps: node.steps, id: ids.next())
            if parent.background == nil { parent.background = background }
        case .scenarioDefinition:
            let tags = tags(node)
            guard let scenarioNode = node.inner, let line = scenarioNode.firstToken(.scenarioLine) else { return }
            parent.scenarios.append(
                Scenario(
                    location: Self.location(line), tags: tags, keyword: line.keyword ?? "", name: line.text ?? "",
                    description: scenarioNode.description ?? "", steps: scenarioNode.steps,
                    examples: scenarioNode.examples, id: ids.next()))
        case .examplesDefinition:
            let tags = tags(node)
            guard let examplesNode = node.inner, let line = examplesNode.firstToken(.examplesLine) else { return }
            let rows = examplesNode.examplesTable ?? []
            parent.examples.append(
                Examples(
                    location: Self.location(line), tags: tags, keyword: line.keyword ?? "", name: line.text ?? "",
                    description: examplesNode.description ?? "", tableHeader: rows.first,
                    tableBody: Array(rows.dropFirst()), id: ids.next()))
        case .examplesTable:
            let rows = try tableRows(node)
            if parent.examplesTable == nil { parent.examplesTable = rows }
        case .description:
            var lines: [String] = []
            for token in node.tokens where token.type == .other {
                lines.append(token.text ?? "")
            }
            // Trailing lines that are empty once trimmed (only spaces or tabs) are not part of the description.
            while let last = lines.last, last.allSatisfy(\.isWhitespace) {
                lines.removeLast()
            }
            if parent.description == nil { parent.description = lines.joined(separator: "\n") }
        case .rule:
            guard let header = node.header else { return }
            let tags = tags(header)
            guard let line = header.firstToken(.ruleLine) else { return }
            var children: [RuleChild] = []
            if let background = node.background {
                children.append(.background(background))
            }
            for scenario in node.scenarios {
                children.append(.scenario(scenario))
            }
            parent.rules.append(
                Rule(
                    location: Self.location(line), tags: tags, keyword: line.keyword ?? "", name: line.text ?? "",
                    description: header.description ?? "", children: children, id: ids.next()))
        case .feature:
            guard let header = node.header else { return }
            let tags = tags(header)
            guard let line = header.firstToken(.featureLine) else { return }
            var children: [FeatureChild] = []
            if let background = node.background {
                children.append(.background(background))
            }
            for scenario in node.scenarios {
                children.append(.scenario(scenario))
            }
            for rule in node.rules {
                children.append(.rule(rule))
            }
            let feature = Feature(
                location: Self.location(line), tags: tags, language: line.language, keyword: line.keyword ?? "",
                name: line.text ?? "", description: header.description ?? "", children: children)
            if parent.feature == nil { parent.feature = feature }
        case .gherkinDocument, .featureHeader, .ruleHeader, .scenario, .examples, .tags:
            parent.adopt(node)
        }
    }
}
