import Foundation
import Gherkin
import Messages
import Testing

@Suite("Files as people save them: byte-order marks and encoding headers")
struct SourceEncodingTests {
    static let feature = "Feature: Café\n  Scenario: Crème brûlée\n    Given a step\n"

    private func parse(_ bytes: [UInt8]) -> Gherkin.Result {
        var ids = IncrementingIdGenerator()
        return Gherkin.parseFile(uri: "a.feature", data: bytes, idGenerator: &ids)
    }

    @Test(
        "a leading byte-order mark is removed, whatever the Unicode encoding it marks",
        arguments: ["utf-8", "utf-16le", "utf-16be"])
    func byteOrderMark(encoding: String) throws {
        let bytes: [UInt8]
        switch encoding {
        case "utf-8": bytes = [0xEF, 0xBB, 0xBF] + Array(Self.feature.utf8)
        case "utf-16le": bytes = [0xFF, 0xFE] + Self.feature.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        default: bytes = [0xFE, 0xFF] + Self.feature.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        }
        let result = parse(bytes)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.document?.feature?.name == "Café")
        #expect(result.document?.feature?.location == Location(line: 1, column: 1))
        #expect(result.pickles.first?.name == "Crème brûlée")
    }

    @Test("a Latin-1 file with its encoding header runs, its positions in characters of the decoded text")
    func latin1() throws {
        let text = "# encoding: iso-8859-1\n" + Self.feature.replacingOccurrences(of: "    Given", with: "    Given é")
        let bytes = text.unicodeScalars.map { UInt8($0.value) }
        #expect(bytes.count == text.unicodeScalars.count, "every character is one Latin-1 byte")
        let result = parse(bytes)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.pickles.first?.name == "Crème brûlée")
        #expect(result.pickles.first?.steps.first?.text == "é a step")
        #expect(result.source?.data.hasPrefix("# encoding: iso-8859-1\nFeature: Café") == true)
    }

    @Test("Windows-1252 reads the curly quotes, dashes and euro sign that Latin-1 leaves as control codes")
    func windows1252() throws {
        var bytes = Array("# Encoding : Windows-1252\nFeature: Prices\n  Scenario: A ".utf8)
        bytes += [0x93, 0x80, 0x94, 0x20, 0x96, 0x20, 0x92]  // “€” – ’
        bytes += Array("\n    Given a step\n".utf8)
        let result = parse(bytes)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.pickles.first?.name == "A “€” – ’")
    }

    @Test("an encoding header naming UTF-8 changes nothing")
    func utf8Header() throws {
        let result = parse(Array(("# encoding: UTF-8\n" + Self.feature).utf8))
        #expect(result.errors.isEmpty)
        #expect(result.document?.feature?.name == "Café")
    }

    @Test("an unknown encoding is one clear error at 1:1, naming it and what to do")
    func unknownEncoding() throws {
        let result = parse(Array(("# encoding: ebcdic\n" + Self.feature).utf8))
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.line == 1 && error.column == 1)
        #expect(error.message.contains("unknown encoding 'ebcdic'"))
        #expect(error.message.contains("UTF-8"))
    }

    @Test("an encoding header past the first line is only a comment")
    func headerOnlyOnTheFirstLine() throws {
        let result = parse(Array(("# language: en\n# encoding: ebcdic\n" + Self.feature).utf8))
        #expect(result.errors.isEmpty)
    }

    @Test("in a Markdown spec a first-line '# Encoding: ...' is a heading, not an encoding")
    func markdownHeadingIsNotAnEncoding() throws {
        let text =
            "# Encoding: how images are decoded\n\n## Scenario: decoding\n\n* Given the customer has connectivity\n"
        var ids = IncrementingIdGenerator()
        let result = Gherkin.parseFile(uri: "specs/decoding.feature.md", data: Array(text.utf8), idGenerator: &ids)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.pickles.map(\.name) == ["decoding"])
    }

    @Test("in a Markdown spec '# Encoding: latin1' over UTF-8 text leaves every accent as written")
    func markdownStaysUTF8() throws {
        let text = "# Encoding: latin1\n# Feature: Café\n\n## Scenario: crème brûlée\n\n* Given a step\n"
        var ids = IncrementingIdGenerator()
        let result = Gherkin.parseFile(uri: "specs/cafe.feature.md", data: Array(text.utf8), idGenerator: &ids)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.pickles.map(\.name) == ["crème brûlée"])
        #expect(result.source?.data == text)
    }
}
