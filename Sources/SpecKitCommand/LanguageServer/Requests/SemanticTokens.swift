import Foundation
import Messages
import SpecKit

/// `textDocument/semanticTokens/full`: colouring from the server, the same in every editor: keywords, tags,
/// step arguments by their parameter type (numbers, strings, other values), `<placeholders>` and the examples
/// header that names them, doc strings, table cells and their bars, comments.
enum SemanticTokens {
    /// The token types, in the order their indices refer to.
    static let types = ["keyword", "decorator", "parameter", "number", "string", "variable", "comment", "operator"]
    static var legend: [String: Any] { ["tokenTypes": types, "tokenModifiers": [String]()] }

    private enum Kind: Int {
        case keyword, tag, parameter, number, string, placeholder, comment, bar
    }

    private struct Token {
        var line: Int
        var start: Int
        var length: Int
        var kind: Kind
    }

    static func respond(_ request: Request) -> Any {
        guard let document = request.document else { return ["data": [Int]()] }
        return ["data": encode(tokens(of: document))]
    }

    /// The tokens, sorted, without overlaps, as the protocol's relative integers.
    private static func encode(_ tokens: [Token]) -> [Int] {
        var data: [Int] = []
        var previous = (line: 0, start: 0, end: 0)
        for token in tokens.sorted(by: { ($0.line, $0.start) < ($1.line, $1.start) }) where token.length > 0 {
            if token.line == previous.line && token.start < previous.end && !data.isEmpty { continue }
            let deltaLine = token.line - previous.line
            data += [
                deltaLine, deltaLine == 0 ? token.start - previous.start : token.start, token.length,
                token.kind.rawValue, 0,
            ]
            previous = (token.line, token.start, token.start + token.length)
        }
        return data
    }

    private static func tokens(of document: SpecDocument) -> [Token] {
        var tokens: [Token] = []
        let lines = document.lines
        func at(_ location: Location, length: Int, _ kind: Kind) {
            let line = location.line - 1
            guard line >= 0, line < lines.count else { return }
            tokens.append(
                Token(
                    line: line, start: lines.utf16Offset(line: line, column: location.column ?? 1), length: length,
                    kind: kind))
        }
        func header(_ location: Location, _ keyword: String, tags: [Tag] = []) {
            at(location, length: keyword.utf16.count + 1, .keyword)
            for tag in tags { at(tag.location, length: tag.name.utf16.count, .tag) }
        }
        func tableTokens(_ rows: [TableRow], headerIsPlaceholders: Bool) {
            for (index, row) in rows.enumerated() {
                let line = row.location.line - 1
                var offset = 0
                var escaped = false
                for unit in lines[line].utf16 {
                    if unit == 0x7C && !escaped {
                        tokens.append(Token(line: line, start: offset, length: 1, kind: .bar))
                    }
                    escaped = unit == 0x5C && !escaped
                    offset += 1
                }
                for cell in row.cells where !cell.value.isEmpty {
                    at(
                        cell.location, length: cell.value.utf16.count,
                        index == 0 && headerIsPlaceholders ? .placeholder : .string)
                }
            }
        }
        func steps(_ steps: [Step]) {
            for step in steps {
                at(step.location, length: step.keyword.trimmingCharacters(in: .whitespaces).utf16.count, .keyword)
                if let table = step.dataTable { tableTokens(table.rows, headerIsPlaceholders: false) }
            }
        }
        func scenario(_ scenario: Scenario) {
            header(scenario.location, scenario.keyword, tags: scenario.tags)
            steps(scenario.steps)
            for examples in scenario.examples {
                header(examples.location, examples.keyword, tags: examples.tags)
                tableTokens(
                    (examples.tableHeader.map { [$0] } ?? []) + examples.tableBody,
                    headerIsPlaceholders: examples.tableHeader != nil)
            }
        }
        if let feature = document.document?.feature {
            header(feature.location, feature.keyword, tags: feature.tags)
            for child in feature.children {
                switch child {
                case .background(let background):
                    header(background.location, background.keyword)
                    steps(background.steps)
                case .scenario(let item): scenario(item)
                case .rule(let rule):
                    header(rule.location, rule.keyword, tags: rule.tags)
                    for child in rule.children {
                        switch child {
                        case .background(let background):
                            header(background.location, background.keyword)
                            steps(background.steps)
                        case .scenario(let item): scenario(item)
                        }
                    }
                }
            }
        }
        for comment in document.document?.comments ?? [] {
            let line = comment.location.line - 1
            let text = lines[line]
            let indentation = text.prefix { $0 == " " || $0 == "\t" }.utf16.count
            tokens.append(Token(line: line, start: indentation, length: text.utf16.count - indentation, kind: .comment))
        }
        for step in document.steps {
            argumentTokens(step, lines: lines, into: &tokens)
            if step.hasDocString, let range = step.argumentLines {
                for line in range where line < lines.count {
                    let text = lines[line]
                    let indentation = text.prefix { $0 == " " || $0 == "\t" }.utf16.count
                    tokens.append(
                        Token(line: line, start: indentation, length: text.utf16.count - indentation, kind: .string))
                }
            }
        }
        return tokens
    }

    /// A step's `<placeholders>`, or its arguments by type when the step is its own text.
    private static func argumentTokens(
        _ step: SpecDocument.StepOccurrence, lines: TextLines, into tokens: inout [Token]
    ) {
        let units = Array(step.text.utf16)
        var placeholder: Int?
        var found = false
        for (index, unit) in units.enumerated() {
            if unit == 0x3C { placeholder = index }
            if unit == 0x3E, let start = placeholder {
                tokens.append(
                    Token(line: step.line, start: step.textStart + start, length: index - start + 1, kind: .placeholder)
                )
                placeholder = nil
                found = true
            }
        }
        guard !found, step.text == step.matchedText, case .matched(_, let arguments) = step.match else { return }
        for argument in arguments where argument.end > argument.start {
            let kind: Kind =
                switch argument.parameterType {
                case "int", "float", "double", "long", "short", "byte", "bigdecimal", "biginteger": .number
                case "string": .string
                default: .parameter
                }
            tokens.append(
                Token(
                    line: step.line, start: step.textStart + argument.start, length: argument.end - argument.start,
                    kind: kind))
        }
    }
}
