import Gherkin
import Messages
import Testing

@Suite("Pickle compiler")
struct PickleCompilerTests {
    private func pickles(_ text: String) throws -> [Pickle] {
        var ids = IncrementingIdGenerator()
        let result = Gherkin.parse(uri: "p.feature", text: text, idGenerator: &ids)
        #expect(result.errors.isEmpty, "\(result.errors)")
        return result.pickles
    }

    @Test("a scenario gets the background steps first and the feature's tags before its own")
    func backgroundAndTags() throws {
        let found = try pickles(
            "@f\nFeature: x\n  Background:\n    Given b\n  @s\n  Scenario: y\n    When w\n    And a\n    Then t\n")
        let pickle = try #require(found.first)
        #expect(pickle.steps.map(\.text) == ["b", "w", "a", "t"])
        #expect(pickle.steps.map(\.type) == [.context, .action, .action, .outcome])
        #expect(pickle.tags.map(\.name) == ["@f", "@s"])
    }

    @Test("a scenario without steps gets no background steps")
    func emptyScenario() throws {
        let found = try pickles("Feature: x\n  Background:\n    Given b\n  Scenario: y\n")
        #expect(found.first?.steps.isEmpty == true)
    }

    @Test("an outline gives one pickle per examples row, with placeholders filled in everywhere")
    func outline() throws {
        let found = try pickles(
            """
            Feature: x
              Scenario Outline: eat <n> <fruit>
                Given I have <n> <fruit>
                  | <fruit> | <n> |
                  \"\"\"<fruit>
                  <n> left
                  \"\"\"

                @e
                Examples:
                  | n | fruit |
                  | 1 | apple |
                  | 2 | <n>   |

            """)
        // Placeholders are replaced in header order, so a value holding a later placeholder is not filled in again.
        #expect(found.map(\.name) == ["eat 1 apple", "eat 2 <n>"])
        #expect(found[0].tags.map(\.name) == ["@e"])
        #expect(found[0].steps[0].text == "I have 1 apple")
        guard case .docStringAndDataTable(let docString, let table)? = found[0].steps[0].argument else {
            Issue.record("argument: \(String(describing: found[0].steps[0].argument))")
            return
        }
        #expect(table.rows[0].cells.map(\.value) == ["apple", "1"])
        #expect(table.argumentIndex == 1)
        #expect(docString.argumentIndex == 2)
        #expect(docString.mediaType == "apple")
        #expect(docString.content == "1 left")
        #expect(found[0].location == Location(line: 12, column: 7))
        #expect(found[0].astNodeIds.count == 2)
    }

    @Test("rules add their tags and backgrounds to the feature's")
    func rules() throws {
        let found = try pickles(
            """
            @f
            Feature: x
              Background:
                Given a
              @r
              Rule: r
                Background:
                  Given b
                Scenario: s
                  Then c
              Rule: other
                Scenario: t
                  Then d

            """)
        #expect(found.map { $0.steps.map(\.text) } == [["a", "b", "c"], ["a", "d"]])
        #expect(found.map { $0.tags.map(\.name) } == [["@f", "@r"], ["@f"]])
    }

    @Test("ids follow the official order: AST nodes, then each pickle's steps, then the pickle")
    func idOrder() throws {
        let found = try pickles("Feature: x\n  Scenario: y\n    Given a\n    Then b\n")
        #expect(found.first?.steps.map(\.id) == ["3", "4"])
        #expect(found.first?.id == "5")
        #expect(found.first?.astNodeIds == ["2"])
    }
}
