import Gherkin
import Messages

/// A document read as the official parser reads it (its errors are the ones reported), and, when it has errors,
/// read again with its broken lines set aside so that a parse error costs only its own lines: the syntax tree and
/// pickles of everything else, for the editor to keep diagnosing, completing and outlining while a line is typed.
///
/// The recovery works on the text, never inside the parser, so a valid document is the official parser's output
/// untouched. Each round blanks the lines the errors point at (the line count stays, so every position holds) and
/// parses again, until no error is left:
/// - a doc string left open at the end of the file is closed before the first line after it that reads as a step
///   or a keyword less indented than its opening delimiter (its lines are set aside), or else by a delimiter
///   added after the last line (a doc string being typed at the end keeps its step);
/// - a document whose first line is being typed (`Feat`), or that lost its `Feature:` line, gets one, on the
///   nearest blank line above the first line that needs it, else in place of the broken line;
/// - tags at the end of the file get a header after the last line to belong to (lines past the document's end
///   are never shown).
struct TolerantParse {
    /// The official parse: its errors are the document's.
    let strict: Gherkin.Result
    /// The syntax tree: the official one, or the one read with the broken lines set aside; nil when even that
    /// failed.
    let document: GherkinDocument?
    let pickles: [Pickle]
    /// The lines (from 0) set aside or replaced to read the document.
    let setAside: Set<Int>
    /// The opening delimiter's line (from 0) of a doc string left open at the end of the file, if any.
    let unclosedDocString: Int?

    /// The most rounds of recovery (each sets aside at least one line).
    static let maximumRounds = 64

    init(uri: String, text: TextLines, languages: GherkinLanguages) {
        var ids = IncrementingIdGenerator()
        strict = Gherkin.parse(uri: uri, data: text.parserText, languages: languages, idGenerator: &ids)
        guard !strict.errors.isEmpty else {
            document = strict.document
            pickles = strict.pickles
            setAside = []
            unclosedDocString = nil
            return
        }
        var recovery = Recovery(
            lines: text.parserText.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init),
            markdown: Gherkin.isMarkdown(uri: uri),
            dialect: languages.dialect(for: Self.language(of: text)) ?? .english)
        var errors = strict.errors
        var result: Gherkin.Result?
        for _ in 0..<Self.maximumRounds {
            guard recovery.setAside(errors) else { break }
            var roundIds = IncrementingIdGenerator()
            let parsed = Gherkin.parse(uri: uri, data: recovery.text, languages: languages, idGenerator: &roundIds)
            if parsed.errors.isEmpty {
                result = parsed
                break
            }
            errors = parsed.errors
        }
        document = result?.document
        pickles = result?.pickles ?? []
        setAside = recovery.changed
        unclosedDocString = recovery.unclosedDocString
    }

    /// The language of a `# language: xx` header in the first lines, else English.
    static func language(of text: TextLines) -> String {
        for line in text.lines.prefix(20) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("#") else { break }
            let body = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
            if body.lowercased().hasPrefix("language:") {
                return body.dropFirst("language:".count).trimmingCharacters(in: .whitespaces)
            }
        }
        return "en"
    }
}

/// The text being repaired, line by line.
private struct Recovery {
    var lines: [[UInt8]]
    let markdown: Bool
    let dialect: GherkinDialect
    private(set) var changed: Set<Int> = []
    private(set) var unclosedDocString: Int?
    private let originalCount: Int

    init(lines: [[UInt8]], markdown: Bool, dialect: GherkinDialect) {
        self.lines = lines
        self.markdown = markdown
        self.dialect = dialect
        originalCount = lines.count
    }

    var text: [UInt8] { Array(lines.joined(separator: [0x0A])) }

    /// Sets aside what `errors` point at; false when nothing more can be changed.
    mutating func setAside(_ errors: [GherkinError]) -> Bool {
        var progressed = false
        for error in errors {
            let line = error.line - 1
            if error.column == nil || line >= originalCount {
                progressed = closeDocString() || headTags() || setAsideLastLine() || progressed
                continue
            }
            guard line >= 0, !changed.contains(line) else { continue }
            if error.message.contains("#FeatureLine"), !hasFeatureLine(before: line) {
                addFeatureLine(for: line)
            } else {
                blank(line)
            }
            progressed = true
        }
        return progressed
    }

