/// Turns the bytes of a `.feature` file as people write them into the UTF-8 text the parser reads, as
/// Cucumber-JVM does: a leading byte-order mark (UTF-8, UTF-16 little- or big-endian) is removed, and in a plain
/// `.feature` file a first-line `# encoding: NAME` comment is honoured (UTF-8, ISO-8859-1 / Latin-1,
/// Windows-1252). In a Markdown spec (`.feature.md`) such a line is a heading, as in cucumber-js, and the text is
/// UTF-8. Positions are then those of the decoded text, in characters.
public enum SourceEncoding {
    /// The encodings a `# encoding:` header may name, in the spellings accepted (compared without case).
    static let names: [String: Encoding] = [
        "utf-8": .utf8, "utf8": .utf8,
        "iso-8859-1": .latin1, "iso8859-1": .latin1, "iso_8859-1": .latin1, "latin-1": .latin1, "latin1": .latin1,
        "l1": .latin1,
        "windows-1252": .windows1252, "cp1252": .windows1252, "cp-1252": .windows1252,
    ]

    enum Encoding {
        case utf8
        case latin1
        case windows1252
    }

    /// The UTF-8 bytes of `data`, or the error (at line 1, column 1) for an encoding header naming an encoding
    /// this reader does not know. `uri` names the file in the error and tells a Markdown spec, whose first line is
    /// never read as an encoding header.
    public static func utf8Bytes(of data: some Collection<UInt8>, uri: String) -> Swift.Result<[UInt8], GherkinError> {
        let bytes = Array(data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .success(Array(bytes.dropFirst(3))) }
        if bytes.starts(with: [0xFF, 0xFE]) { return .success(utf16(bytes.dropFirst(2), littleEndian: true)) }
        if bytes.starts(with: [0xFE, 0xFF]) { return .success(utf16(bytes.dropFirst(2), littleEndian: false)) }
        guard !Gherkin.isMarkdown(uri: uri), let name = encodingHeader(bytes) else { return .success(bytes) }
        switch names[name.lowercased()] {
        case .utf8: return .success(bytes)
        case .latin1: return .success(Array(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })).utf8))
        case .windows1252: return .success(Array(String(String.UnicodeScalarView(bytes.map(windows1252))).utf8))
        case nil:
            return .failure(
                GherkinError(
                    uri: uri, line: 1, column: 1,
                    message:
                        "unknown encoding '\(name)' in the '# encoding:' header: use UTF-8, ISO-8859-1 or Windows-1252"
                        + " (or save the file as UTF-8 and remove the header)"))
        }
    }

    /// The name in a first-line `# encoding: NAME` comment (white space allowed around each part), if any.
    static func encodingHeader(_ bytes: [UInt8]) -> String? {
        let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        guard let line = String(validating: bytes[..<end], as: UTF8.self) ?? latin1Line(bytes[..<end]) else {
            return nil
        }
        var rest = Substring(line).drop { $0 == " " || $0 == "\t" }
        guard rest.first == "#" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard rest.lowercased().hasPrefix("encoding") else { return nil }
        rest = rest.dropFirst("encoding".count).drop { $0 == " " || $0 == "\t" }
        guard rest.first == ":" else { return nil }
        let name = String(rest.dropFirst()).trimmed(of: " \t\r")
        return name.isEmpty ? nil : name
    }

    private static func latin1Line(_ bytes: ArraySlice<UInt8>) -> String? {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(littleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// Windows-1252: Latin-1 but for 0x80–0x9F, which hold printable characters (€, ‘, ’, “, ”, –, —...).
    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        let high: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
            0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161,
            0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        return Unicode.Scalar(high[Int(byte - 0x80)]) ?? Unicode.Scalar(byte)
    }
}

extension String {
    fileprivate func trimmed(of set: String) -> String {
        let characters = Set(set)
        return String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
