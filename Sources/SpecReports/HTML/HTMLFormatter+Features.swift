import Foundation
import Messages

/// The features in the HTML report: each feature with its description, Markdown prose, tags, rules and backgrounds,
/// the features a large run only counts, and the scenarios no feature holds.
extension HTMLFormatter {
    /// The scenarios no feature of the stream holds, grouped by file.
    func writeOrphans() throws(ReportError) {
        var order: [String] = []
        var byURI: [String: [Card]] = [:]
        for card in orphans.sorted(by: { $0.pickleOrdinal < $1.pickleOrdinal }) {
            if byURI[card.uri] == nil { order.append(card.uri) }
            byURI[card.uri, default: []].append(card)
        }
        for uri in order {
            let noted = byURI[uri] ?? []
            var counts = StatusCounts()
            for card in noted { counts.add(card.status) }
            buffer.append("<article class=\"feature\"><header class=\"feature-head\"><h2>")
            buffer.appendHTML(uri)
            buffer.append("</h2>")
            writeCounts(counts)
            buffer.append("</header><div class=\"feature-body\">")
            for card in noted {
                if let slot = card.slot { writeCard(slot) }
            }
            writeFoldedNote(noted.count { $0.slot == nil })
            buffer.append("</div></article>\n")
            try buffer.flushIfNeeded()
        }
    }

    /// The features of a large run that have no scenario detailed: one row each, up to `detailLimit` of them.
    func writeFoldedFeatures() throws(ReportError) {
        guard foldedFeatures > 0 else { return }
        buffer.append("<article class=\"feature\"><header class=\"feature-head\"><h2>Features not detailed</h2>")
        writeCounts(foldedScenarios)
        buffer.append("<p class=\"description\">")
        buffer.appendHTML(
            "\(Self.grouped(foldedFeatures)) feature\(foldedFeatures == 1 ? "" : "s") whose scenarios are only counted here: the "
                + "run has more scenarios than this page details (\(Self.grouped(detailLimit))).")
        buffer.append("</p></header><div class=\"feature-body\"><div class=\"scroll\"><table class=\"data\">")
        buffer.append("<thead><tr><th>Feature</th><th>File</th><th>Scenarios</th></tr></thead><tbody>")
        try buffer.flush()
        try foldedRows.copy(into: buffer.output)
        buffer.append("</tbody></table></div>")
        if foldedFeatures > detailLimit {
            buffer.append("<p class=\"not-run\">…and \(Self.grouped(foldedFeatures - detailLimit)) more features.</p>")
        }
        buffer.append("</div></article>\n")
    }

    /// One row of the features not detailed.
    func writeFoldedRow(index: Int, name: String, uri: String, counts: StatusCounts) {
        buffer.append("<tr id=\"f-\(index)\"><td>")
        buffer.appendHTML(name)
        buffer.append("</td><td class=\"mono\">")
        buffer.appendHTML(uri)
        buffer.append("</td><td>")
        writeCounts(counts)
        buffer.append("</td></tr>")
    }

    /// Says that `count` scenarios of a feature are only counted (a run larger than the page details).
    private func writeFoldedNote(_ count: Int) {
        guard count > 0 else { return }
        buffer.append(
            "<p class=\"not-run\">\(Self.grouped(count)) more scenario\(count == 1 ? " is" : "s are") only counted above: the run "
                + "has more scenarios than this page details (\(Self.grouped(detailLimit))); the JUnit, Cucumber JSON and message "
                + "reports have every one.</p>")
    }

