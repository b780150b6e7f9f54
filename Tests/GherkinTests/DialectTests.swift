import Foundation
import Gherkin
import Messages
import TestSupport
import Testing

@Suite("Dialects and languages files")
struct DialectTests {
    @Test("every language of Cucumber is built in: 80 of them, Dutch and Japanese among them")
    func builtInLanguages() throws {
        let languages = GherkinLanguages.builtIn
        #expect(languages.languageCodes.count == 80)
        #expect(languages.orderedLanguageCodes.count == 80)
        #expect(languages.orderedLanguageCodes.first == "af")
        #expect(try #require(languages.dialect(for: "nl")).feature == ["Functionaliteit"])
        #expect(try #require(languages.dialect(for: "ja")).given == ["* ", "前提"])
        #expect(languages.dialect(for: "en") == .english)
        #expect(languages.dialect(for: "fr") == .french)
        #expect(languages.dialect(for: "xx") == nil)
    }

    @Test(
        "the built-in table is Cucumber's gherkin-languages.json, language by language and in its order",
        .enabled(
            if: FileManager.default.fileExists(atPath: Conformance.languagesFile.path),
            "needs ../shared/conformance/gherkin/gherkin-languages.json beside the package"))
    func builtInTableIsTheOfficialFile() throws {
        let official = try GherkinLanguages.load(path: Conformance.languagesFile.path)
        let builtIn = GherkinLanguages.builtIn
        #expect(builtIn.languageCodes == official.languageCodes)
        for code in official.languageCodes {
            #expect(builtIn.dialect(for: code) == official.dialect(for: code), "language \(code)")
        }
        let data = try Data(contentsOf: Conformance.languagesFile)
        #expect(builtIn.orderedLanguageCodes == Self.topLevelKeys(of: data))
    }

    @Test("a document in any built-in language parses without a languages file", arguments: ["nl", "ja", "pt", "em"])
    func parsesEveryLanguage(code: String) throws {
        let dialect = try #require(GherkinLanguages.builtIn.dialect(for: code))
        let text = """
            # language: \(code)
            \(dialect.feature[0]): F
              \(dialect.scenario[0]): S
                \(dialect.given.first { $0 != "* " } ?? "* ")a
                \(dialect.then.first { $0 != "* " } ?? "* ")b
            """
        var ids = IncrementingIdGenerator()
        let result = Gherkin.parse(uri: "x.feature", text: text, idGenerator: &ids)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let pickle = try #require(result.pickles.first)
        #expect(pickle.language == code)
        #expect(pickle.steps.map(\.type) == [.context, .outcome])
    }

    @Test("a languages file's dialect replaces the built-in one of the same code, in place")
    func languagesFileOverridesBuiltIn() throws {
        let json = """
            {"nl": {"and": ["* ", "En "], "background": ["Achtergrond"], "but": ["* ", "Maar "],
             "examples": ["Voorbeelden"], "feature": ["Eigenschap"], "given": ["* ", "Stel "], "name": "Dutch",
             "native": "Nederlands", "rule": ["Regel"], "scenario": ["Geval"], "scenarioOutline": ["Sjabloon"],
             "then": ["* ", "Dan "], "when": ["* ", "Als "]}}
            """
        let languages = GherkinLanguages.builtIn.merging(try GherkinLanguages.decode(Data(json.utf8), path: "x.json"))
        #expect(languages.orderedLanguageCodes == GherkinLanguages.builtIn.orderedLanguageCodes)
        var ids = IncrementingIdGenerator()
        let overridden = Gherkin.parse(
            uri: "x.feature", text: "# language: nl\nEigenschap: F\n  Geval: S\n    Stel a\n", languages: languages,
            idGenerator: &ids)
        #expect(overridden.errors.isEmpty, "\(overridden.errors)")
        let builtIn = Gherkin.parse(
            uri: "x.feature", text: "# language: nl\nEigenschap: F\n", idGenerator: &ids)
        #expect(!builtIn.errors.isEmpty, "the built-in Dutch has no 'Eigenschap'")
    }

    /// The keys of a JSON document's top-level object, in the order written.
    static func topLevelKeys(of data: Data) -> [String] {
        var keys: [String] = []
        var depth = 0
        var index = data.startIndex
        while index < data.endIndex {
            let byte = data[index]
            if byte == UInt8(ascii: "\"") {
                var end = index + 1
                while end < data.endIndex, data[end] != UInt8(ascii: "\"") {
                    end += data[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                if depth == 1 {
                    var after = end + 1
                    while after < data.endIndex, [0x20, 0x0A, 0x0D, 0x09].contains(data[after]) { after += 1 }
                    if after < data.endIndex, data[after] == UInt8(ascii: ":") {
                        keys.append(String(decoding: data[(index + 1)..<end], as: UTF8.self))
                    }
                }
                index = end + 1
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
            index += 1
        }
        return keys
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

    @Test(
        "a languages file's error names its source: a variable as NAME=path, any other source before the path",
        arguments: [
            (nil, "/x.json: not valid JSON"),
            ("GHERKIN_LANGUAGES", "GHERKIN_LANGUAGES=/x.json: not valid JSON"),
            ("--languages", "--languages /x.json: not valid JSON"),
            (#"c.json:2:5: profile "ci": languages"#, #"c.json:2:5: profile "ci": languages /x.json: not valid JSON"#),
            ("2X", "2X /x.json: not valid JSON"),
        ] as [(String?, String)])
    func languagesFileErrorSource(source: String?, description: String) {
        let error = LanguagesFileError(path: "/x.json", reason: "not valid JSON")
        #expect((source.map { error.given(by: $0) } ?? error).description == description)
    }
}
