import Foundation
import Gherkin
import Messages
import Testing

@Suite("Sad paths: encodings, binary and empty files")
struct SadPathTests {
    private func parse(_ bytes: [UInt8]) -> Gherkin.Result {
        var ids = IncrementingIdGenerator()
        return Gherkin.parse(uri: "bad.feature", data: bytes, idGenerator: &ids)
    }

    @Test("invalid UTF-8 names the line and column of the first bad byte")
    func invalidUTF8() {
        let result = parse(Array("Feature: x\n  Scenario: é".utf8) + [0xFF, 0x41])
        #expect(result.errors.count == 1)
        let error = result.errors[0]
        #expect(error.line == 2)
        #expect(error.column == 14)
        #expect(error.message.contains("invalid UTF-8 (byte 0xFF)"))
        #expect(error.description.hasPrefix("bad.feature:2:14: invalid UTF-8"))
        #expect(result.source == nil)
    }

    @Test(
        "truncated and overlong sequences and surrogates are invalid UTF-8",
        arguments: [[0xC3], [0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80]]
            as [[UInt8]])
    func invalidSequences(bytes: [UInt8]) {
        let result = parse(Array("Feature: ".utf8) + bytes)
        #expect(result.errors.first?.column == 10)
        #expect(result.errors.first?.message.contains("invalid UTF-8") == true)
    }

    @Test("a binary file (a NUL byte) is a clear error, not a parse")
    func binaryFile() {
        let result = parse([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00])
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.line == 1)
        #expect(result.document == nil)

        let nul = parse(Array("Feature: x\n\u{0}".utf8))
        #expect(nul.errors.first?.message.contains("binary content") == true)
        #expect(nul.errors.first?.line == 2)
        #expect(nul.errors.first?.column == 1)
    }

    @Test("an empty file is a document without a feature, as the official parsers have it")
    func emptyFile() {
        let result = parse([])
        #expect(result.errors.isEmpty)
        #expect(result.document == GherkinDocument(uri: "bad.feature", feature: nil, comments: []))
        #expect(result.pickles.isEmpty)
    }

    @Test("a byte order mark is not skipped, as the official Python parser has it")
    func byteOrderMark() {
        let result = parse([0xEF, 0xBB, 0xBF] + Array("Feature: x\n".utf8))
        #expect(result.errors.first?.officialMessage.hasPrefix("(1:1): expected: #EOF, #Language") == true)
    }
}
