import Messages

/// Builds the `GherkinDocument` from the parser's rules and tokens, requesting ids in the order of the official
/// AST builder (so incrementing ids equal the conformance files' ids).
struct ASTBuilder<Ids: IdGenerator>: ASTBuilding {
    /// What a closed rule turned into, kept by its parent until the parent closes.
    private enum Built {
        case step(Step)
        case docString(DocString)
        case dataTable(DataTable)
        case background(Background)
        case scenario(Scenario)
        case examples(Examples)
        case examplesTable([TableRow])
        case description(String)
        case rule(Rule)
        case feature(Feature)
        case node(Node)
    }

    /// An open rule: the tokens and closed rules it holds so far.
    private final class Node {
        let rule: RuleType
        var tokens: [Token] = []
        var children: [(rule: RuleType, value: Built)] = []

        init(rule: RuleType) {
            self.rule = rule
        }

        func firstToken(_ type: TokenType) -> Token? {
            tokens.first { $0.type == type }
        }

        func first(_ rule: RuleType) -> Built? {
            children.first { $0.rule == rule }?.value
        }

        func all(_ rule: RuleType) -> [Built] {
            children.filter { $0.rule == rule }.map(\.value)
        }
    }

    var ids: Ids
    private var stack: [Node]
    private(set) var comments: [Comment] = []
    private(set) var document: GherkinDocument?
    let uri: String

    init(uri: String, ids: Ids) {
        self.uri = uri
        self.ids = ids
        stack = [Node(rule: .gherkinDocument)]
    }

    mutating func startRule(_ rule: RuleType) throws(ParserIssue) {
        stack.append(Node(rule: rule))
    }

    mutating func endRule(_ rule: RuleType) throws(ParserIssue) {
        guard stack.count > 1, let node = stack.popLast() else { return }
        let parent = stack[stack.count - 1]
        if let value = try transform(node) {
            parent.children.append((node.rule, value))
        }
    }

    mutating func build(_ token: Token) throws(ParserIssue) {
        if token.type == .comment {
            comments.append(Comment(location: Location(line: token.line, column: token.column), text: token.text ?? ""))
        } else {
            stack[stack.count - 1].tokens.append(token)
        }
    }

    /// The document once the parse is over, `nil` when the grammar was not followed.
    func result() -> GherkinDocument? {
        guard let built = stack.first?.first(.gherkinDocument), case .node(let node) = built else { return nil }
        var feature: Feature?
        if case .feature(let value)? = node.first(.feature) {
            feature = value
        }
        return GherkinDocument(uri: uri, feature: feature, comments: comments)
    }

    private static func location(_ token: Token, column: Int? = nil) -> Location {
        Location(line: token.line, column: column ?? token.column)
    }

    private mutating func tags(_ node: Node) -> [Tag] {
        guard case .node(let tagsNode)? = node.first(.tags) else { return [] }
        var tags: [Tag] = []
        for token in tagsNode.tokens where token.type == .tagLine {
            for item in token.items {
                tags.append(Tag(location: Self.location(token, column: item.column), name: item.text, id: ids.next()))
            }
        }
        return tags
    }

