import Foundation
import Gherkin
import Messages
import SpecKit
import SpecReports

/// One `.feature` document as the language server sees it: parsed, every step matched against the step library
/// exactly as a run matches it, with positions in the editor's units (lines from 0, UTF-16 offsets).
struct SpecDocument {
    /// A step as written, with what it matches.
    struct StepOccurrence {
        /// The line (from 0).
        var line: Int
        /// The keyword as written (`Given `).
        var keyword: String
        /// The step's text as written (with `<placeholders>` in an outline).
        var text: String
        /// The UTF-16 range of the text in its line.
        var textStart: Int
        var textEnd: Int
        /// The texts the step runs with: its own, or one per examples row in an outline.
        var texts: [String]
        /// What the first of `texts` that does not match exactly one definition matches, or the first's match.
        var match: StepCatalog.Match
        /// The text `match` is for.
        var matchedText: String
        /// Whether every scenario using the step is tagged `@wip` (its problems only warn).
        var isWorkInProgress: Bool
        var type: PickleStepType?
        var hasDataTable: Bool
        var hasDocString: Bool
    }

    let uri: String
    let text: String
    /// The lines, without their line breaks.
    let lines: [String]
    let result: Gherkin.Result
    let steps: [StepOccurrence]

    init(uri: String, text: String, catalog: StepCatalog, languages: GherkinLanguages) {
        self.uri = uri
        self.text = text
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        var ids = IncrementingIdGenerator()
        // The editor's text is already decoded: only a byte-order mark left at its start is dropped.
        let body = text.hasPrefix("\u{FEFF}") ? Substring(text.unicodeScalars.dropFirst()) : Substring(text)
        result = Gherkin.parse(uri: uri, data: Array(body.utf8), languages: languages, idGenerator: &ids)
        steps = Self.occurrences(of: result, lines: lines, catalog: catalog)
    }

    /// The UTF-16 offset in `line` of the 1-based code-point `column`.
    func utf16Offset(line: Int, column: Int) -> Int {
        guard line >= 0, line < lines.count else { return 0 }
        return Self.utf16Offset(in: lines[line], column: column)
    }

    static func utf16Offset(in line: String, column: Int) -> Int {
        var offset = 0
        for (index, scalar) in line.unicodeScalars.enumerated() where index < column - 1 {
            offset += scalar.utf16.count
        }
        return offset
    }

    /// The length of `line` in UTF-16 units.
    func lineLength(_ line: Int) -> Int {
        line >= 0 && line < lines.count ? lines[line].utf16.count : 0
    }

    /// The step whose line is `line`, if any.
    func step(onLine line: Int) -> StepOccurrence? {
        steps.first { $0.line == line }
    }

    private static func occurrences(of result: Gherkin.Result, lines: [String], catalog: StepCatalog)
        -> [StepOccurrence]
    {
        guard let feature = result.document?.feature else { return [] }
        var textsByStep: [String: [String]] = [:]
        var wipByStep: [String: Bool] = [:]
        var typeByStep: [String: PickleStepType] = [:]
        for pickle in result.pickles {
            let isWip = pickle.tags.contains { $0.name == "@wip" }
            for step in pickle.steps {
                guard let id = step.astNodeIds.first else { continue }
                if !(textsByStep[id]?.contains(step.text) ?? false) { textsByStep[id, default: []].append(step.text) }
                wipByStep[id] = (wipByStep[id] ?? true) && isWip
                if let type = step.type { typeByStep[id] = type }
            }
        }
        var astSteps: [Step] = []
        for child in feature.children {
            switch child {
            case .background(let background): astSteps += background.steps
            case .scenario(let scenario): astSteps += scenario.steps
            case .rule(let rule):
                for child in rule.children {
                    switch child {
                    case .background(let background): astSteps += background.steps
                    case .scenario(let scenario): astSteps += scenario.steps
                    }
                }
            }
        }
        var cache: [String: StepCatalog.Match] = [:]
        func match(_ text: String) -> StepCatalog.Match {
            if let known = cache[text] { return known }
            let found = catalog.match(text)
            cache[text] = found
            return found
        }
        return astSteps.map { step in
            let line = step.location.line - 1
            let lineText = line < lines.count ? lines[line] : ""
            let column = step.location.column ?? 1
            let textStart = utf16Offset(in: lineText, column: column + step.keyword.unicodeScalars.count)
            let texts = textsByStep[step.id] ?? []
            var chosen = texts.first ?? step.text
            var chosenMatch = match(chosen)
            for text in texts {
                let candidate = match(text)
                if case .matched = candidate { continue }
                chosen = text
                chosenMatch = candidate
                break
            }
            return StepOccurrence(
                line: line, keyword: step.keyword, text: step.text, textStart: textStart,
                textEnd: textStart + step.text.utf16.count, texts: texts, match: chosenMatch, matchedText: chosen,
                isWorkInProgress: (wipByStep[step.id] ?? false) && !texts.isEmpty, type: typeByStep[step.id],
                hasDataTable: step.dataTable != nil, hasDocString: step.docString != nil)
        }
    }

    /// The diagnostics of the document: parse errors in plain words, undefined steps with the closest ones
    /// (`suggestions` gives them: a text and the definition it matches), ambiguous steps with every matching
    /// definition. Problems of `@wip` scenarios are warnings.
    func diagnostics(catalog: StepCatalog, suggestions: (String) -> [(text: String, definition: Int)])
        -> [[String: Any]]
    {
        var diagnostics: [[String: Any]] = []
        for error in result.errors {
            let line = max(error.line - 1, 0)
            let start = error.column.map { utf16Offset(line: line, column: $0) } ?? 0
            diagnostics.append(
                Self.diagnostic(
                    line: line, start: start, end: max(lineLength(line), start), severity: 1, code: "parse-error",
                    message: ReportText.plainWords(forParseError: error.message) + "\n(Gherkin: \(error.message))"))
        }
        for step in steps {
            let severity = step.isWorkInProgress ? 2 : 1
            switch step.match {
            case .matched: continue
            case .undefined:
                var message = "Undefined step: no step definition matches “\(step.matchedText)”."
                let closest = suggestions(step.matchedText)
                if !closest.isEmpty {
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
        return diagnostics
    }

    static func diagnostic(line: Int, start: Int, end: Int, severity: Int, code: String, message: String)
        -> [String: Any]
    {
        [
            "range": range(line: line, start: start, end: end), "severity": severity, "code": code,
            "source": "speckit", "message": message,
        ]
    }

    static func range(line: Int, start: Int, end: Int) -> [String: Any] {
        ["start": ["line": line, "character": start], "end": ["line": line, "character": end]]
    }
}
