import Foundation
import SpecKit

/// `textDocument/rename` of a step's text: every step with that text (using the same definition) in every
/// `.feature` file of the specs becomes the new text; when the definition is a plain expression literal (its
/// expression is that text, no parameter, optional part or alternative), its Swift string literal too, so the
/// steps still match. A new text that no definition would match is refused, rather than leaving steps undefined.
enum Rename {
    /// `textDocument/prepareRename`: the step's text and its range, or an error off a step.
    static func prepare(_ request: Request) throws(ResponseError) -> Any {
        guard let document = request.document, let step = document.step(onLine: request.line),
            request.character >= step.textStart, request.character <= step.textEnd
        else { throw .failed("Only a step's text can be renamed: put the cursor on a step.") }
        return [
            "range": SpecDocument.range(line: step.line, start: step.textStart, end: step.textEnd),
            "placeholder": step.text,
        ]
    }

    static func respond(_ request: Request) throws(ResponseError) -> Any {
        guard let (text, definition) = renamedStep(request) else {
            throw .failed("Only a step's text can be renamed: put the cursor on a step.")
        }
        guard let newText = request.params["newName"] as? String,
            !newText.trimmingCharacters(in: .whitespaces).isEmpty, !newText.contains("\n"), !newText.contains("\r")
        else { throw .invalidParams("A step's new text is one line of text.") }
        let workspace = request.workspace
        var changes = stepEdits(text: text, definition: definition, to: newText, workspace)
        var renamesDefinition = false
        if let definition, let edit = swiftEdit(definition, from: text, to: newText, workspace) {
            changes[edit.uri, default: []].append(edit.edit)
            renamesDefinition = true
        }
        if !renamesDefinition, definition != nil, !newText.contains("<"), !matchesAny(newText, workspace) {
            throw .failed(
                "No step definition matches “\(newText)”: renaming would leave the steps undefined. "
                    + "Its definition is not a plain text, so rename its Swift expression yourself first.")
        }
        return ["changes": changes]
    }

    /// The text and definition of the step the request is on.
    private static func renamedStep(_ request: Request) -> (text: String, definition: Int?)? {
        guard let step = request.document?.step(onLine: request.line) else { return nil }
        return (step.text, step.definition)
    }

    /// The edits of every step written `text` that uses `definition`, by file.
    private static func stepEdits(text: String, definition: Int?, to newText: String, _ workspace: Workspace)
        -> [String: [[String: Any]]]
    {
        var changes: [String: [[String: Any]]] = [:]
        for entry in workspace.indexedSpecs() {
            for other in entry.steps where other.text == text && other.definition == definition {
                changes[entry.uri, default: []].append([
                    "range": SpecDocument.range(line: other.line, start: other.textStart, end: other.textEnd),
                    "newText": newText,
                ])
            }
        }
        return changes
    }

    private static func matchesAny(_ text: String, _ workspace: Workspace) -> Bool {
        switch workspace.matches.match(text, workspace.catalog) {
        case .matched, .ambiguous: true
        case .undefined, .failed: false
        }
    }

    /// The edit of the Swift literal of definition `position` when its expression is exactly `text`.
    private static func swiftEdit(_ position: Int, from text: String, to newText: String, _ workspace: Workspace)
        -> (uri: String, edit: [String: Any])?
    {
        let definition = workspace.catalog.definitions[position]
        guard !definition.isRegularExpression, definition.pattern == cucumberLiteral(text),
            let path = workspace.paths.sourceFile(definition.location)
        else { return nil }
        let lines = workspace.sources.lines(of: path)
        let newPattern = cucumberLiteral(newText)
        let spellings = [
            (old: "\"" + swiftEscaped(definition.pattern) + "\"", new: "\"" + swiftEscaped(newPattern) + "\""),
            (old: "#\"" + definition.pattern + "\"#", new: "#\"" + newPattern + "\"#"),
        ]
        for line in max(definition.location.line - 1, 0)..<min(definition.location.line + 3, lines.count) {
            for spelling in spellings {
                guard let range = lines[line].range(of: spelling.old) else { continue }
                if spelling.old.hasPrefix("#"), newPattern.contains("\"#") { continue }
                let start = lines[line][..<range.lowerBound].utf16.count
                return (
                    URL(fileURLWithPath: path).absoluteString,
                    [
                        "range": SpecDocument.range(line: line, start: start, end: start + spelling.old.utf16.count),
                        "newText": spelling.new,
                    ]
                )
            }
        }
        return nil
    }

    /// `text` as a Cucumber Expression that matches exactly it: `(`, `)`, `{`, `}`, `/` and `\` escaped.
    static func cucumberLiteral(_ text: String) -> String {
        var literal = ""
        for character in text {
            if "(){}/\\".contains(character) { literal.append("\\") }
            literal.append(character)
        }
        return literal
    }

    /// `text` escaped for a Swift string literal.
    static func swiftEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\t": escaped += "\\t"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
