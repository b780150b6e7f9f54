import Foundation
import Gherkin
import Messages
import Testing

@Suite("Dialects and languages files")
struct DialectTests {
    @Test("the built-in languages are English, French, German, Spanish and Portuguese")
    func builtInLanguages() {
        #expect(GherkinLanguages.builtIn.languageCodes == ["de", "en", "es", "fr", "pt"])
        #expect(GherkinLanguages.builtIn.dialect(for: "no") == nil)
    }

    @Test("step keywords are tried longest first, keeping list order among equals")
    func stepKeywordOrder() {
        let keywords = GherkinDialect.french.stepKeywords
        #expect(keywords.first == "Etant donné que ")
        #expect(keywords.firstIndex(of: "Etant donné que ")! < keywords.firstIndex(of: "Etant donné ")!)
        #expect(keywords.last == "* ")
    }

    @Test(
        "a keyword's type is its list, or Unknown when it is in several",
        arguments: [
            ("Given ", StepKeywordType.context), ("When ", .action), ("Then ", .outcome), ("And ", .conjunction),
            ("But ", .conjunction), ("* ", .unknown),
        ])
    func keywordTypes(keyword: String, type: StepKeywordType) {
        #expect(GherkinDialect.english.keywordType(of: keyword) == type)
    }

    @Test("a languages file in the official format adds its languages to the built-in ones")
    func loadsLanguagesFile() throws {
        let json = """
            {"xx": {"and": ["* ", "Ja "], "background": ["Grund"], "but": ["* ", "Aber "], "examples": ["Beispiele"],
             "feature": ["Merkmal"], "given": ["* ", "Gegeben "], "name": "Test", "native": "Testisch",
             "rule": ["Regel"], "scenario": ["Fall"], "scenarioOutline": ["Fallvorlage"], "then": ["* ", "Dann "],
             "when": ["* ", "Wenn "]}}
            """
        let languages = GherkinLanguages.builtIn.merging(try GherkinLanguages.decode(Data(json.utf8), path: "x.json"))
        let dialect = try #require(languages.dialect(for: "xx"))
        #expect(dialect.feature == ["Merkmal"])
        #expect(dialect.native == "Testisch")
        #expect(languages.dialect(for: "en") == .english)

        var ids = IncrementingIdGenerator()
        let result = Gherkin.parse(
            uri: "x.feature", text: "# language: xx\nMerkmal: M\n  Fall: F\n    Gegeben a\n", languages: languages,
            idGenerator: &ids)
        #expect(result.errors.isEmpty)
        #expect(result.pickles.first?.language == "xx")
        #expect(result.pickles.first?.steps.first?.type == .context)
    }

    @Test(
        "a broken languages file is an error naming the file and what is wrong",
        arguments: [
            ("not json", "not valid JSON"),
            ("[1, 2]", "expected a JSON object of languages"),
            ("{\"xx\": 3}", "language \"xx\" is not a JSON object"),
            ("{\"xx\": {\"name\": \"X\", \"native\": \"X\"}}", "\"feature\" must be a non-empty array of strings"),
        ])
    func brokenLanguagesFile(json: String, reason: String) {
        do {
            _ = try GherkinLanguages.decode(Data(json.utf8), path: "broken.json")
            Issue.record("no error for \(json)")
        } catch let error as LanguagesFileError {
            #expect(error.path == "broken.json")
            #expect(error.description.contains(reason), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("a missing languages file is an error naming it")
    func missingLanguagesFile() {
        #expect(throws: LanguagesFileError.self) {
            try GherkinLanguages.builtIn(plus: "/nonexistent/languages.json")
        }
    }

    @Test("GHERKIN_LANGUAGES names the languages file when no path is given")
    func environmentVariable() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gherkin-env-\(UUID()).json")
        let json =
            #"{"zz": {"and": ["* "], "background": ["B"], "but": ["* "], "examples": ["E"], "feature": ["F"], "given": ["* "], "name": "Z", "native": "Z", "rule": ["R"], "scenario": ["S"], "scenarioOutline": ["SO"], "then": ["* "], "when": ["* "]}}"#
        try Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let languages = try GherkinLanguages.forRun(path: nil, environment: ["GHERKIN_LANGUAGES": url.path])
        #expect(languages.dialect(for: "zz") != nil)
        #expect(try GherkinLanguages.forRun(path: nil, environment: [:]).dialect(for: "zz") == nil)
    }
}
