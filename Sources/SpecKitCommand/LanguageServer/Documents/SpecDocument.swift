import Foundation
import Gherkin
import Messages
import SpecKit

/// One `.feature` document as the language server sees it: read error-tolerantly (`TolerantParse`), every step
/// matched against the step library exactly as a run matches it, with positions in the editor's units (lines
/// from 0 split as the protocol splits them, UTF-16 offsets).
struct SpecDocument {
    /// A step as written, with what it matches.
    struct StepOccurrence {
        /// The line (from 0).
        var line: Int
        /// The keyword as written (`Given `) and where it starts.
        var keyword: String
        var keywordStart: Int
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
        /// The step's phase (`And` and `But` take the one before them).
        var type: PickleStepType?
        var hasDataTable: Bool
        var hasDocString: Bool
        /// The lines of its data table or doc string (delimiters included), if any.
        var argumentLines: ClosedRange<Int>?

        /// The definition it matches exactly, if any.
        var definition: Int? {
            if case .matched(let position, _) = match { position } else { nil }
        }
    }

    let uri: String
    let text: String
    let lines: TextLines
    let parse: TolerantParse
    let steps: [StepOccurrence]
    let dialect: GherkinDialect
    let isMarkdown: Bool
    /// The lines (from 0) inside doc strings, delimiters included.
    let docStringLines: [ClosedRange<Int>]

    /// The syntax tree read error-tolerantly.
    var document: GherkinDocument? { parse.document }
    /// The official parser's errors.
    var errors: [GherkinError] { parse.strict.errors }

    init(uri: String, text: String, catalog: StepCatalog, languages: GherkinLanguages, matches: MatchMemo? = nil) {
        self.uri = uri
        // The editor's text is already decoded: only a byte-order mark left at its start is dropped.
        self.text = text
        lines = TextLines(text)
        isMarkdown = Gherkin.isMarkdown(uri: uri)
        let body = text.hasPrefix("\u{FEFF}") ? TextLines(String(text.unicodeScalars.dropFirst())) : lines
        parse = TolerantParse(uri: uri, text: body, languages: languages)
        let language = parse.document?.feature?.language ?? TolerantParse.language(of: lines)
        dialect = languages.dialect(for: language) ?? .english
        let memo = matches ?? MatchMemo()
        var docStrings: [ClosedRange<Int>] = []
        steps = Self.occurrences(
            of: parse, lines: lines, dialect: dialect, docStrings: &docStrings, match: { memo.match($0, catalog) })
        docStringLines = docStrings
    }

