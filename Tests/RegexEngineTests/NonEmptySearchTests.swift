import Testing

@testable import RegexEngine

/// Every non-empty match of `regex` in `text` found by trying each start position in turn, as a search without
/// the first-byte filter would: the first from each position `from` on.
private func firstNonEmptyMatch(_ regex: TreeRegex, in bytes: [UInt8], from start: Int, filtered: Bool) throws
    -> Range<Int>?
{
    try bytes.withUnsafeBufferPointer { buffer in
        try regex.firstMatchRange(in: buffer, from: start, nonEmpty: filtered) { match in
            !match.isEmpty
        }
    }
}

@Suite("A search for non-empty matches skips the positions no such match starts at")
struct NonEmptySearchTests {
    static let patterns = [
        #"(?=.*\d.*)[-+]?\d*(?:\.(?=\d.*))?\d*(?:[eE][-+]?\d+)?"#, #"-?\d+"#, #"\d+"#, #"[^\s]+"#,
        #""([^"\\]*(\\.[^"\\]*)*)"|'([^'\\]*(\\.[^'\\]*)*)'"#, #"a*"#, #"(?:x|)y?"#, #"é+|ü"#, #"[^a-z]"#,
        #"(?=b)\w+"#, #"(?:ab){0,2}c"#, #"$|q"#, #"."#,
    ]
    static let texts = [
        "", "a", "the cache holds 3 images saved -7.5e3 days ago", #"say "hi" and 'bye' now"#, "ééé ü x",
        "yyy xxx", "abababc bc", "😀 b1 q", "no digits here at all",
    ]

    @Test("finds what the unfiltered search finds, from every position", arguments: patterns)
    func sameMatches(pattern: String) throws {
        let regex = try TreeRegex(pattern)
        #expect(regex.searchesFromAnyPosition)
        for text in Self.texts {
            let bytes = Array(text.utf8)
            for start in 0...bytes.count where start == bytes.count || bytes[start] & 0xC0 != 0x80 {
                let filtered = try firstNonEmptyMatch(regex, in: bytes, from: start, filtered: true)
                let plain = try firstNonEmptyMatch(regex, in: bytes, from: start, filtered: false)
                #expect(filtered == plain, "\(pattern) in \(text) from byte \(start)")
            }
        }
    }

    @Test("never returns an empty match, even when the caller would accept one")
    func refusesEmpty() throws {
        let regex = try TreeRegex("a*")
        let bytes = Array("bbaab".utf8)
        let found = try bytes.withUnsafeBufferPointer { buffer in
            try regex.firstMatchRange(in: buffer, from: 0, nonEmpty: true) { _ in true }
        }
        #expect(found == 2..<4)
        let empty = try bytes.withUnsafeBufferPointer { buffer in
            try regex.firstMatchRange(in: buffer, from: 0) { _ in true }
        }
        #expect(empty == 0..<0)
    }

    @Test(
        "the first bytes of a non-empty match",
        arguments: [
            ("abc", "a", "bc"), ("a?b", "ab", "c"), ("(?=x)y", "y", "x"), (#"\d*e"#, "0123456789e", "f"),
            ("é", "\u{C3}", "e"), ("[^a]", "b\u{80}\u{FF}", "a"), ("(?:|z)w", "zw", "y"),
        ])
    func firstBytes(pattern: String, starting: String, notStarting: String) throws {
        let regex = try TreeRegex(pattern)
        guard case .builtIn(let program) = regex.engine else {
            Issue.record("\(pattern) is not run by the built-in matcher")
            return
        }
        for scalar in starting.unicodeScalars {
            let byte = UInt8(truncatingIfNeeded: scalar.value)
            #expect(program.nonEmptyMatchStarts.contains(byte), "\(pattern) can start with \(byte)")
        }
        for byte in notStarting.utf8 {
            #expect(!program.nonEmptyMatchStarts.contains(byte), "\(pattern) cannot start with \(byte)")
        }
    }
}
