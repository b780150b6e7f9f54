import Messages

/// Writes a parsed document back as Gherkin in the layout Cucumber's pretty formatter uses: two spaces per level
/// (Feature 0, Background/Scenario/Rule 2, steps 4, tables and doc strings 6; one level deeper inside a rule),
/// tags on the line above their keyword, one blank line between scenarios, descriptions re-indented under their
/// keyword, table columns aligned, comments kept before the line they preceded. Keywords and texts are kept as
/// written, so the pickles of the result are those of the original.
public enum GherkinFormatter {
    /// The formatted text of `document` (which must have parsed without errors).
    public static func format(_ document: GherkinDocument) -> String {
        var writer = Writer(comments: document.comments.sorted { $0.location.line < $1.location.line })
        if let feature = document.feature {
            if feature.language != "en" { writer.text = "# language: \(feature.language)\n" }
            writer.feature(feature)
        }
        writer.flushComments(before: .max, indent: 0)
        return writer.text
    }

    private struct Writer {
        var text = ""
        var comments: [Comment]
        var nextComment = 0

        init(comments: [Comment]) {
            self.comments = comments
        }

        /// Writes the comments written above `line`, at `indent`.
        mutating func flushComments(before line: Int, indent: Int) {
            while nextComment < comments.count, comments[nextComment].location.line < line {
                let comment = comments[nextComment].text.drop { $0 == " " || $0 == "\t" }
                text += String(repeating: " ", count: indent) + comment + "\n"
                nextComment += 1
            }
        }

        mutating func line(_ content: String, indent: Int, sourceLine: Int) {
            flushComments(before: sourceLine, indent: indent)
            text += String(repeating: " ", count: indent) + content + "\n"
        }

        mutating func blankLine() {
            if !text.isEmpty && !text.hasSuffix("\n\n") { text += "\n" }
        }

        mutating func tags(_ tags: [Tag], indent: Int) {
            guard let first = tags.first else { return }
            line(tags.map(\.name).joined(separator: " "), indent: indent, sourceLine: first.location.line)
        }

        mutating func heading(keyword: String, name: String, indent: Int, sourceLine: Int) {
            line(name.isEmpty ? "\(keyword):" : "\(keyword): \(name)", indent: indent, sourceLine: sourceLine)
        }

        mutating func description(_ description: String, indent: Int) {
            guard !description.isEmpty else { return }
            let lines = description.split(separator: "\n", omittingEmptySubsequences: false)
            let margin =
                lines.filter { !$0.allSatisfy(\.isWhitespace) }
                .map { $0.prefix { $0 == " " || $0 == "\t" }.count }.min() ?? 0
            for raw in lines {
                let trimmed = raw.allSatisfy(\.isWhitespace) ? "" : String(raw.dropFirst(margin))
                // Comments between description lines are not in the description: they follow it.
                text += trimmed.isEmpty ? "\n" : String(repeating: " ", count: indent) + trimmed + "\n"
            }
        }

        mutating func feature(_ feature: Feature) {
            tags(feature.tags, indent: 0)
            heading(keyword: feature.keyword, name: feature.name, indent: 0, sourceLine: feature.location.line)
            description(feature.description, indent: 2)
            for child in feature.children {
                blankLine()
                switch child {
                case .background(let background): self.background(background, indent: 2)
                case .scenario(let scenario): self.scenario(scenario, indent: 2)
                case .rule(let rule): self.rule(rule)
                }
            }
        }

        mutating func rule(_ rule: Rule) {
            tags(rule.tags, indent: 2)
            heading(keyword: rule.keyword, name: rule.name, indent: 2, sourceLine: rule.location.line)
            description(rule.description, indent: 4)
            for child in rule.children {
                blankLine()
                switch child {
                case .background(let background): self.background(background, indent: 4)
                case .scenario(let scenario): self.scenario(scenario, indent: 4)
                }
            }
        }

        mutating func background(_ background: Background, indent: Int) {
            heading(
                keyword: background.keyword, name: background.name, indent: indent,
                sourceLine: background.location.line)
            description(background.description, indent: indent + 2)
            for step in background.steps { self.step(step, indent: indent + 2) }
        }

        mutating func scenario(_ scenario: Scenario, indent: Int) {
            tags(scenario.tags, indent: indent)
            heading(
                keyword: scenario.keyword, name: scenario.name, indent: indent, sourceLine: scenario.location.line)
            description(scenario.description, indent: indent + 2)
            for step in scenario.steps { self.step(step, indent: indent + 2) }
            for examples in scenario.examples {
                blankLine()
                tags(examples.tags, indent: indent + 2)
                heading(
                    keyword: examples.keyword, name: examples.name, indent: indent + 2,
                    sourceLine: examples.location.line)
                description(examples.description, indent: indent + 4)
                let rows = (examples.tableHeader.map { [$0] } ?? []) + examples.tableBody
                table(rows, indent: indent + 4)
            }
        }

        /// A step and its arguments, in the order they were written: a doc string and a data table are the
        /// pickle's arguments 1 and 2 in that order (`argumentIndex`), so swapping them would change what runs.
        mutating func step(_ step: Step, indent: Int) {
            line(step.keyword + step.text, indent: indent, sourceLine: step.location.line)
            let tableLine = step.dataTable?.rows.first?.location.line ?? step.dataTable?.location.line
            let docStringFirst = step.docString.map { docString in
                tableLine.map { docString.location.line < $0 } ?? true
            }
            if docStringFirst == true, let docString = step.docString { self.docString(docString, indent: indent + 2) }
            if let table = step.dataTable { self.table(table.rows, indent: indent + 2) }
            if docStringFirst == false, let docString = step.docString { self.docString(docString, indent: indent + 2) }
        }

        mutating func table(_ rows: [TableRow], indent: Int) {
            let cells = rows.map { $0.cells.map { GherkinFormatter.escapeCell($0.value) } }
            var widths: [Int] = []
            for row in cells {
                for (column, cell) in row.enumerated() {
                    if column == widths.count { widths.append(0) }
                    widths[column] = max(widths[column], cell.count)
                }
            }
            for (row, values) in zip(rows, cells) {
                let padded = values.enumerated().map { column, cell in
                    cell + String(repeating: " ", count: widths[column] - cell.count)
                }
                line("| " + padded.joined(separator: " | ") + " |", indent: indent, sourceLine: row.location.line)
            }
        }

        mutating func docString(_ docString: GherkinDocString, indent: Int) {
            let delimiter = docString.delimiter
            line(delimiter + (docString.mediaType ?? ""), indent: indent, sourceLine: docString.location.line)
            let escaped = docString.content.replacingAll(delimiter, with: delimiter.map { "\\\($0)" }.joined())
            if !escaped.isEmpty {
                for contentLine in escaped.split(separator: "\n", omittingEmptySubsequences: false) {
                    text += (contentLine.isEmpty ? "" : String(repeating: " ", count: indent) + contentLine) + "\n"
                }
            }
            text += String(repeating: " ", count: indent) + delimiter + "\n"
        }
    }

    /// A table cell's value as written between pipes: `|`, `\` and newlines escaped.
    static func escapeCell(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "|": escaped += "\\|"
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
