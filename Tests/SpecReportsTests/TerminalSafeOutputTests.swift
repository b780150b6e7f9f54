import Testing

@testable import SpecReports

@Suite("Terminal-safe console output")
struct TerminalSafeOutputTests {
    private func written(_ chunks: [String]) throws -> String {
        let memory = MemoryOutput()
        let output = TerminalSafeOutput(memory)
        for chunk in chunks { try output.write(Array(chunk.utf8)) }
        try output.close()
        return memory.text
    }

    @Test(
        "control characters of the text are escaped, lines, tabs and the console's own styles pass",
        arguments: [
            ("plain\ttext\n", "plain\ttext\n"),
            ("\u{1B}[2J\u{1B}]0;title\u{07}", "\\u{1B}[2J\\u{1B}]0;title\\u{7}"),
            (
                "\u{1B}[32mpassed\u{1B}[39m \u{1B}[1mbold\u{1B}[22m",
                "\u{1B}[32mpassed\u{1B}[39m \u{1B}[1mbold\u{1B}[22m"
            ),
            ("\u{1B}[8mhidden\u{1B}[0m", "\\u{1B}[8mhidden\u{1B}[0m"),
            ("over\rwrite", "over\\u{D}write"),
            ("c1 \u{9B}2J del\u{7F}", "c1 \\u{9B}2J del\\u{7F}"),
            ("rtl \u{202E}txt \u{2066}iso\u{2069}", "rtl \\u{202E}txt \\u{2066}iso\\u{2069}"),
            ("café ☕️ 日本 — ok", "café ☕️ 日本 — ok"),
        ])
    func escapes(text: String, expected: String) throws {
        #expect(try written([text]) == expected)
    }

    @Test("a sequence or a character split between two writes is judged whole")
    func splitWrites() throws {
        #expect(try written(["\u{1B}[3", "2mgreen\u{1B}", "[39m"]) == "\u{1B}[32mgreen\u{1B}[39m")
        #expect(try written(["a\u{1B}", "[2J"]) == "a\\u{1B}[2J")
        for (character, expected) in [("\u{9B}", "\\u{9B}"), ("\u{202E}", "\\u{202E}"), ("é", "é")] {
            let bytes = Array(character.utf8)
            let memory = MemoryOutput()
            let output = TerminalSafeOutput(memory)
            try output.write(Array(bytes[0..<1]))
            try output.write(Array(bytes[1...]))
            try output.close()
            #expect(memory.text == expected)
        }
    }

    @Test("a lone escape at the very end is escaped when the output closes")
    func trailingEscape() throws {
        #expect(try written(["end\u{1B}"]) == "end\\u{1B}")
    }
}
