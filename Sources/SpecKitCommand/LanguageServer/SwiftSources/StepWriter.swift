import Foundation
import SpecKit

/// Writes new step definitions into the step library's Swift source, as an edit the editor applies (and can
/// undo): into the file the settings name (`stepFile`), else the file holding most of the library's definitions,
/// after its last definition, with its indentation and the name its definitions are registered on (`steps.`).
struct StepWriter {
    let workspace: Workspace

    /// The file new definitions go into, on this machine, always inside the folder the editor opened; nil when
    /// none can be found or the `stepFile` setting is refused (`stepFileProblem`).
    func targetFile() -> String? {
        if workspace.settings.stepFile != nil {
            guard let path = settingPath(), Self.problem(with: path, paths: workspace.paths) == nil else { return nil }
            return path
        }
        var counts: [String: Int] = [:]
        for definition in workspace.catalog.definitions {
            guard let path = workspace.paths.editableSourceFile(definition.location) else { continue }
            counts[path, default: 0] += 1
        }
        return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
    }

    /// Why the `stepFile` setting cannot be written into (outside the opened folder, not a Swift file, not a
    /// regular file), as a message naming it; nil when it can or is not set.
    func stepFileProblem() -> String? {
        guard let setting = workspace.settings.stepFile else { return nil }
        guard let path = settingPath() else {
            return "speckit.stepFile \(setting): a relative path needs a folder opened in the editor"
        }
        return Self.problem(with: path, paths: workspace.paths).map { "speckit.stepFile \(setting): \($0)" }
    }

    private func settingPath() -> String? {
        guard let setting = workspace.settings.stepFile else { return nil }
        if setting.hasPrefix("/") { return setting }
        guard let root = workspace.paths.projectRoot else { return nil }
        return URL(fileURLWithPath: root).appendingPathComponent(setting).path
    }

    private static func problem(with path: String, paths: SourcePaths) -> String? {
        guard paths.contains(path) else {
            return "it is outside the folder the editor opened (\(paths.projectRoot ?? "")); no step is written there"
        }
        guard path.hasSuffix(".swift") else { return "it is not a Swift file (.swift); no step is written there" }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return "there is no such file; no step is written there"
        }
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        guard !isFolder.boolValue, type == .typeRegular || type == .typeSymbolicLink else {
            return "it is not a regular file; no step is written there"
        }
        return nil
    }

    /// The workspace edit inserting `snippets` (Swift code registered on `steps.`) into the target file, with the
    /// file's name and the command that shows the written code once the editor applied the edit
    /// (`speckit.showEdit`, which also counts its definitions as written, not built yet); nil when there is no
    /// file to write into.
    func insertion(of snippets: [String]) -> (file: String, edit: [String: Any], show: [String: Any])? {
        guard let path = targetFile(), FileManager.default.fileExists(atPath: path), !snippets.isEmpty else {
            return nil
        }
        let data = FileManager.default.contents(atPath: path) ?? Data()
        let text = TextLines(String(decoding: data, as: UTF8.self))
        let place = insertionPlace(in: text, path: path)
        let code = snippets.map { snippet in
            let renamed = snippet.hasPrefix("steps.") ? place.receiver + snippet.dropFirst("steps".count) : snippet
            return renamed.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : place.indentation + $0 }.joined(separator: text.lineBreak)
        }
        let newText = text.lineBreak + code.joined(separator: text.lineBreak + text.lineBreak) + text.lineBreak
        let uri = URL(fileURLWithPath: path).absoluteString
        let edit: [String: Any] = [
            "changes": [uri: [["range": SpecDocument.range(line: place.line, start: 0, end: 0), "newText": newText]]]
        ]
        let written = place.line + 1
        let show: [String: Any] = [
            "title": "Show the step definition", "command": "speckit.showEdit",
            "arguments": [uri, written, "Wrote the step definition", newText],
        ]
        return (URL(fileURLWithPath: path).lastPathComponent, edit, show)
    }

    /// Where to insert (a line from 0, inserted before), the indentation and the registering name: after the
    /// statement of the file's last definition, else inside the innermost of the braces that close the file.
    private func insertionPlace(in text: TextLines, path: String) -> (line: Int, indentation: String, receiver: String)
    {
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        let lastDefinition = workspace.catalog.definitions.compactMap { definition -> Int? in
            guard let file = workspace.paths.sourceFile(definition.location),
                URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path == standardized
            else { return nil }
            return definition.location.line - 1
        }.max()
        if let start = lastDefinition, start < text.count {
            let line = text[start]
            let indentation = String(line.prefix { $0 == " " || $0 == "\t" })
            return (Self.statementEnd(in: text, from: start) + 1, indentation, Self.receiver(in: line) ?? "steps")
        }
        // No definition yet: inside the innermost of the closing braces that end the file (a function's body).
        var brace = text.count
        var line = text.count - 1
        while line >= 0 {
            let trimmed = text[line].trimmingCharacters(in: .whitespaces)
            if trimmed == "}" {
                brace = line
            } else if !trimmed.isEmpty {
                break
            }
            line -= 1
        }
        let indentation = String(text[brace].prefix { $0 == " " || $0 == "\t" }) + "    "
        return (brace, indentation, "steps")
    }

    /// The name a definition's line registers on: `steps` in `steps.given("...")`.
    static func receiver(in line: String) -> String? {
        for method in [".given(", ".when(", ".then(", ".step(", ".given(regex:", ".when(regex:", ".then(regex:"] {
            guard let range = line.range(of: method) else { continue }
            let before = line[..<range.lowerBound]
            let name = before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { return String(name.reversed()) }
        }
        return nil
    }

    /// The last line of the statement starting at `start`: where its parentheses and braces close (string
    /// literals and comments skipped).
    static func statementEnd(in text: TextLines, from start: Int) -> Int {
        var depth = 0
        var opened = false
        var inString = false
        var line = start
        while line < text.count {
            var previous: Character = " "
            var escaped = false
            for character in text[line] {
                if inString {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        inString = false
                    }
                    previous = character
                    continue
                }
                if character == "/" && previous == "/" { break }  // a comment to the end of the line
                switch character {
                case "\"": inString = true
                case "(", "{", "[":
                    depth += 1
                    opened = true
                case ")", "}", "]": depth -= 1
                default: break
                }
                previous = character
            }
            inString = false  // a multi-line literal is not followed: the next line starts afresh
            if opened && depth <= 0 { return line }
            line += 1
        }
        return start
    }
}
