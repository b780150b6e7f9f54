import Foundation
import Gherkin
import Messages
import SpecKit
import StepSuggestions

/// `textDocument/completion`: after a step keyword, one item per definition the step can still become (values
/// not written in any spec yet still fit), its kind's definitions first (`Given` → context steps), most used
/// first; each parameter a choice of the values the specs use (`${1|3,4,0|}`) or its type's name to type over.
/// At the start of a line, the keywords. Nothing inside doc strings, tables or comments.
///
/// Every item replaces only the word being typed (the characters before the cursor that Emacs counts in a symbol
/// and Neovim in a keyword) and writes the rest of the step from there; its label is exactly that text, its
/// detail the definition's expression, place and uses. So each client inserts what it shows, with one candidate
/// or several: eglot 1.9 completes on the label (never on the edit's text) within the symbol at point, Neovim's
/// `omnifunc` on the edit's text from the items' common range start (no `filterText`, which would make it fall
/// back to its own keyword start), VS Code and Helix on the label within the range. Items that would write the
/// same text are offered once. The list is marked incomplete: the client asks again as the step grows.
enum Completion {
    static func respond(_ request: Request) -> Any {
        let empty: [String: Any] = ["isIncomplete": false, "items": [Any]()]
        guard let document = request.document, request.line >= 0, request.line < document.lines.count,
            request.character >= 0, !document.isInDocString(request.line)
        else { return empty }
        let line = request.line
        let prefix = document.lines.prefix(line: line, character: request.character)
        let character = prefix.utf16.count
        var indentation = String(prefix.prefix { $0 == " " || $0 == "\t" })
        var keywords = document.dialect.stepKeywords.sorted { $0.count > $1.count }
        var bullet = false
        if document.isMarkdown, let mark = prefix.dropFirst(indentation.count).first, "*-+".contains(mark) {
            // A Markdown step is a bullet, then a keyword: `* Given `.
            let afterBullet = prefix.dropFirst(indentation.count + 1)
            indentation += String(mark) + String(afterBullet.prefix { $0 == " " || $0 == "\t" })
            keywords.removeAll { $0 == "* " }
            bullet = true
        }
        let rest = String(prefix.dropFirst(indentation.count))
        if rest.hasPrefix("|") || rest.hasPrefix("#") && !document.isMarkdown || rest.hasPrefix("@") { return empty }
        guard let keyword = keywords.first(where: { rest.hasPrefix($0) }) else {
            let items = keywordItems(
                typed: rest, line: line, start: indentation.utf16.count, end: character, document: document,
                stepsOnly: bullet)
            return ["isIncomplete": false, "items": items]
        }
        let typed = String(rest.dropFirst(keyword.count))
        guard StepSuggester.isScored(typed) else { return empty }
        let textStart = (indentation + keyword).utf16.count
        let phase =
            document.step(onLine: line)?.type
            ?? Self.phase(document.dialect.keywordType(of: keyword))
        return [
            "isIncomplete": true,
            "items": stepItems(
                typed: typed, line: line, textStart: textStart, phase: phase, workspace: request.workspace),
        ]
    }

    private static func phase(_ type: StepKeywordType) -> PickleStepType? {
        switch type {
        case .context: .context
        case .action: .action
        case .outcome: .outcome
        case .conjunction, .unknown: nil
        }
    }

