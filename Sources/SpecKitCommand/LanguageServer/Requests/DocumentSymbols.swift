import Foundation
import Messages

/// The outline of a spec for an editor's symbol view: Feature › Rule › Background/Scenario/Outline › Examples,
/// each as an LSP `DocumentSymbol` whose range runs from its tags to its last non-blank line.
struct DocumentSymbols {
    /// One node of the outline before its range's end is known.
    private struct Node {
        var name: String
        var detail: String
        var kind: Int
        /// The first line (its tags' line, when it has tags) and the keyword's line, from 0.
        var start: Int
        var keywordLine: Int
        var keywordColumn: Int
        var children: [Node]
    }

    let document: SpecDocument

    /// `textDocument/documentSymbol`: the outline of the document as read error-tolerantly (every scenario it
    /// can read, while a line is being typed).
    static func respond(_ request: Request) -> Any {
        guard let document = request.document, let feature = document.document?.feature,
            feature.location.line <= document.lines.count
        else { return [Any]() }
        return [DocumentSymbols(document: document).symbol(for: feature)]
    }

    /// The symbol of `feature` and everything under it.
    func symbol(for feature: Feature) -> [String: Any] {
        let root = Node(
            name: Self.title(feature.keyword, feature.name), detail: Self.tags(feature.tags), kind: 2,
            start: Self.start(feature.location, feature.tags), keywordLine: feature.location.line - 1,
            keywordColumn: (feature.location.column ?? 1) - 1,
            children: feature.children.map { child in
                switch child {
                case .background(let background): node(background)
                case .scenario(let scenario): node(scenario)
                case .rule(let rule):
                    Node(
                        name: Self.title(rule.keyword, rule.name), detail: Self.tags(rule.tags), kind: 3,
                        start: Self.start(rule.location, rule.tags), keywordLine: rule.location.line - 1,
                        keywordColumn: (rule.location.column ?? 1) - 1,
                        children: rule.children.map { child in
                            switch child {
                            case .background(let background): node(background)
                            case .scenario(let scenario): node(scenario)
                            }
                        })
                }
            })
        return encode(root, end: lastContentLine(before: document.lines.count))
    }

    private func node(_ background: Background) -> Node {
        Node(
            name: Self.title(background.keyword, background.name), detail: "", kind: 9,
            start: background.location.line - 1, keywordLine: background.location.line - 1,
            keywordColumn: (background.location.column ?? 1) - 1, children: [])
    }

    private func node(_ scenario: Scenario) -> Node {
        Node(
            name: Self.title(scenario.keyword, scenario.name), detail: Self.tags(scenario.tags), kind: 12,
            start: Self.start(scenario.location, scenario.tags), keywordLine: scenario.location.line - 1,
            keywordColumn: (scenario.location.column ?? 1) - 1,
            children: scenario.examples.map { examples in
                let rows = examples.tableBody.count
                return Node(
                    name: Self.title(examples.keyword, examples.name),
                    detail: "\(rows) row\(rows == 1 ? "" : "s")"
                        + (examples.tags.isEmpty ? "" : " " + Self.tags(examples.tags)),
                    kind: 18, start: Self.start(examples.location, examples.tags),
                    keywordLine: examples.location.line - 1, keywordColumn: (examples.location.column ?? 1) - 1,
                    children: [])
            })
    }

    /// The symbol of `node`, whose content ends at line `end`; each child ends before the next one starts.
    private func encode(_ node: Node, end: Int) -> [String: Any] {
        var children: [[String: Any]] = []
        // A header the error-tolerant reading put past the last line (for tags being written) is not shown.
        for (index, child) in node.children.enumerated() where child.keywordLine < document.lines.count {
            let next = index + 1 < node.children.count ? node.children[index + 1].start : end + 1
            children.append(encode(child, end: max(lastContentLine(before: next), child.keywordLine)))
        }
        let keywordStart = document.lines.utf16Offset(line: node.keywordLine, column: node.keywordColumn + 1)
        return [
            "name": node.name, "detail": node.detail, "kind": node.kind,
            "range": [
                "start": ["line": node.start, "character": 0],
                "end": ["line": end, "character": document.lines.length(end)],
            ] as [String: Any],
            "selectionRange": SpecDocument.range(
                line: node.keywordLine, start: keywordStart, end: document.lines.length(node.keywordLine)),
            "children": children,
        ]
    }

    /// The last line before `line` that is not blank (at least 0).
    private func lastContentLine(before line: Int) -> Int {
        var index = min(line, document.lines.count) - 1
        while index > 0, document.lines[index].allSatisfy({ $0 == " " || $0 == "\t" }) { index -= 1 }
        return max(index, 0)
    }

    private static func start(_ location: Location, _ tags: [Tag]) -> Int {
        (tags.map(\.location.line).min() ?? location.line) - 1
    }

    private static func title(_ keyword: String, _ name: String) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? keyword : "\(keyword): \(trimmed)"
    }

    private static func tags(_ tags: [Tag]) -> String {
        tags.map(\.name).joined(separator: " ")
    }
}
