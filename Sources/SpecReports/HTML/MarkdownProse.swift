import Foundation
import Messages

/// The prose of a Markdown spec (`.feature.md`): the lines the Gherkin parser leaves out, in paragraphs, each
/// placed before the element that follows it in the file, so the report shows a product owner's text around the
/// scenarios it explains.
struct MarkdownProse {
    /// Paragraphs and the line of the first Gherkin element after them (`Int.max` after the last one).
    private var blocks: [(before: Int, paragraphs: [String])]
    private var next = 0

    /// The prose of `source`, whose document has `feature`; nil for a plain `.feature` source.
    init?(source: Source, feature: Feature) {
        guard source.mediaType == .gherkinMarkdown else { return nil }
        var used = Set<Int>()
        var descriptions: [String] = [feature.description]
        func mark(_ tags: [Tag]) { used.formUnion(tags.map(\.location.line)) }
        func mark(_ steps: [Step]) {
            for step in steps {
                used.insert(step.location.line)
                if let docString = step.docString {
                    let lines = docString.content.split(separator: "\n", omittingEmptySubsequences: false).count
                    used.formUnion(docString.location.line...(docString.location.line + lines + 1))
                }
                if let rows = step.dataTable?.rows, let first = rows.first, let last = rows.last {
                    used.formUnion(first.location.line...last.location.line)
                }
            }
        }
        func mark(_ scenario: Scenario) {
            used.insert(scenario.location.line)
            mark(scenario.tags)
            mark(scenario.steps)
            descriptions.append(scenario.description)
            for examples in scenario.examples {
                used.insert(examples.location.line)
                mark(examples.tags)
                descriptions.append(examples.description)
                let rows = (examples.tableHeader.map { [$0] } ?? []) + examples.tableBody
                if let first = rows.first, let last = rows.last {
                    used.formUnion(first.location.line...last.location.line)
                }
            }
        }
        func mark(_ background: Background) {
            used.insert(background.location.line)
            mark(background.steps)
            descriptions.append(background.description)
        }
        used.insert(feature.location.line)
        mark(feature.tags)
        for child in feature.children {
            switch child {
            case .background(let background): mark(background)
            case .scenario(let scenario): mark(scenario)
            case .rule(let rule):
                used.insert(rule.location.line)
                mark(rule.tags)
                descriptions.append(rule.description)
                for child in rule.children {
                    switch child {
                    case .background(let background): mark(background)
                    case .scenario(let scenario): mark(scenario)
                    }
                }
            }
        }
        // Lines already shown as a description are not shown twice.
        let described = Set(
            descriptions.flatMap { $0.split(separator: "\n") }.map { $0.trimmingCharacters(in: .whitespaces) })

        blocks = []
        var paragraphs: [String] = []
        var paragraph: [String] = []
        let lines = source.data.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let text = line.trimmingCharacters(in: .whitespaces)
            if used.contains(number) {
                if !paragraph.isEmpty { paragraphs.append(paragraph.joined(separator: "\n")) }
                paragraph = []
                if !paragraphs.isEmpty { blocks.append((number, paragraphs)) }
                paragraphs = []
            } else if text.isEmpty || described.contains(text) {
                if !paragraph.isEmpty { paragraphs.append(paragraph.joined(separator: "\n")) }
                paragraph = []
            } else {
                paragraph.append(text)
            }
        }
        if !paragraph.isEmpty { paragraphs.append(paragraph.joined(separator: "\n")) }
        if !paragraphs.isEmpty { blocks.append((Int.max, paragraphs)) }
    }

    /// The paragraphs that come before `line` and were not taken yet.
    mutating func take(before line: Int) -> [String] {
        var taken: [String] = []
        while next < blocks.count, blocks[next].before <= line {
            taken += blocks[next].paragraphs
            next += 1
        }
        return taken
    }

    /// The paragraphs not taken yet.
    mutating func rest() -> [String] {
        take(before: Int.max)
    }
}
