import Testing

@testable import StepSuggestions

@Suite("The one did-you-mean rule of the command line and the configuration file")
struct ClosestNameTests {
    @Test(
        "a typo within 2 edits, or a third of a long name, is named; anything further is not",
        arguments: [
            ("--formta", ["--format", "--fail-fast"], "--format"),
            ("tag", ["tags", "name"], "tags"),
            ("messageregex", ["name", "messageRegex", "traceRegex"], "messageRegex"),
            ("retryTagFiltr", ["retry", "retryTagFilter"], "retryTagFilter"),
            ("retryTagFltrr", ["retryTagFilter"], "retryTagFilter"),
            ("junt", ["junit", "json"], "junit"),
            ("xyz", ["--format"], nil),
            ("zzzz", ["junit", "json"], nil),
            ("anything", [], nil),
        ] as [(String, [String], String?)])
    func closest(name: String, candidates: [String], expected: String?) {
        #expect(closestName(to: name, in: candidates) == expected)
    }

    @Test("of equally close names, the first given wins")
    func firstOfEquals() {
        #expect(closestName(to: "jsom", in: ["json", "jsot"]) == "json")
    }
}
