import Foundation
import Gherkin
import Messages
import SpecKit
import SpecReports
import StepSuggestions

/// The diagnostics of a document: parse errors in plain words (each costs only its own lines: the rest is read
/// by `TolerantParse`), undefined steps with the closest ones, ambiguous steps with every matching definition,
/// and description lines that start with a near miss of a step keyword (`Givn the cache is empty` right under
/// `Scenario:` is description text: the scenario has one step less). Problems of `@wip` scenarios are warnings.
struct Diagnostics {
    let workspace: Workspace

    /// The diagnostics, and whether every undefined step has its suggestions (at most `EditorSuggestions.budget`
    /// texts are worked out per call; the rest when the server is idle).
    func of(_ document: SpecDocument) -> (diagnostics: [[String: Any]], complete: Bool) {
        var diagnostics: [[String: Any]] = []
        for error in document.errors {
            if error.column == nil, let opener = document.parse.unclosedDocString {
                // The end of the file is where the parser noticed; the doc string's opening is where to look.
                diagnostics.append(
                    Self.diagnostic(
                        line: opener, start: 0, end: document.lines.length(opener), severity: 1, code: "parse-error",
                        message: "This doc string is not closed: end it with a line holding only its delimiter."))
                continue
            }
            let line = max(error.line - 1, 0)
            let start = error.column.map { document.lines.utf16Offset(line: line, column: $0) } ?? 0
            var message = ReportText.plainWords(forParseError: error.message)
            if let keyword = Self.nearMissKeyword(
                document.lines[line], dialect: document.dialect, markdown: document.isMarkdown)
            {
                message += " Did you mean “\(keyword.keyword)”?"
            }
            diagnostics.append(
                Self.diagnostic(
                    line: line, start: start, end: max(document.lines.length(line), start), severity: 1,
                    code: "parse-error", message: message))
        }
        let suggestions = workspace.suggestions
        suggestions.prepare(workspace)
        var budget = EditorSuggestions.budget
        var complete = true
        let catalog = workspace.catalog
        for step in document.steps {
            let severity = step.isWorkInProgress ? 2 : 1
            switch step.match {
            case .matched: continue
            case .undefined:
                if let unbuilt = workspace.notBuiltYet(step.matchedText) {
                    diagnostics.append(
                        Self.diagnostic(
                            line: step.line, start: step.textStart, end: step.textEnd, severity: 2,
                            code: "not-built", message: unbuilt))
                    continue
                }
                var message = "Undefined step: no step definition matches “\(step.matchedText)”."
                var closest = suggestions.known(step.matchedText)
                if closest == nil, budget > 0 {
                    budget -= 1
                    closest = suggestions.proposals(for: step.matchedText, in: workspace)
                }
                if closest == nil { complete = false }
                if let closest, !closest.isEmpty {
                    message +=
                        "\nDid you mean:\n"
                        + closest.map { "  \"\($0.text)\"  (\(catalog.definitions[$0.definition].location))" }
                        .joined(separator: "\n")
                }
                diagnostics.append(
                    Self.diagnostic(
                        line: step.line, start: step.textStart, end: step.textEnd, severity: severity,
                        code: "undefined-step", message: message))
            case .ambiguous(let positions):
                let message =
                    "Ambiguous step: “\(step.matchedText)” matches \(positions.count) step definitions:\n"
                    + positions.map { "  \(catalog.definitions[$0])" }.joined(separator: "\n")
                diagnostics.append(
                    Self.diagnostic(
                        line: step.line, start: step.textStart, end: step.textEnd, severity: severity,
                        code: "ambiguous-step", message: message))
            case .failed(let reason):
                diagnostics.append(
                    Self.diagnostic(
                        line: step.line, start: step.textStart, end: step.textEnd, severity: 1, code: "match-error",
                        message: "The step could not be matched: \(reason)"))
            }
        }
        diagnostics += keywordTypos(document)
        return (diagnostics, complete)
    }

    /// The most description lines looked at for a near-miss keyword.
    static let maximumDescriptionLines = 500

    /// Warnings for description lines whose first word is a near miss of a step keyword and whose rest reads
    /// like a step of the library (it matches one, or one is close).
    private func keywordTypos(_ document: SpecDocument) -> [[String: Any]] {
        var warnings: [[String: Any]] = []
        for line in (Self.descriptionLines(document) + Self.proseBullets(document)).prefix(Self.maximumDescriptionLines)
        {
            let text = document.lines[line]
            guard let near = Self.nearMissKeyword(text, dialect: document.dialect, markdown: document.isMarkdown)
            else { continue }
            let rest = near.rest
            guard StepSuggester.isScored(rest) else { continue }
            let readsLikeStep: Bool
            switch workspace.matches.match(rest, workspace.catalog) {
            case .matched, .ambiguous: readsLikeStep = true
            case .undefined, .failed: readsLikeStep = !workspace.suggestions.proposals(for: rest, in: workspace).isEmpty
            }
            guard readsLikeStep else { continue }
            var warning = Self.diagnostic(
                line: line, start: near.start, end: near.end, severity: 2, code: "keyword-typo",
                message:
                    "“\(near.word)” is not a step keyword: this line is read as description text, not as a step. "
                    + "Did you mean “\(near.keyword)”?")
            warning["data"] = ["keyword": near.keyword]
            warnings.append(warning)
        }
        return warnings
    }