    private mutating func tableRows(_ node: Node) throws(ParserIssue) -> [TableRow] {
        var rows: [TableRow] = []
        for token in node.tokens where token.type == .tableRow {
            let cells = token.items.map {
                TableCell(location: Self.location(token, column: $0.column), value: $0.text)
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

    private static func description(_ node: Node) -> String {
        if case .description(let text)? = node.first(.description) { return text }
        return ""
    }

    private static func steps(_ node: Node) -> [Step] {
        node.all(.step).compactMap { if case .step(let step) = $0 { step } else { nil } }
    }

    private mutating func transform(_ node: Node) throws(ParserIssue) -> Built? {
        switch node.rule {
        case .step:
            guard let line = node.firstToken(.stepLine) else { return .node(node) }
            var dataTable: DataTable?
            if case .dataTable(let table)? = node.first(.dataTable) { dataTable = table }
            var docString: DocString?
            if case .docString(let value)? = node.first(.docString) { docString = value }
            return .step(
                Step(
                    location: Self.location(line), keyword: line.keyword ?? "", keywordType: line.keywordType,
                    text: line.text ?? "", docString: docString, dataTable: dataTable, id: ids.next()))
        case .docString:
            guard let separator = node.firstToken(.docStringSeparator) else { return .node(node) }
            let mediaType = separator.text.flatMap { $0.isEmpty ? nil : $0 }
            var content = ""
            var first = true
            for token in node.tokens where token.type == .other {
                if !first { content += "\n" }
                content += token.text ?? ""
                first = false
            }
            return .docString(
                DocString(
                    location: Self.location(separator), mediaType: mediaType, content: content,
                    delimiter: separator.keyword ?? ""))
        case .dataTable:
            let rows = try tableRows(node)
            guard let first = rows.first else { return .node(node) }
            return .dataTable(DataTable(location: first.location, rows: rows))
        case .background:
            guard let line = node.firstToken(.backgroundLine) else { return .node(node) }
            let id = ids.next()
            return .background(
                Background(
                    location: Self.location(line), keyword: line.keyword ?? "", name: line.text ?? "",
                    description: Self.description(node), steps: Self.steps(node), id: id))
        case .scenarioDefinition:
            let tags = tags(node)
            guard case .node(let scenarioNode)? = node.first(.scenario),
                let line = scenarioNode.firstToken(.scenarioLine)
            else { return .node(node) }
            let examples = scenarioNode.all(.examplesDefinition).compactMap {
                if case .examples(let value) = $0 { value } else { nil }
            }
            let id = ids.next()
            return .scenario(
                Scenario(
                    location: Self.location(line), tags: tags, keyword: line.keyword ?? "", name: line.text ?? "",
                    description: Self.description(scenarioNode), steps: Self.steps(scenarioNode), examples: examples,
                    id: id))
        case .examplesDefinition:
            let tags = tags(node)
            guard case .node(let examplesNode)? = node.first(.examples),
                let line = examplesNode.firstToken(.examplesLine)
            else { return .node(node) }
            var rows: [TableRow] = []
            if case .examplesTable(let table)? = examplesNode.first(.examplesTable) { rows = table }
            let id = ids.next()
            return .examples(
                Examples(
                    location: Self.location(line), tags: tags, keyword: line.keyword ?? "", name: line.text ?? "",
                    description: Self.description(examplesNode), tableHeader: rows.first,
                    tableBody: Array(rows.dropFirst()), id: id))
        case .examplesTable:
            return .examplesTable(try tableRows(node))
        case .description:
            var lines = node.tokens.filter { $0.type == .other }.map { $0.text ?? "" }
            while let last = lines.last, last.isEmpty {
                lines.removeLast()
            }
            return .description(lines.joined(separator: "\n"))
        case .rule:
            guard case .node(let header)? = node.first(.ruleHeader) else { return nil }
            let tags = tags(header)
            guard let line = header.firstToken(.ruleLine) else { return nil }
            var children: [RuleChild] = []
            if case .background(let background)? = node.first(.background) {
                children.append(.background(background))
            }
            for case .scenario(let scenario) in node.all(.scenarioDefinition) {
                children.append(.scenario(scenario))
            }
            let id = ids.next()
            return .rule(
                Rule(
                    location: Self.location(line), tags: tags, keyword: line.keyword ?? "", name: line.text ?? "",
                    description: Self.description(header), children: children, id: id))
        case .feature:
            guard case .node(let header)? = node.first(.featureHeader) else { return nil }
            let tags = tags(header)
            guard let line = header.firstToken(.featureLine) else { return nil }
            var children: [FeatureChild] = []
            if case .background(let background)? = node.first(.background) {
                children.append(.background(background))
            }
            for case .scenario(let scenario) in node.all(.scenarioDefinition) {
                children.append(.scenario(scenario))
            }
            for case .rule(let rule) in node.all(.rule) {
                children.append(.rule(rule))
            }
            return .feature(
                Feature(
                    location: Self.location(line), tags: tags, language: line.language, keyword: line.keyword ?? "",
                    name: line.text ?? "", description: Self.description(header), children: children))
        case .gherkinDocument, .featureHeader, .ruleHeader, .scenario, .examples, .tags:
            return .node(node)
        }
    }
}