    func writeFeature(
        _ feature: Feature, id: String, uri: String, source: Source?, cardsByScenario: [String: [Card]],
        placed: inout Set<Int>
    ) {
        var featureCards: [Card] = []
        for child in feature.children {
            switch child {
            case .scenario(let scenario): featureCards += cardsByScenario[scenario.id] ?? []
            case .rule(let rule):
                for case .scenario(let scenario) in rule.children {
                    featureCards += cardsByScenario[scenario.id] ?? []
                }
            case .background: break
            }
        }
        var counts = StatusCounts()
        for card in featureCards { counts.add(card.status) }
        buffer.append("<article class=\"feature\" id=\"\(id)\"><header class=\"feature-head\">")
        writeTags(feature.tags.map(\.name))
        buffer.append("<h2><span class=\"kw\">")
        buffer.appendHTML(feature.keyword)
        buffer.append(":</span> ")
        buffer.appendHTML(feature.name)
        buffer.append("</h2><p class=\"uri\">")
        buffer.appendHTML(uri)
        buffer.append("</p>")
        writeCounts(counts)
        writeDescription(feature.description)
        // A Markdown spec's prose, each paragraph before the element it precedes in the file.
        var prose = source.flatMap { MarkdownProse(source: $0, feature: feature) }
        func proseBefore(_ line: Int) {
            guard var remaining = prose else { return }
            writeProse(remaining.take(before: line))
            prose = remaining
        }
        proseBefore(feature.children.first.map(Self.firstLine) ?? Int.max)
        buffer.append("</header><div class=\"feature-body\">")
        if featureCards.isEmpty { buffer.append("<p class=\"not-run\">No scenarios.</p>") }
        for child in feature.children {
            proseBefore(Self.firstLine(of: child))
            switch child {
            case .background(let background):
                writeBackground(background)
            case .scenario(let scenario):
                writeScenarioOrOutline(scenario, cards: cardsByScenario[scenario.id] ?? [], placed: &placed)
            case .rule(let rule):
                writeSectionHead(
                    "rule", tags: rule.tags, keyword: rule.keyword, name: rule.name, description: rule.description)
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background):
                        proseBefore(background.location.line)
                        writeBackground(background)
                    case .scenario(let scenario):
                        proseBefore(Self.firstLine(scenario.location, scenario.tags))
                        writeScenarioOrOutline(scenario, cards: cardsByScenario[scenario.id] ?? [], placed: &placed)
                    }
                }
                buffer.append("</section>")
            }
        }
        proseBefore(Int.max)
        writeFoldedNote(featureCards.count { $0.slot == nil })
        buffer.append("</div></article>\n")
    }

    private func writeCounts(_ counts: StatusCounts) {
        guard counts.total > 0 else { return }
        buffer.append("<div class=\"counts\">")
        for status in StatusCounts.reportOrder where counts[status] > 0 {
            buffer.append(
                "<span class=\"pill s-\(Self.className(status))\">\(counts[status]) \(Self.label(status))</span>")
        }
        buffer.append("</div>")
    }

    /// The first line of a feature's child: its tags' line, or its keyword's.
    private static func firstLine(of child: FeatureChild) -> Int {
        switch child {
        case .background(let background): background.location.line
        case .scenario(let scenario): firstLine(scenario.location, scenario.tags)
        case .rule(let rule): firstLine(rule.location, rule.tags)
        }
    }

    private static func firstLine(_ location: Location, _ tags: [Tag]) -> Int {
        tags.map(\.location.line).min().map { min($0, location.line) } ?? location.line
    }

    /// Paragraphs of a Markdown spec's prose; a heading that is not a keyword (`## Notes`) stands out.
    private func writeProse(_ paragraphs: [String]) {
        guard !paragraphs.isEmpty else { return }
        buffer.append("<div class=\"prose\">")
        for paragraph in paragraphs {
            let heading = paragraph.hasPrefix("#") && !paragraph.contains("\n")
            buffer.append(heading ? "<p class=\"prose-heading\">" : "<p>")
            buffer.appendHTML(heading ? String(paragraph.drop { $0 == "#" || $0 == " " }) : paragraph)
            buffer.append("</p>")
        }
        buffer.append("</div>")
    }

    func writeDescription(_ description: String) {
        let trimmed = Self.trimIndentation(description)
        guard !trimmed.isEmpty else { return }
        buffer.append("<p class=\"description\">")
        buffer.appendHTML(trimmed)
        buffer.append("</p>")
    }

    private func writeTags(_ names: [String]) {
        guard !names.isEmpty else { return }
        buffer.append("<div class=\"tags\">")
        for name in names { writeTag(name) }
        buffer.append("</div>")
    }

    /// A tag: a link to its tracker when `tagLinks` gives it one (an http or https URL, escaped), else a word.
    func writeTag(_ name: String) {
        if let url = tagLinks.url(for: name) {
            buffer.append("<a class=\"tag-name tag-link\" rel=\"noopener noreferrer\" href=\"")
            buffer.appendHTML(url)
            buffer.append("\">")
            buffer.appendHTML(name)
            buffer.append("</a>")
        } else {
            buffer.append("<span class=\"tag-name\">")
            buffer.appendHTML(name)
            buffer.append("</span>")
        }
    }

    private func writeBackground(_ background: Background) {
        buffer.append("<div class=\"background\"><h4><span class=\"kw\">")
        buffer.appendHTML(background.keyword)
        buffer.append(":</span> ")
        buffer.appendHTML(background.name)
        buffer.append("</h4>")
        writeDescription(background.description)
        writeStepTexts(background.steps, listTag: "<ol>")
        buffer.append("</div>")
    }

    /// Opens a `<section>` of `className` for a rule or an outline: its tags, `Keyword: name` and description.
    func writeSectionHead(
        _ className: String, tags: [Tag], keyword: String, name: String, description: String
    ) {
        buffer.append("<section class=\"\(className)\">")
        writeTags(tags.map(\.name))
        buffer.append("<h3><span class=\"kw\">")
        buffer.appendHTML(keyword)
        buffer.append(":</span> ")
        buffer.appendHTML(name)
        buffer.append("</h3>")
        writeDescription(description)
    }

    /// Gherkin steps as written (keyword and text), as a list opened by `listTag`.
    func writeStepTexts(_ steps: [Step], listTag: String) {
        buffer.append(listTag)
        for step in steps {
            buffer.append("<li><span class=\"kw\">")
            buffer.appendHTML(step.keyword.trimmingCharacters(in: " "))
            buffer.append("</span> ")
            buffer.appendHTML(step.text)
            buffer.append("</li>")
        }
        buffer.append("</ol>")
    }

    /// The description lines without their common indentation and surrounding blank lines.
    static func trimIndentation(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indentation =
            lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix(while: { $0 == " " || $0 == "\t" }).count }
            .min() ?? 0
        let trimmed = lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(indentation)) }
        return trimmed.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }
}
