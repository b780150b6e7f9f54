import Gherkin
import Testing

@Suite("Token scanner and matcher")
struct TokenMatcherTests {
    private func tokens(_ text: String) -> [String] {
        Gherkin.tokens(of: Array(text.utf8))
    }

    @Test("lines end at LF only; a CR before it is trimmed and a lone CR stays in the text")
    func lineEndings() {
        #expect(
            tokens("Feature: a\r\n  Scenario: b\rc\n") == [
                "(1:1)FeatureLine:()Feature/a/", "(2:3)ScenarioLine:()Scenario/b\rc/", "EOF",
            ])
    }

    @Test("columns count code points, and Unicode whitespace is indentation")
    func unicodeColumns() {
        #expect(
            tokens("Feature: x\n\u{3000}\u{A0}Scenario: 🙂 y\n    Given é | \n") == [
                "(1:1)FeatureLine:()Feature/x/", "(2:3)ScenarioLine:()Scenario/🙂 y/",
                "(3:5)StepLine:(Context)Given /é |/", "EOF",
            ])
    }

    @Test("table cells are unescaped and trimmed, with their columns")
    func tableCells() {
        let lines = tokens("Feature: x\n Scenario: y\n  Given z\n   | a \\| b |\\\\| \\n |x\\y|  é |tail\n")
        #expect(lines[3] == "(4:4)TableRow://6:a | b,14:\\,18:\n,22:x\\y,28:é")
    }

    @Test("tags are split at @, a trailing comment after whitespace is dropped")
    func tags() {
        let lines = tokens("@a @b@c  @d #comment @e\nFeature: x\n")
        #expect(lines[0] == "(1:1)TagLine://1:@a,4:@b,6:@c,10:@d")
    }

    @Test("doc strings keep their content, remove the opening indentation and unescape the delimiter")
    func docStrings() {
        let lines = tokens("Feature: x\n Scenario: y\n  Given z\n    ```md\n      a\n  b\n    \\`\\`\\`\n    ```\n")
        #expect(
            Array(lines[3...]) == [
                "(4:5)DocStringSeparator:()```/md/", "(5:1)Other:/  a/", "(6:1)Other:/b/", "(7:1)Other:/```/",
                "(8:5)DocStringSeparator:()```//", "EOF",
            ])
    }

    @Test("a language header switches the keywords")
    func languageHeader() {
        #expect(
            tokens("  #  language :  de \nFunktionalität: x\n  Szenario: y\n    Angenommen z\n") == [
                "(1:3)Language:/de/", "(2:1)FeatureLine:()Funktionalität/x/", "(3:3)ScenarioLine:()Szenario/y/",
                "(4:5)StepLine:(Context)Angenommen /z/", "EOF",
            ])
    }

    @Test("description lines keep their indentation and comments stay comments")
    func descriptions() {
        #expect(
            tokens("Feature: x\n  first  \n  # note\n\n") == [
                "(1:1)FeatureLine:()Feature/x/", "(2:1)Other:/  first  /", "(3:1)Comment:/  # note/",
                "(4:1)Other://", "EOF",
            ])
    }
}
