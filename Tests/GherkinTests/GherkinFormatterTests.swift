import Foundation
import Gherkin
import Messages
import TestSupport
import Testing

@Suite("Formatting a document as Cucumber's pretty formatter writes it")
struct GherkinFormatterTests {
    /// What a pickle means, without its location (which formatting may move): formatting must not change it, ids
    /// and the order of a step's doc string and data table (`argumentIndex`) included.
    struct Meaning: Equatable {
        var pickle: Pickle

        init(_ pickle: Pickle) {
            self.pickle = pickle
            self.pickle.location = nil
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

    @Test("a step's doc string and data table keep their order, so the pickle's argumentIndex stays")
    func docStringAndTableOrder() throws {
        let formatted = try Self.checkFormatting(
            #"""
            Feature: Both arguments
              Scenario: DocString followed by DataTable
                Given a step with both arguments
                  """
                  hello
                  """
                  | id | name |
                  | 1  | bob  |

              Scenario: DataTable followed by DocString
                Given a step with both arguments
                  | id | name |
                  | 1  | bob  |
                  """
                  hello
                  """
            """#)
        let scenarios = formatted.components(separatedBy: "Scenario:")
        #expect(scenarios[1].range(of: "hello")!.lowerBound < scenarios[1].range(of: "| id")!.lowerBound)
        #expect(scenarios[2].range(of: "| id")!.lowerBound < scenarios[2].range(of: "hello")!.lowerBound)
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
        "every valid .feature of the conformance data (Gherkin's and the compatibility kit's) keeps its pickles",
        .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"))
    func officialFiles() throws {
        let languages = try Conformance.languages()
        let root = Conformance.directory.deletingLastPathComponent()
        let files = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".feature") }.sorted()
        #expect(files.count > 50)
        for name in files {
            let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
            let original = Self.parse(text, languages: languages)
            guard original.errors.isEmpty, original.document?.feature != nil else { continue }
            try Self.checkFormatting(text, languages: languages)
        }
    }
}
