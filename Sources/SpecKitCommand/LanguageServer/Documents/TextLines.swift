/// A document's lines as the Language Server Protocol counts them: `\r\n`, `\n` and `\r` each end a line, and a
/// character is a UTF-16 code unit.
struct TextLines {
    /// The lines, without their line breaks.
    let lines: [String]
    /// The break most lines end with (`\n` when there is none), for text the server writes into the document.
    let lineBreak: String
    /// The text with every lone `\r` made `\n`, which the Gherkin parser (whose lines end at `\n`) then splits
    /// the way the editor does; `\r\n` is kept (the parser drops the `\r`).
    let parserText: [UInt8]

    init(_ text: String) {
        var lines: [String] = []
        var parserText = Array(text.utf8)
        var start = 0
        var counts = (lf: 0, crlf: 0, cr: 0)
        var index = 0
        let bytes = parserText
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(String(decoding: bytes[start..<index], as: UTF8.self))
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    counts.crlf += 1
                    index += 1
                } else if byte == 0x0D {
                    counts.cr += 1
                    parserText[index] = 0x0A
                } else {
                    counts.lf += 1
                }
                start = index + 1
            }
            index += 1
        }
        lines.append(String(decoding: bytes[start...], as: UTF8.self))
        self.lines = lines
        self.parserText = parserText
        if counts.crlf > counts.lf && counts.crlf >= counts.cr {
            lineBreak = "\r\n"
        } else if counts.cr > counts.lf && counts.cr > counts.crlf {
            lineBreak = "\r"
        } else {
            lineBreak = "\n"
        }
    }

    var count: Int { lines.count }

    /// The line at `index` (from 0), or an empty line past the end.
    subscript(index: Int) -> String {
        index >= 0 && index < lines.count ? lines[index] : ""
    }

    /// The length of a line in UTF-16 units.
    func length(_ line: Int) -> Int {
        self[line].utf16.count
    }

    /// The UTF-16 offset in `line` of the 1-based code-point `column` (the parser's columns).
    func utf16Offset(line: Int, column: Int) -> Int {
        Self.utf16Offset(in: self[line], column: column)
    }

    static func utf16Offset(in line: String, column: Int) -> Int {
        var offset = 0
        var index = 1
        for scalar in line.unicodeScalars {
            if index >= column { break }
            offset += scalar.utf16.count
            index += 1
        }
        return offset
    }

    /// The text of `line` before the UTF-16 offset `character`.
    func prefix(line: Int, character: Int) -> String {
        String(decoding: Array(self[line].utf16.prefix(max(character, 0))), as: UTF16.self)
    }

    /// `text` with its `\n` breaks written as `lineBreak`.
    func withLineBreaks(_ text: String) -> String {
        lineBreak == "\n"
            ? text : text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: lineBreak)
    }
}
