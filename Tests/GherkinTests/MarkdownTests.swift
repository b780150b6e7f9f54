import Foundation
import Gherkin
import Messages
import Testing

@Suite("Markdown with Gherkin (.feature.md), read as cucumber-js reads it")
struct MarkdownTests {
    private func parse(_ text: String, uri: String = "spec.feature.md") -> Gherkin.Result {
        var ids = IncrementingIdGenerator()
        return Gherkin.parse(uri: uri, data: Array(text.utf8), idGenerator: &ids)
    }

    private func scenarios(_ result: Gherkin.Result) -> [Scenario] {
        var found: [Scenario] = []
        for child in result.document?.feature?.children ?? [] {
            switch child {
            case .scenario(let scenario): found.append(scenario)
            case .rule(let rule):
                for case .scenario(let scenario) in rule.children { found.append(scenario) }
            case .background: break
            }
        }
        return found
    }

    static let document = """
        # Feature: Cheese

        Some prose that says why cheese matters.

        ## Rule: Nom nom nom

        `@tasty` and `@cheap cheese` are tags.
        ### Scenario: Eating
        * Given I have 3 cheeses
        - When I eat 1
          | name  | age |
          | ----- | --: |
          | brie  |   3 |
        +Then I have 2 left

        #### Scenario Outline: Eating <n>

          * Given I eat <n>

        ##### Examples: some

          | n |
          | - |
          | 1 |

        """

    @Test("headings are keywords, at the keyword's column, whatever their level")
    func headings() throws {
        let result = parse(Self.document)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let feature = try #require(result.document?.feature)
        #expect(feature.keyword == "Feature" && feature.name == "Cheese")
        #expect(feature.location == Location(line: 1, column: 3))
        guard case .rule(let rule) = feature.children.first else {
            Issue.record("no rule")
            return
        }
        #expect(rule.location == Location(line: 5, column: 4))
        let scenarios = scenarios(result)
        #expect(scenarios.map(\.keyword) == ["Scenario", "Scenario Outline"])
        #expect(scenarios.map(\.location) == [Location(line: 8, column: 5), Location(line: 16, column: 6)])
        #expect(scenarios[1].examples.first?.location == Location(line: 20, column: 7))
        #expect(feature.description == "", "prose is not a description")
    }

    @Test("bullets are steps, located at their keyword; tables indented 2 to 5 spaces, separator rows skipped")
    func stepsAndTables() throws {
        let result = parse(Self.document)
        let steps = try #require(scenarios(result).first?.steps)
        #expect(steps.map(\.keyword) == ["Given ", "When ", "Then "])
        #expect(steps.map(\.text) == ["I have 3 cheeses", "I eat 1", "I have 2 left"])
        #expect(steps.map(\.location.column) == [3, 3, 2])
        let table = try #require(steps[1].dataTable)
        #expect(table.rows.map { $0.cells.map(\.value) } == [["name", "age"], ["brie", "3"]])
        #expect(table.rows.map(\.location.line) == [11, 13])
        #expect(result.document?.comments == [], "a separator row is not a comment of the document")
        let examples = try #require(scenarios(result).last?.examples.first)
        #expect(examples.tableHeader?.cells.map(\.value) == ["n"])
        #expect(examples.tableBody.map { $0.cells.map(\.value) } == [["1"]], "`| - |` is a separator row")
        #expect(result.pickles.map(\.name) == ["Eating", "Eating 1"])
    }

    @Test("tags are written in backticks, anywhere on a line, located at their @")
    func tags() throws {
        let tags = try #require(scenarios(parse(Self.document)).first?.tags)
        #expect(tags.map(\.name) == ["@tasty", "@cheap cheese"])
        #expect(tags.map(\.location.column) == [2, 15])
        #expect(tags.map(\.location.line) == [7, 7])
    }

    @Test(
        "lines that only look like Gherkin are prose",
        arguments: [
            "#Scenario: no space after the hashes", "#  Scenario: two spaces", "####### Scenario: seven hashes",
            "1. Given a numbered list", "* given a lowercase keyword", "Given no bullet",
            "| an | unindented | table |", "      | six spaces | before |",
        ])
    func prose(line: String) {
        let result = parse("# Feature: F\n\n## Scenario: S\n\n* Given a step\n\(line)\n")
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(scenarios(result).first?.steps.count == 1)
        #expect(scenarios(result).first?.steps.first?.dataTable == nil)
    }

    @Test("doc strings are backtick fences with their media type; a longer fence holds a shorter one")
    func docStrings() throws {
        let text = """
            # Feature: F
            ## Scenario: S
            * Given some code:
              ````markdown
              ```swift
              let x = 1
              ```
              ````
            * Then it is shown
            """
        let result = parse(text)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let docString = try #require(scenarios(result).first?.steps.first?.docString)
        #expect(docString.mediaType == "markdown")
        #expect(docString.delimiter == "````")
        #expect(docString.content == "```swift\nlet x = 1\n```")
        #expect(docString.location == Location(line: 4, column: 3))
    }

    @Test("without a Feature heading, the first line names the feature; `# language:` is not read")
    func noHeading() throws {
        let result = parse("# language: fr\n\n## Scénario: S\n\n* Soit a step\n")
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.document?.feature?.name == "# language: fr")
        #expect(result.document?.feature?.language == "en")
        #expect(result.pickles.isEmpty, "French keywords are prose in an English document")
    }

    @Test("a Markdown source has Markdown's media type; a .feature file stays plain")
    func mediaType() {
        #expect(parse(Self.document).source?.mediaType == .gherkinMarkdown)
        #expect(parse("Feature: F\n", uri: "f.feature").source?.mediaType == .gherkinPlain)
        #expect(Gherkin.isSpecFile("login.feature.md") && Gherkin.isSpecFile("login.feature"))
        #expect(!Gherkin.isSpecFile("README.md"))
    }

    @Test("a plain Gherkin document parses the same as before next to Markdown ones")
    func plainUnchanged() {
        let plain = "Feature: F\n  # a comment\n  Scenario: S\n    * Given a step\n"
        let result = parse(plain, uri: "f.feature")
        #expect(result.errors.isEmpty)
        #expect(result.document?.comments.map(\.text) == ["  # a comment"])
        #expect(result.pickles.first?.steps.map(\.text) == ["Given a step"])
    }

    @Test("a document without a # Feature: heading has a feature without a keyword, which its JSON leaves out")
    func featureWithoutHeading() throws {
        let result = parse(
            """
            Notes about the feed
            ====================

            Some prose.

            # Scenario: Offline
            * Given the customer has no connectivity
            """)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let feature = try #require(result.document?.feature)
        #expect(feature.keyword == "")
        #expect(feature.name == "Notes about the feed")
        for json in [
            String(decoding: try JSONEncoder().encode(feature), as: UTF8.self),
            String(decoding: NDJSONWriter.encode([.gherkinDocument(try #require(result.document))]), as: UTF8.self),
        ] {
            #expect(!json.contains(#""keyword":"""#) && json.contains(#""name":"Notes about the feed""#), "\(json)")
            #expect(json.contains(#""keyword":"Scenario""#))
        }
        let decoded = try JSONDecoder().decode(Feature.self, from: try JSONEncoder().encode(feature))
        #expect(decoded == feature)

        let headed = try #require(parse("# Feature: Cheese\n").document?.feature)
        #expect(String(decoding: try JSONEncoder().encode(headed), as: UTF8.self).contains(#""keyword":"Feature""#))
    }
}