    /// The definitions `typed` can still become, as items replacing the word being typed.
    static func stepItems(typed: String, line: Int, textStart: Int, phase: PickleStepType?, workspace: Workspace)
        -> [[String: Any]]
    {
        let scalars = Array(typed.unicodeScalars)
        var wordStart = scalars.count
        while wordStart > 0, isSymbolScalar(scalars[wordStart - 1]) { wordStart -= 1 }
        let word = String(String.UnicodeScalarView(scalars[wordStart...]))
        let replaceStart = textStart + String(String.UnicodeScalarView(scalars[..<wordStart])).utf16.count
        let replace = SpecDocument.range(line: line, start: replaceStart, end: textStart + typed.utf16.count)
        let catalog = workspace.catalog
        let (uses, values, examples) = workspace.withIndex { index in (index.uses(), index.values(), index.examples()) }
        let snippets = workspace.capabilities.snippets
        var items: [(sortText: String, item: [String: Any])] = []
        for (position, definition) in catalog.definitions.enumerated() {
            guard let segments = catalog.patterns.continuation(of: position, typed: typed, from: wordStart) else {
                continue
            }
            let names = catalog.patterns.parameterNames[position]
            var snippet = ""
            var plain = ""
            var placeholders = 0
            for segment in segments {
                switch segment {
                case .text(let text):
                    snippet += SnippetText.escape(text)
                    plain += text
                case .parameter(let index):
                    placeholders += 1
                    let used = index < (values[position]?.count ?? 0) ? values[position]?[index] ?? [] : []
                    let name = index < names.count ? names[index] : nil
                    snippet += SnippetText.placeholder(
                        placeholders, values: used, placeholder: name.map { $0.isEmpty ? "value" : $0 } ?? "value")
                    plain += used.first ?? SnippetText.exampleValue(forParameter: name)
                }
            }
            // Clients keep only what starts with the typed word as typed (its case too).
            guard plain.hasPrefix(word) else { continue }
            let matchesPhase = phase == nil || definition.keyword == .step || definition.keyword.phase == phase
            let count = uses[position] ?? 0
            let expression =
                definition.isRegularExpression
                ? examples[position]?.text ?? "/\(definition.pattern)/" : definition.pattern
            let sortText =
                "\(matchesPhase ? 0 : 1)\(String(format: "%06d", 999_999 - min(count, 999_999)))"
                + String(format: "%05d", position)
            items.append(
                (
                    sortText,
                    [
                        "label": plain, "kind": 3, "sortText": sortText, "insertTextFormat": snippets ? 2 : 1,
                        "textEdit": ["range": replace, "newText": snippets ? snippet : plain] as [String: Any],
                        "detail": "\(expression) · \(definition.location)"
                            + " · " + usedBy(count),
                    ]
                ))
        }
        var seen = Set<String>()
        return items.sorted { $0.sortText < $1.sortText }.compactMap { entry in
            guard let label = entry.item["label"] as? String, seen.insert(label).inserted else { return nil }
            return entry.item
        }
    }

    /// `used by 3 steps`, `used by no step`: the one count of uses the hover, completion and `steps` show.
    static func usedBy(_ count: Int) -> String {
        count == 0 ? "used by no step" : "used by \(count) step\(count == 1 ? "" : "s")"
    }

    /// Whether a scalar is part of a word as editors see one (letters, digits, `_`).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Whether a scalar is part of the symbol at point as Emacs's text modes see one (a word's scalars and
    /// `_-'<>/*+&|=$%`): the start of what an item replaces, so that eglot's candidates begin with it.
    static func isSymbolScalar(_ scalar: Unicode.Scalar) -> Bool {
        isWordScalar(scalar) || "-'<>/*+&|=$%".unicodeScalars.contains(scalar)
    }

    /// The keywords that can start the line, when what is typed is one word at most.
    private static func keywordItems(
        typed: String, line: Int, start: Int, end: Int, document: SpecDocument, stepsOnly: Bool
    ) -> [[String: Any]] {
        guard !typed.contains(" ") || document.dialect.stepKeywords.contains(where: { $0.hasPrefix(typed) }) else {
            return []
        }
        let dialect = document.dialect
        let previous = (0..<line).reversed().first {
            !document.lines[$0].trimmingCharacters(in: .whitespaces).isEmpty
        }
        let afterStep =
            previous.map { above in
                document.step(onLine: above) != nil
                    || document.steps.contains { $0.argumentLines?.contains(above) ?? false }
            } ?? false
        var words: [(text: String, insert: String, isStep: Bool)] = []
        for keyword in dialect.stepKeywords where keyword != "* " {
            let trimmed = keyword.trimmingCharacters(in: .whitespaces)
            if !words.contains(where: { $0.text == trimmed }) { words.append((trimmed, keyword, true)) }
        }
        if !stepsOnly {
            let headers =
                document.isMarkdown
                ? []
                : dialect.scenario + dialect.scenarioOutline + dialect.examples
                    + dialect.background + dialect.rule + (document.document?.feature == nil ? dialect.feature : [])
            for keyword in headers where !words.contains(where: { $0.text == keyword + ":" }) {
                words.append((keyword + ":", keyword + ": ", false))
            }
        }
        let range = SpecDocument.range(line: line, start: start, end: end)
        return words.enumerated().compactMap { order, word in
            guard typed.isEmpty || word.text.lowercased().hasPrefix(typed.lowercased()) else { return nil }
            let first = word.isStep == afterStep ? 0 : 1
            return [
                "label": word.text, "kind": 14, "sortText": "\(first)\(String(format: "%04d", order))",
                "filterText": word.text, "insertTextFormat": 1,
                "textEdit": ["range": range, "newText": word.insert] as [String: Any],
            ]
        }
    }
}

extension StepKeyword {
    /// The phase of the steps a definition registered with this keyword is for; nil for `step` (any).
    var phase: PickleStepType? {
        switch self {
        case .given: .context
        case .when: .action
        case .then: .outcome
        case .step: nil
        }
    }
}