    /// The first word of `line` when it is a near miss of a step keyword of `dialect` (one edit for keywords of
    /// up to four letters, two for longer ones, case ignored, or the keyword without its space), with the
    /// keyword, the word's UTF-16 range and the text after it.
    static func nearMissKeyword(_ line: String, dialect: GherkinDialect, markdown: Bool = false)
        -> (word: String, keyword: String, start: Int, end: Int, rest: String)?
    {
        var indentation = line.prefix { $0 == " " || $0 == "\t" }
        if markdown, let bullet = line.dropFirst(indentation.count).first, "*-+".contains(bullet),
            line.dropFirst(indentation.count + 1).first == " "
        {
            // A Markdown step is a bullet, then its keyword: `* Givn the cache is empty` is a bullet of prose.
            indentation = line.prefix(indentation.count + 2)
        }
        let body = line.dropFirst(indentation.count)
        let words = body.split(separator: " ", omittingEmptySubsequences: false)
        guard let first = words.first, !first.isEmpty else { return nil }
        var best: (keyword: String, words: Int, distance: Int)?
        for keyword in Set(dialect.stepKeywords.map { $0.trimmingCharacters(in: .whitespaces) })
        where !keyword.isEmpty && keyword != "*" {
            let count = keyword.split(separator: " ").count
            guard words.count > count else { continue }
            let candidate = words.prefix(count).joined(separator: " ")
            guard candidate != keyword else { continue }  // written as the keyword: a step, or a parse error
            let allowed = keyword.count <= 4 ? 1 : 2
            let distance = editDistance(candidate.lowercased(), keyword.lowercased(), limit: allowed + 1)
            guard distance <= allowed, candidate.count >= 2 else { continue }
            if best.map({ distance < $0.distance }) ?? true { best = (keyword, count, distance) }
        }
        guard let best else { return nil }
        let word = words.prefix(best.words).joined(separator: " ")
        let start = indentation.utf16.count
        let rest = words.dropFirst(best.words).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !rest.isEmpty else { return nil }
        return (word, best.keyword, start, start + word.utf16.count, rest)
    }

    /// In a Markdown spec, the bullets that are not steps (prose to the parser).
    static func proseBullets(_ document: SpecDocument) -> [Int] {
        guard document.isMarkdown else { return [] }
        let steps = Set(document.steps.map(\.line))
        return document.lines.lines.indices.filter { line in
            let text = document.lines[line].drop { $0 == " " || $0 == "\t" }
            guard let bullet = text.first, "*-+".contains(bullet), text.dropFirst().first == " " else { return false }
            return !steps.contains(line) && !document.isInDocString(line)
        }
    }

    /// The lines (from 0) of the descriptions of the feature, its rules, backgrounds, scenarios and examples.
    static func descriptionLines(_ document: SpecDocument) -> [Int] {
        guard let feature = document.document?.feature else { return [] }
        var headers: [(line: Int, description: String)] = [(feature.location.line - 1, feature.description)]
        func scenario(_ scenario: Scenario) {
            headers.append((scenario.location.line - 1, scenario.description))
            for examples in scenario.examples { headers.append((examples.location.line - 1, examples.description)) }
        }
        for child in feature.children {
            switch child {
            case .background(let background): headers.append((background.location.line - 1, background.description))
            case .scenario(let item): scenario(item)
            case .rule(let rule):
                headers.append((rule.location.line - 1, rule.description))
                for child in rule.children {
                    switch child {
                    case .background(let background):
                        headers.append((background.location.line - 1, background.description))
                    case .scenario(let item): scenario(item)
                    }
                }
            }
        }
        var lines: [Int] = []
        for header in headers where !header.description.isEmpty {
            var line = header.line + 1
            for text in header.description.split(separator: "\n", omittingEmptySubsequences: false) {
                let wanted = text.trimmingCharacters(in: .whitespaces)
                while line < document.lines.count,
                    document.lines[line].trimmingCharacters(in: .whitespaces) != wanted
                {
                    line += 1
                }
                guard line < document.lines.count else { break }
                if !wanted.isEmpty { lines.append(line) }
                line += 1
            }
        }
        return lines
    }

    static func diagnostic(line: Int, start: Int, end: Int, severity: Int, code: String, message: String)
        -> [String: Any]
    {
        [
            "range": SpecDocument.range(line: line, start: start, end: end), "severity": severity, "code": code,
            "source": "speckit", "message": message,
        ]
    }
}
