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
/// Every item replaces only the word being typed (letters and digits before the cursor) and writes the rest of
/// the step from there, so clients that filter on that last word (Neovim 0.7–0.9's `omnifunc`, Emacs eglot)
/// and those that filter on the item's range (VS Code) all keep it. The list is marked incomplete: the client
/// asks again as the step grows.
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
        while wordStart > 0, isWordScalar(scalars[wordStart - 1]) { wordStart -= 1 }
        let replaceStart = textStart + String(String.UnicodeScalarView(scalars[..<wordStart])).utf16.count
        let replace = SpecDocument.range(line: line, start: replaceStart, end: textStart + typed.utf16.count)
        let catalog = workspace.catalog
        let (uses, values, examples) = workspace.withIndex { index in (index.uses(), index.values(), index.examples()) }
        let snippets = workspace.capabilities.snippets
        var items: [[String: Any]] = []
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
            let matchesPhase = phase == nil || definition.keyword == .step || definition.keyword.phase == phase
            let count = uses[position] ?? 0
            let label =
                definition.isRegularExpression
                ? examples[position]?.text ?? "/\(definition.pattern)/" : definition.pattern
            items.append([
                "label": label, "kind": 3,
                "sortText": "\(matchesPhase ? 0 : 1)\(String(format: "%06d", 999_999 - min(count, 999_999)))"
                    + String(format: "%05d", position),
                "filterText": plain, "insertTextFormat": snippets ? 2 : 1,
                "textEdit": ["range": replace, "newText": snippets ? snippet : plain] as [String: Any],
                "detail": "\(definition.location)" + (count > 0 ? " · \(count) use\(count == 1 ? "" : "s")" : ""),
            ])
        }
        return items
    }

    /// Whether a scalar is part of a word as editors see one (letters, digits, `_`).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
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
