import Testing

@testable import SpecKit

@Suite("The Swift text of a snippet: the expression as a string literal, the parameters as identifiers")
struct SnippetTextTests {
    @Test(
        "a string literal escapes what would end or break it, and keeps every other character as written",
        arguments: [
            (#"I have {int} cukes"#, #""I have {int} cukes""#),
            (#"a "quoted" \ path"#, #""a \"quoted\" \\ path""#),
            ("line\nbreak\r\nand\rreturn", #""line\nbreak\r\nand\rreturn""#),
            ("a\ttab, a bell \u{7} and a delete \u{7F}", "\"a\ttab, a bell \\u{7} and a delete \\u{7f}\""),
            ("café 日本 👩🏽‍💻 e\u{301}", "\"café 日本 👩🏽‍💻 e\u{301}\""),
        ])
    func stringLiteral(text: String, literal: String) {
        #expect(swiftStringLiteral(text) == literal)
    }

    @Test(
        "an identifier is the name, its other characters as underscores, a keyword in backticks",
        arguments: [
            ("int", "int"), ("string2", "string2"), ("my-type", "my_type"), ("in", "`in`"), ("2d", "value2d"),
            ("", "value"), ("naïve", "naïve"), ("größe", "größe"), ("a b", "a_b"),
        ])
    func identifier(name: String, identifier: String) {
        #expect(swiftIdentifier(name) == identifier)
    }
}
