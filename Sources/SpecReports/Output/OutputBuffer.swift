/// Collects a report's UTF-8 bytes and hands them to a `ReportOutput` in large chunks, with appenders that
/// escape text for HTML and XML without building intermediate strings.
final class OutputBuffer {
    let output: any ReportOutput
    private(set) var bytes: [UInt8] = []
    private let flushThreshold: Int

    init(_ output: any ReportOutput, flushThreshold: Int = 1 << 16) {
        self.output = output
        self.flushThreshold = flushThreshold
        bytes.reserveCapacity(flushThreshold + 1024)
    }

    /// Hands the buffered bytes to the output when there are enough of them.
    @inline(__always)
    func flushIfNeeded() throws(ReportError) {
        if bytes.count >= flushThreshold { try flush() }
    }

    /// Hands every buffered byte to the output.
    func flush() throws(ReportError) {
        guard !bytes.isEmpty else { return }
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ReportError) in try output.write(buffer) }
        }
        bytes.removeAll(keepingCapacity: true)
        try result.get()
    }

    /// Flushes and closes the output.
    func close() throws(ReportError) {
        try flush()
        try output.close()
    }

    // MARK: Plain text

    @inline(__always)
    func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    @inline(__always)
    func append(_ text: Substring) {
        bytes.append(contentsOf: text.utf8)
    }

    @inline(__always)
    func append(byte: UInt8) {
        bytes.append(byte)
    }

    func append(_ other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    func append(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    func append(repeating byte: UInt8, count: Int) {
        if count > 0 { bytes.append(contentsOf: repeatElement(byte, count: count)) }
    }

    // MARK: Escaped text

    /// Appends `text` escaped for HTML element content and quoted attribute values: `& < > " '`.
    func appendHTML(_ text: String) {
        appendEscaped(text, table: .html)
    }

    /// Appends `text` escaped for XML content or a quoted attribute value; characters XML 1.0 cannot hold are
    /// dropped, and in attributes tabs and line breaks are written as character references so they survive.
    func appendXML(_ text: String, attribute: Bool = false) {
        appendEscaped(text, table: attribute ? .xmlAttribute : .xmlText)
    }

    /// Appends `text` as the content of a CDATA section (`]]>` split across two sections, invalid characters
    /// dropped), including the `<![CDATA[` and `]]>` delimiters.
    func appendCDATA(_ text: String) {
        append("<![CDATA[")
        appendCDATAContent(text)
        append("]]>")
    }

    /// Appends `text` for the inside of a CDATA section: characters XML cannot hold are dropped and `]]>` is
    /// split into `]]]]><![CDATA[>`.
    func appendCDATAContent(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                if byte >= 0x20 && byte != UInt8(ascii: ">") { continue }
                if byte == UInt8(ascii: ">") {
                    guard index >= 2, utf8[index - 1] == UInt8(ascii: "]"), utf8[index - 2] == UInt8(ascii: "]")
                    else { continue }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    append("]]><![CDATA[")
                    runStart = index
                } else if byte != 0x09 && byte != 0x0A && byte != 0x0D {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    runStart = index + 1
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
    }

    private enum EscapeTable {
        case html, xmlText, xmlAttribute
    }

    private func appendEscaped(_ text: String, table: EscapeTable) {
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            let count = utf8.count
            while index < count {
                let byte = utf8[index]
                let replacement: StaticString?
                var drop = false
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = table == .html ? "&#39;" : "&apos;"
                case 0x0A: replacement = table == .xmlAttribute ? "&#10;" : nil
                case 0x0D: replacement = table == .xmlAttribute ? "&#13;" : nil
                case 0x09: replacement = table == .xmlAttribute ? "&#9;" : nil
                case 0x00..<0x20:
                    replacement = nil
                    drop = table != .html || byte == 0
                case 0xEF
                where table != .html && index + 2 < count && utf8[index + 1] == 0xBF
                    && (utf8[index + 2] == 0xBE || utf8[index + 2] == 0xBF):
                    // U+FFFE and U+FFFF are not XML characters.
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    index += 3
                    runStart = index
                    continue
                default: replacement = nil
                }
                if replacement != nil || drop {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    if let replacement {
                        bytes.append(
                            contentsOf: UnsafeBufferPointer(
                                start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                    }
                    runStart = index + 1
                }
                index += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        }
    }
}