    /// The step whose line is `line`, if any.
    func step(onLine line: Int) -> StepOccurrence? {
        var low = 0
        var high = steps.count
        while low < high {
            let middle = (low + high) / 2
            if steps[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return low < steps.count && steps[low].line == line ? steps[low] : nil
    }

    /// Whether `line` is inside a doc string (its delimiters included).
    func isInDocString(_ line: Int) -> Bool {
        docStringLines.contains { $0.contains(line) }
    }

    /// Every step of the syntax tree, in document order, with its scenario's phase carried over `And`/`But`.
    static func astSteps(of feature: Feature) -> [Step] {
        var steps: [Step] = []
        for child in feature.children {
            switch child {
            case .background(let background): steps += background.steps
            case .scenario(let scenario): steps += scenario.steps
            case .rule(let rule):
                for child in rule.children {
                    switch child {
                    case .background(let background): steps += background.steps
                    case .scenario(let scenario): steps += scenario.steps
                    }
                }
            }
        }
        return steps.sorted { $0.location.line < $1.location.line }
    }

    /// The steps of each scenario and background in order, for their phases.
    private static func stepGroups(of feature: Feature) -> [[Step]] {
        var groups: [[Step]] = []
        for child in feature.children {
            switch child {
            case .background(let background): groups.append(background.steps)
            case .scenario(let scenario): groups.append(scenario.steps)
            case .rule(let rule):
                for child in rule.children {
                    switch child {
                    case .background(let background): groups.append(background.steps)
                    case .scenario(let scenario): groups.append(scenario.steps)
                    }
                }
            }
        }
        return groups
    }

    private static func occurrences(
        of parse: TolerantParse, lines: TextLines, dialect: GherkinDialect, docStrings: inout [ClosedRange<Int>],
        match: (String) -> StepCatalog.Match
    ) -> [StepOccurrence] {
        guard let feature = parse.document?.feature else { return [] }
        // Ids come from an incrementing generator: numbers, so arrays index them (no string hashing per step).
        var texts: [[String]] = []
        var workInProgress: [Bool?] = []
        func slot(_ id: String) -> Int? {
            guard let index = Int(id), index >= 0, index < 50_000_000 else { return nil }
            if index >= texts.count {
                texts += Array(repeating: [], count: index + 1 - texts.count)
                workInProgress += Array(repeating: nil, count: index + 1 - workInProgress.count)
            }
            return index
        }
        for pickle in parse.pickles {
            let isWip = RunVerdict().isWorkInProgress(pickle.tags.lazy.map(\.name))
            for step in pickle.steps {
                guard let id = step.astNodeIds.first, let index = slot(id) else { continue }
                if !texts[index].contains(step.text) { texts[index].append(step.text) }
                workInProgress[index] = (workInProgress[index] ?? true) && isWip
            }
        }
        var typeByStep: [Int: PickleStepType] = [:]
        for group in stepGroups(of: feature) {
            var current = PickleStepType.context
            for step in group {
                switch step.keywordType ?? dialect.keywordType(of: step.keyword) {
                case .context: current = .context
                case .action: current = .action
                case .outcome: current = .outcome
                case .conjunction, .unknown: break
                }
                if let index = Int(step.id) { typeByStep[index] = current }
            }
        }
        return astSteps(of: feature).map { step in
            let line = step.location.line - 1
            let lineText = lines[line]
            let column = step.location.column ?? 1
            let keywordStart = TextLines.utf16Offset(in: lineText, column: column)
            let textStart = TextLines.utf16Offset(in: lineText, column: column + step.keyword.unicodeScalars.count)
            let index = Int(step.id) ?? -1
            let stepTexts = index >= 0 && index < texts.count ? texts[index] : []
            var chosen = stepTexts.first ?? step.text
            var chosenMatch = match(chosen)
            for text in stepTexts {
                let candidate = match(text)
                if case .matched = candidate { continue }
                chosen = text
                chosenMatch = candidate
                break
            }
            var argumentLines: ClosedRange<Int>?
            if let docString = step.docString {
                let start = docString.location.line - 1
                let contentLines =
                    docString.content.isEmpty
                    ? 0
                    : docString.content.split(
                        separator: "\n", omittingEmptySubsequences: false
                    ).count
                let range = start...(start + contentLines + 1)
                docStrings.append(range)
                argumentLines = range
            } else if let table = step.dataTable, let first = table.rows.first, let last = table.rows.last {
                argumentLines = (first.location.line - 1)...(last.location.line - 1)
            }
            return StepOccurrence(
                line: line, keyword: step.keyword, keywordStart: keywordStart, text: step.text,
                textStart: textStart, textEnd: textStart + step.text.utf16.count, texts: stepTexts, match: chosenMatch,
                matchedText: chosen,
                isWorkInProgress: (index >= 0 && index < workInProgress.count ? workInProgress[index] ?? false : false)
                    && !stepTexts.isEmpty,
                type: typeByStep[index], hasDataTable: step.dataTable != nil, hasDocString: step.docString != nil,
                argumentLines: argumentLines)
        }
    }

    static func range(line: Int, start: Int, end: Int) -> [String: Any] {
        ["start": ["line": line, "character": start], "end": ["line": line, "character": end]]
    }
}

/// What step texts match, kept across a document's versions (a keystroke changes one text, not thousands), at
/// most `capacity` texts (then started afresh).
final class MatchMemo {
    static let capacity = 50_000
    private var matches: [String: StepCatalog.Match] = [:]

    func match(_ text: String, _ catalog: StepCatalog) -> StepCatalog.Match {
        if let known = matches[text] { return known }
        let found = catalog.match(text)
        if matches.count >= Self.capacity { matches.removeAll(keepingCapacity: true) }
        matches[text] = found
        return found
    }
}
