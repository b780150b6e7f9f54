/// Reads the cells of a table row, for both token matchers (`ClassicTokenMatcher`, `MarkdownTokenMatcher`).
struct TableCellReader {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The cell being unescaped.
    private var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The cells of a table row: the text between `|`s, unescaped (`\|`, `\\`, `\n`) and trimmed of whitespace
    /// other than newlines; text before the first and after the last `|` is not a cell. Columns count code points
    /// of the row as written (an escape is two).
    mutating func cells(of token: Token) -> [TokenItem] {
        let start = token.trimmedStart
        let end = UTF8Text.trimTrailingWhitespace(bytes, from: start, to: token.lineEnd)
        var items: [TokenItem] = []
        items.reserveCapacity(UTF8Text.count(of: UInt8(ascii: "|"), in: bytes, from: start, to: end))
        var index = start
        var column = 0
        var cellColumn = 1
        var cellStart = -1  // byte offset of the current cell's text, -1 before the first `|`
        var escaped = false
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "|") {
                column += 1
                if cellStart >= 0 {
                    items.append(cell(from: cellStart, to: index, escaped: escaped, column: cellColumn, token: token))
                }
                index += 1
                cellStart = index
                cellColumn = column + 1
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                column += 1
                index += 1
                if index < end {
                    column += 1
                    index += UTF8Text.sequenceLength(bytes[index])
                }
            } else {
                if byte & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
        }
        return items
    }

    /// One cell from its raw bytes: unescaped when it holds a backslash, then trimmed.
    private mutating func cell(from start: Int, to end: Int, escaped: Bool, column: Int, token: Token) -> TokenItem {
        guard escaped else {
            var textStart = start
            var skipped = 0
            while textStart < end {
                let length = UTF8Text.whitespaceLength(bytes, at: textStart, end: end)
                if length == 0 { break }
                textStart += length
                skipped += 1
            }
            let textEnd = UTF8Text.trimTrailingWhitespace(bytes, from: textStart, to: end)
            return TokenItem(
                column: column + token.indent + skipped, text: UTF8Text.string(bytes, from: textStart, to: textEnd))
        }
        scratch.removeAll(keepingCapacity: true)
        var index = start
        while index < end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                scratch.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < end else {
                scratch.append(byte)
                break
            }
            let next = bytes[index]
            if next == UInt8(ascii: "n") {
                scratch.append(0x0A)
                index += 1
            } else {
                if next != UInt8(ascii: "|") && next != UInt8(ascii: "\\") {
                    scratch.append(byte)
                }
                let length = UTF8Text.sequenceLength(next)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                index += length
            }
        }
        return finishCell(column: column, indent: token.indent)
    }

    /// Trims the cell in `scratch` of whitespace other than `\n` and makes it an item.
    private func finishCell(column: Int, indent: Int) -> TokenItem {
        scratch.withUnsafeBufferPointer { cell in
            var start = 0
            var skipped = 0
            while start < cell.count {
                let length = UTF8Text.whitespaceLength(cell, at: start, end: cell.count)
                if length == 0 || cell[start] == 0x0A { break }
                start += length
                skipped += 1
            }
            var end = cell.count
            while end > start {
                let length = UTF8Text.whitespaceLengthBefore(cell, end, start: start)
                if length == 0 || cell[end - 1] == 0x0A { break }
                end -= length
            }
            return TokenItem(column: column + indent + skipped, text: UTF8Text.string(cell, from: start, to: end))
        }
    }
}
