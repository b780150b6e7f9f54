import Gherkin

/// What `--i18n-languages` and `--i18n-keywords LANG` print: the languages a `# language:` header can name, and the
/// keywords of one, in the tables cucumber-js prints (columns separated by ` | `, each as wide as its widest cell,
/// East Asian wide characters and emoji counting two columns).
enum LanguageTables {
    /// `ISO 639-1 | ENGLISH NAME | NATIVE NAME`, then one row per language, in the order of `languages`.
    static func languages(_ languages: GherkinLanguages) -> String {
        let rows = languages.orderedLanguageCodes.compactMap { code in
            languages.dialect(for: code).map { [code, $0.name, $0.native] }
        }
        return table([["ISO 639-1", "ENGLISH NAME", "NATIVE NAME"]] + rows)
    }

    /// `ENGLISH KEYWORD | NATIVE KEYWORDS`, then one row per kind of keyword (`Feature`, `Rule`, ..., `But`), the
    /// keywords quoted as written (step keywords with their trailing space).
    static func keywords(_ dialect: GherkinDialect) -> String {
        let kinds: [(String, [String])] = [
            ("Feature", dialect.feature), ("Rule", dialect.rule), ("Background", dialect.background),
            ("Scenario", dialect.scenario), ("Scenario Outline", dialect.scenarioOutline),
            ("Examples", dialect.examples), ("Given", dialect.given), ("When", dialect.when), ("Then", dialect.then),
            ("And", dialect.and), ("But", dialect.but),
        ]
        let rows = kinds.map { kind, keywords in
            [kind, keywords.map { "\"\($0)\"" }.joined(separator: ", ")]
        }
        return table([["ENGLISH KEYWORD", "NATIVE KEYWORDS"]] + rows)
    }

    /// Rows of cells, each cell but the last padded on the right to its column's width, joined by ` | `, one line
    /// each, ending with a newline.
    static func table(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], displayWidth(cell)) }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                // The last column is not padded: cucumber-js pads it with spaces nobody sees.
                column == row.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[column] - displayWidth(cell))
            }.joined(separator: " | ")
        }.joined(separator: "\n") + "\n"
    }

    /// How many terminal columns `text` takes: two for East Asian wide and full-width characters and for emoji,
    /// none for control characters and combining diacritical marks (U+0300 to U+036F), one for the rest, as the
    /// `string-width` package cucumber-js's tables use counts them.
    static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            let value = scalar.value
            if value <= 0x1F || (0x7F...0x9F).contains(value) || (0x300...0x36F).contains(value) { return width }
            return width + (isWide(value) ? 2 : 1)
        }
    }

    /// East Asian wide and full-width code points, and the emoji shown as pictures.
    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3040...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6,
            0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60,
            0xFFE0...0xFFE6, 0x1B000...0x1B001, 0x1F200...0x1F251, 0x20000...0x3FFFD,
            // Emoji presentation (the pictures of the `em` dialect among them).
            0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,
        ]
        return wide.contains { $0.contains(value) }
    }
}