    private mutating func blank(_ line: Int) {
        lines[line] = []
        changed.insert(line)
    }

    private func trimmed(_ line: Int) -> (indentation: Int, text: String) {
        let bytes = lines[line]
        let indentation = bytes.prefix { $0 == 0x20 || $0 == 0x09 }.count
        var text = String(decoding: bytes[indentation...], as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        return (indentation, text)
    }

    private var featureKeyword: String { (dialect.feature.first ?? "Feature") + ":" }

    private func hasFeatureLine(before line: Int) -> Bool {
        (0..<line).contains { index in
            let text = trimmed(index).text
            let heading = markdown ? String(text.drop { $0 == "#" }.drop { $0 == " " }) : text
            return dialect.feature.contains { heading.hasPrefix($0 + ":") }
        }
    }

    /// Puts a `Feature:` line on the nearest blank line above `line` (only blank lines, comments and tags before
    /// it), else in place of `line`.
    private mutating func addFeatureLine(for line: Int) {
        let keyword = Array(((markdown ? "# " : "") + featureKeyword).utf8)
        var candidate = line - 1
        while candidate >= 0 {
            let text = trimmed(candidate).text
            if text.isEmpty && !changed.contains(candidate) {
                lines[candidate] = keyword
                changed.insert(candidate)
                return
            }
            if !(text.hasPrefix("#") || text.hasPrefix("@")) { break }
            candidate -= 1
        }
        lines[line] = keyword
        changed.insert(line)
    }

    /// Closes a doc string left open at the end; false when none is open.
    private mutating func closeDocString() -> Bool {
        var open: (line: Int, delimiter: String, indentation: Int)?
        for line in lines.indices where !changed.contains(line) {
            let (indentation, text) = trimmed(line)
            if let current = open {
                if text.hasPrefix(current.delimiter) { open = nil }
                continue
            }
            for delimiter in markdown ? ["```"] : ["\"\"\"", "```"] where text.hasPrefix(delimiter) {
                open = (line, delimiter, indentation)
                break
            }
        }
        guard let open else { return false }
        if unclosedDocString == nil { unclosedDocString = open.line }
        let structure =
            markdown
            ? ["#", "* ", "- ", "+ "]
            : dialect.stepKeywords.filter { $0 != "* " }
                + (dialect.feature + dialect.rule + dialect.background + dialect.scenario + dialect.scenarioOutline
                + dialect.examples).map { $0 + ":" } + ["@", "* "]
        let end = ((open.line + 1)..<lines.count).first { line in
            let (indentation, text) = trimmed(line)
            return indentation <= open.indentation && !text.isEmpty && structure.contains { text.hasPrefix($0) }
        }
        if let end {
            for line in open.line..<end { blank(line) }
        } else {
            lines.append(Array((String(repeating: " ", count: open.indentation) + open.delimiter).utf8))
        }
        return true
    }

    /// Gives tags at the end of the file (a scenario about to be written under them) something to belong to: a
    /// header after the last line, so they keep their meaning (and their colour) as the next line is typed.
    private mutating func headTags() -> Bool {
        guard lines.count == originalCount,
            let last = (0..<lines.count).last(where: { !changed.contains($0) && !trimmed($0).text.isEmpty }),
            trimmed(last).text.hasPrefix(markdown ? "`@" : "@")
        else { return false }
        let feature = hasFeatureLine(before: lines.count)
        let keyword = feature ? (dialect.scenario.first ?? "Scenario") + ":" : featureKeyword
        lines.append(Array(((markdown ? (feature ? "## " : "# ") : "") + keyword).utf8))
        return true
    }

    /// Sets aside the last line with text not set aside yet (what an unexpected end of file is most likely
    /// about); false when there is none.
    private mutating func setAsideLastLine() -> Bool {
        guard
            let last = (0..<min(originalCount, lines.count)).last(where: {
                !changed.contains($0) && !trimmed($0).text.isEmpty
            })
        else { return false }
        blank(last)
        return true
    }
}
