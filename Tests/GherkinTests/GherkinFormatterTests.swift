import Foundation
import Gherkin
import Messages
import TestSupport
import Testing

@Suite("Formatting a document as Cucumber's pretty formatter writes it")
struct GherkinFormatterTests {
    /// What a pickle means, without its ids and locations: formatting must not change it.
    struct Meaning: Equatable {
        var name: String
        var language: String
        var tags: [String]
        var steps: [String]

        init(_ pickle: Pickle) {
            name = pickle.name
            language = pickle.language
            tags = pickle.tags.map(\.name)
            steps = pickle.steps.map { step in
                var text = "\(step.type?.rawValue ?? "-") \(step.text)"
                if let table = step.argument?.dataTable {
                    text += " " + table.rows.map { $0.cells.map(\.value).joined(separator: "|") }.joined(separator: "/")
                }
                if let docString = step.argument?.docString {
                    text += " «\(docString.mediaType ?? "")»\(docString.content)"
                }
                return text
            }
        }
    }

    private static func parse(_ text: String, languages: GherkinLanguages = .builtIn) -> Gherkin.Result {
        var ids = IncrementingIdGenerator()
        return Gherkin.parse(uri: "a.feature", text: text, languages: languages, idGenerator: &ids)
    }

    /// Formats `text`, checks that the result parses to the same pickles and formats to itself; returns it.
    @discardableResult
    private static func checkFormatting(_ text: String, languages: GherkinLanguages = .builtIn) throws -> String {
        let original = parse(text, languages: languages)
        let document = try #require(original.document, "\(original.errors)")
        let formatted = GherkinFormatter.format(document)
        let reparsed = parse(formatted, languages: languages)
        #expect(reparsed.errors.isEmpty, "\(reparsed.errors)\n\(formatted)")
        #expect(reparsed.pickles.map(Meaning.init) == original.pickles.map(Meaning.init), "\(formatted)")
        if let again = reparsed.document {
            #expect(GherkinFormatter.format(again) == formatted, "formatting twice changes nothing")
        }
        return formatted
    }

    @Test("indentation, tags, aligned tables, doc strings and comments in Cucumber's layout")
    func layout() throws {
        let messy = """
            # language: en
            @checkout   @fast
            Feature:   Cart
                 Buying things.
               Keep it short.
            Background:
            Given an empty cart
              # the price list
            @slow
            Scenario Outline: Pay <n>
            When I add <n> items
            |name|price|
            | mug | 12.00 |
            | a\\|b | 3 |
            Then I see:
            ```json
            {"total": "x"}
            ```
              Examples: some
              | n |
              | 10 |
            Rule: Discounts
            Scenario: Code
            * a code
            """
        let formatted = try Self.checkFormatting(messy)
        #expect(
            formatted == """
                @checkout @fast
                Feature: Cart
                    Buying things.
                  Keep it short.

                  Background:
                    Given an empty cart

                  # the price list
                  @slow
                  Scenario Outline: Pay <n>
                    When I add <n> items
                      | name | price |
                      | mug  | 12.00 |
                      | a\\|b | 3     |
                    Then I see:
                      ```json
                      {"total": "x"}
                      ```

                    Examples: some
                      | n  |
                      | 10 |

                  Rule: Discounts

                    Scenario: Code
                      * a code

                """)
    }

    @Test("the feed's specs keep their pickles and format to a fixed point")
    func feedSpecs() throws {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Specs")
        let files = try FileManager.default.contentsOfDirectory(atPath: specs.path).filter { $0.hasSuffix(".feature") }
        #expect(!files.isEmpty)
        for file in files {
            try Self.checkFormatting(try String(contentsOf: specs.appendingPathComponent(file), encoding: .utf8))
        }
    }

    @Test(
        "every valid official test file keeps its pickles and formats to a fixed point",
        .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"))
    func officialFiles() throws {
        let languages = try Conformance.languages()
        for name in Conformance.features(in: "good") {
            let text = try String(contentsOf: Conformance.url("good", name), encoding: .utf8)
            let original = Self.parse(text, languages: languages)
            guard original.errors.isEmpty, original.document?.feature != nil else { continue }
            try Self.checkFormatting(text, languages: languages)
        }
    }
}
