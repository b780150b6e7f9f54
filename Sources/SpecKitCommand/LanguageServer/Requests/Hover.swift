import Foundation
import SpecKit

/// `textDocument/hover` on a step's text: the definition's expression, its Swift place and the comment above it,
/// how many steps use it; on an argument, its parameter type and the Swift type the step receives. On an
/// undefined or ambiguous step, what is wrong.
enum Hover {
    static func respond(_ request: Request) -> Any {
        guard let document = request.document, let step = document.step(onLine: request.line),
            request.character >= step.textStart, request.character <= step.textEnd
        else { return NSNull() }
        let workspace = request.workspace
        let catalog = workspace.catalog
        var text: String
        switch step.match {
        case .undefined:
            text = "**Undefined step**: no step definition matches “\(step.matchedText)”."
        case .failed(let reason):
            text = "The step could not be matched: \(reason)"
        case .ambiguous(let positions):
            text =
                "**Ambiguous step**: \(positions.count) step definitions match:\n\n"
                + positions.map { "- `\(catalog.definitions[$0].pattern)` at `\(catalog.definitions[$0].location)`" }
                .joined(separator: "\n")
        case .matched(let position, let arguments):
            let definition = catalog.definitions[position]
            text = ""
            if step.texts.count <= 1, step.text == step.matchedText,
                let argument = arguments.first(where: {
                    request.character >= step.textStart + $0.start && request.character <= step.textStart + $0.end
                })
            {
                let type = argument.parameterType.map { "{\($0)}" } ?? "a regular expression group"
                text += "Parameter \(type)" + (argument.swiftType.map { ", passed to the step as `\($0)`" } ?? "")
                text += "\n\n---\n\n"
            }
            let pattern = definition.isRegularExpression ? "/\(definition.pattern)/" : definition.pattern
            text += "`\(pattern)`\n\nDefined at `\(definition.location)`"
            if let path = workspace.paths.sourceFile(definition.location),
                let comment = workspace.sources.docComment(in: path, line: definition.location.line)
            {
                text += "\n\n" + comment
            }
            let uses = workspace.withIndex { $0.uses() }[position] ?? 0
            text += "\n\nUsed by \(uses) step\(uses == 1 ? "" : "s") in the specs."
        }
        let markdown = workspace.capabilities.markdownHover
        return [
            "contents": ["kind": markdown ? "markdown" : "plaintext", "value": markdown ? text : plainText(text)],
            "range": SpecDocument.range(line: request.line, start: step.textStart, end: step.textEnd),
        ]
    }

    /// A hover's Markdown as plain text, for a client that asks for it (eglot without markdown-mode): no `**`,
    /// code spans in quotes, no rule.
    static func plainText(_ markdown: String) -> String {
        var text = markdown.replacingOccurrences(of: "\n\n---\n\n", with: "\n\n")
        text = text.replacingOccurrences(of: "**", with: "")
        var plain = ""
        var open = true
        for character in text {
            if character == "`" {
                plain += open ? "“" : "”"
                open.toggle()
            } else {
                plain.append(character)
            }
        }
        return plain
    }
}
