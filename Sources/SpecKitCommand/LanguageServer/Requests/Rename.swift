import Foundation
import SpecKit

/// `textDocument/rename` of a step's text: every step with that text (using the same definition) in every
/// `.feature` file of the specs becomes the new text; when the definition is a plain expression literal (its
/// expression is that text, no parameter, optional part or alternative), its Swift string literal too, so the
/// steps still match. Refused, with the reason, when the new text would leave the steps undefined, when another
/// definition already matches it, when it would change what another step matches, or when the Swift file is
/// outside the folder the editor opened.
///
/// A client that asks `prepareRename` first renames the whole text it was given. One that does not (eglot 1.9
/// asks "Rename `opens' to:") renames the word at the cursor when the new name is one word: `When the customer
/// opens the feed` renamed `launches` at `opens` becomes `When the customer launches the feed`.
enum Rename {
    /// `textDocument/prepareRename`: the step's text and its range, or an error off a step.
    static func prepare(_ request: Request) throws(ResponseError) -> Any {
        guard let document = request.document, let step = document.step(onLine: request.line),
            request.character >= step.textStart, request.character <= step.textEnd
        else { throw .failed("Only a step's text can be renamed: put the cursor on a step.") }
        request.workspace.preparedRename = (request.uri, request.line)
        return [
            "range": SpecDocument.range(line: step.line, start: step.textStart, end: step.textEnd),
            "placeholder": step.text,
        ]
    }

    static func respond(_ request: Request) throws(ResponseError) -> Any {
        let workspace = request.workspace
        let prepared = workspace.preparedRename.map { $0 == (request.uri, request.line) } ?? false
        workspace.preparedRename = nil
        guard let step = request.document?.step(onLine: request.line) else {
            throw .failed("Only a step's text can be renamed: put the cursor on a step.")
        }
        guard let newName = request.params["newName"] as? String,
            !newName.trimmingCharacters(in: .whitespaces).isEmpty, !newName.contains("\n"), !newName.contains("\r")
        else { throw .invalidParams("A step's new text is one line of text.") }
        let text = step.text
        let definition = step.definition
        let newText =
            prepared ? newName : renamedWord(in: step, at: request.character, to: newName) ?? newName
        guard newText != text else { return ["changes": [String: Any]()] }
        var changes = stepEdits(text: text, definition: definition, to: newText, workspace)
        guard let definition else { return ["changes": changes] }
        try checkMatches(of: newText, renaming: text, definition: definition, workspace)
        if let edit = try swiftEdit(definition, from: text, to: newText, workspace) {
            try checkOtherSteps(newText, renaming: text, definition: definition, workspace)
            changes[edit.uri, default: []].append(edit.edit)
            // Shown after the answer, once the editor has applied the edit.
            workspace.post(ShowEdit(uri: edit.uri, line: edit.line, what: "Renamed the step definition"))
            // The renamed steps are defined in the Swift text now, not built yet: a warning, never "undefined".
            if let file = URL(string: edit.uri)?.path {
                let pattern = workspace.catalog.definitions[definition].pattern
                workspace.sourceSteps.edited(
                    SourceSteps.Definition(
                        pattern: cucumberLiteral(newText), isRegularExpression: false, file: file, line: edit.line + 1),
                    replacing: pattern)
                workspace.swiftSourcesChanged()
            }
        } else if !newText.contains("<") {
            switch workspace.matches.match(newText, workspace.catalog) {
            case .matched(definition, _): break
            default:
                throw .failed(
                    "No step definition matches “\(newText)”: renaming would leave the steps undefined. "
                        + "Its definition is not a plain text, so rename its Swift expression yourself first.")
            }
        }
        return ["changes": changes]
    }

    /// The step's text with the word at `character` replaced by `newName`, when `newName` is one word, the
    /// cursor is on a word of the text and the text has more than that word; else nil.
    static func renamedWord(in step: SpecDocument.StepOccurrence, at character: Int, to newName: String) -> String? {
        guard !newName.contains(where: \.isWhitespace), step.text.contains(where: \.isWhitespace) else { return nil }
        let utf16 = Array(step.text.utf16)
        let offset = character - step.textStart
        guard offset >= 0, offset <= utf16.count else { return nil }
        func isWord(_ unit: UInt16) -> Bool {
            guard let scalar = Unicode.Scalar(unit) else { return true }  // a surrogate: part of a letter
            return Completion.isWordScalar(scalar)
        }
        var start = offset
        while start > 0, isWord(utf16[start - 1]) { start -= 1 }
        var end = offset
        while end < utf16.count, isWord(utf16[end]) { end += 1 }
        guard start < end else { return nil }
        let before = String(decoding: utf16[..<start], as: UTF16.self)
        let after = String(decoding: utf16[end...], as: UTF16.self)
        return before + newName + after
    }

    /// Refuses a new text another definition already matches.
    private static func checkMatches(
        of newText: String, renaming text: String, definition: Int, _ workspace: Workspace
    ) throws(ResponseError) {
        guard !newText.contains("<") else { return }
        let catalog = workspace.catalog
        let others: [Int]
        switch workspace.matches.match(newText, catalog) {
        case .matched(let position, _): others = position == definition ? [] : [position]
        case .ambiguous(let positions): others = positions.filter { $0 != definition }
        case .undefined, .failed: others = []
        }
        guard let other = others.first else { return }
        let location = catalog.definitions[other].location
        throw .failed(
            "“\(newText)” is already matched by the step definition “\(catalog.definitions[other].pattern)” at "
                + "\(URL(fileURLWithPath: location.filePath).lastPathComponent):\(location.line): renaming "
                + "“\(text)” to it would make its steps use that definition, or both. Choose another text.")
    }

    /// Refuses a new literal that some other step (one not renamed) is written as: it would match it too.
    private static func checkOtherSteps(
        _ newText: String, renaming text: String, definition: Int, _ workspace: Workspace
    ) throws(ResponseError) {
        for entry in workspace.indexedSpecs() {
            for other in entry.steps
            where other.text == newText && !(other.text == text && other.definition == definition) {
                let file = URL(string: entry.uri).map(\.lastPathComponent) ?? entry.uri
                throw .failed(
                    "The step “\(newText)” at \(file):\(other.line + 1) is already written with that text: renaming "
                        + "the definition would change what it matches. Choose another text.")
            }
        }
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

    /// The edit of the Swift literal of definition `position` when its expression is exactly `text`.
    /// A definition outside the folder the editor opened is refused, with where it is.
    private static func swiftEdit(_ position: Int, from text: String, to newText: String, _ workspace: Workspace)
        throws(ResponseError) -> (uri: String, line: Int, edit: [String: Any])?
    {
        let definition = workspace.catalog.definitions[position]
        guard !definition.isRegularExpression, definition.pattern == cucumberLiteral(text) else { return nil }
        guard let path = workspace.paths.editableSourceFile(definition.location) else {
            throw .failed(
                "The step definition “\(definition.pattern)” is in \(definition.location.filePath), outside the folder "
                    + "the editor opened (\(workspace.paths.projectRoot ?? "none")): rename it there.")
        }
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
                    URL(fileURLWithPath: path).absoluteString, line,
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
