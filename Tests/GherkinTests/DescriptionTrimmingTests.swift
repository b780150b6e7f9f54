import Gherkin
import Messages
import Testing

@Suite("Descriptions")
struct DescriptionTrimmingTests {
    @Test(
        "trailing lines made only of spaces or tabs are not part of a description, as in the official parsers",
        arguments: ["  This is a description\n  \n", "  This is a description\n\t \n  \n", "  This is a description\n"])
    func trailingBlankLines(description: String) throws {
        let text = "Feature: Minimal\n\(description)  Scenario: cukes\n    Given I have 42 cukes in my belly\n"
        var ids = IncrementingIdGenerator()
        let result = Gherkin.parse(uri: "minimal.feature", data: Array(text.utf8), idGenerator: &ids)
        #expect(result.errors.isEmpty)
        let feature = try #require(result.document?.feature)
        #expect(feature.description == "  This is a description")
    }
}
