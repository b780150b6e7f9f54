import Messages
import SpecReports
import Testing

/// A scenario that failed, was retried and passed is flaky in every report, and the run still passes.
@Suite struct FlakyTests {
    static func stream() -> [Envelope] {
        var builder = StreamBuilder()
        builder.scenario("Steady", [.passed("a step")])
        builder.scenario("Wobbly", [.passed("a flaky step")], retried: [[.failed], [.failed]])
        builder.scenario("Broken", [.passed("a step")], retried: [])
        return builder.build()
    }

    @Test func `the query tells a flaky attempt and its failed attempts before it`() throws {
        let query = RunQuery()
        query.update(contentsOf: Self.stream())
        let counted = query.countedAttempts
        #expect(counted.map { query.isFlaky($0) } == [false, true, false])
        let wobbly = try #require(counted.first { query.isFlaky($0) })
        #expect(query.earlierAttempts(of: wobbly).map(\.attempt) == [0, 1])
        #expect(query.earlierAttempts(of: counted[0]).isEmpty)
        #expect(query.statistics().flakyScenarios == 1)
        #expect(query.success)
    }

    @Test func `the console counts flaky scenarios apart from the passed ones`() throws {
        let text = try render(Self.stream()) { SummaryFormatter(output: $0) }
        #expect(text.contains("3 scenarios (1 flaky, 2 passed)"), "\(text)")
    }

    @Test func `JUnit keeps a flaky test case's failed attempts as flakyFailure elements, as Surefire does`() throws {
        let junit = try render(Self.stream()) { JUnitFormatter(output: $0) }
        #expect(junit.contains("failures=\"0\""))
        #expect(junit.components(separatedBy: "<flakyFailure type=\"Product defects\"").count - 1 == 2)
        #expect(junit.contains("<stackTrace><![CDATA[attempt 1: Given a flaky step\nStep failed"))
        #expect(!junit.contains("<failure"))
    }

    @Test func `HTML and Markdown say which scenarios were flaky`() throws {
        let html = try render(Self.stream()) { HTMLFormatter(output: $0) }
        #expect(html.components(separatedBy: "<span class=\"badge badge-flaky\"").count - 1 == 1)
        #expect(html.contains("of which <b>1</b> flaky"))
        let markdown = try render(Self.stream()) { MarkdownFormatter(output: $0) }
        #expect(markdown.contains("### Flaky scenarios (1)"))
        #expect(markdown.contains("Sample › Wobbly** — `features/sample.feature:"))
        #expect(markdown.contains("(passed on attempt 3)"))
    }
}
