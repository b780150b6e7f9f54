import Messages
import SpecReports
import Testing

/// One wording of a failure, with both of its places, in every report.
@Suite struct StepProblemTests {
    /// A stream whose failed step carries `frames` in its exception's stack trace.
    static func stream(frames: [StackFrame], message: String = "the total: expected 99.0, got 13.5") -> [Envelope] {
        var builder = StreamBuilder()
        builder.scenario("Totals", [.passed("a cart"), .failed("the total is 99.00", message: message)])
        return builder.build().map { envelope in
            guard case .testStepFinished(var finished) = envelope, finished.testStepResult.status == .failed else {
                return envelope
            }
            finished.testStepResult.exception?.stackTrace = Exception.stackTrace(frames)
            return .testStepFinished(finished)
        }
    }

    static let swiftPlace = StackFrame(file: "ShopAcceptance/ShopSteps.swift", line: 31, column: 13)

    @Test func `a failed step's problem has its feature place, its Swift place and one explanation`() throws {
        let query = RunQuery()
        query.update(contentsOf: Self.stream(frames: [Self.swiftPlace]))
        let attempt = try #require(query.countedAttempts.first)
        let problem = try #require(query.problems(in: attempt).first)
        #expect(query.problems(in: attempt).count == 1)
        #expect(problem.title == "Then the total is 99.00")
        #expect(problem.featurePlace == StackFrame(file: "features/sample.feature", line: 5, column: 5))
        #expect(problem.codePlace == Self.swiftPlace)
        #expect(problem.explanation == "the total: expected 99.0, got 13.5\nat ShopAcceptance/ShopSteps.swift:31:13")
        #expect(problem.text.hasPrefix("Then the total is 99.00 [failed]\nthe total: expected 99.0"))
    }

    @Test func `a table cell the step rejected is the problem's feature place`() throws {
        let cell = StackFrame(file: "features/sample.feature", line: 7, column: 9)
        let query = RunQuery()
        query.update(contentsOf: Self.stream(frames: [cell, Self.swiftPlace]))
        let attempt = try #require(query.countedAttempts.first)
        let problem = try #require(query.problems(in: attempt).first)
        #expect(problem.featurePlace == cell)
        #expect(problem.codePlace == Self.swiftPlace)
        // JUnit names the same place as the console and the editor.
        let junit = try render(Self.stream(frames: [cell, Self.swiftPlace])) { JUnitFormatter(output: $0) }
        #expect(junit.contains("Step: Then the total is 99.00\nat features/sample.feature:7:9"), "\(junit)")
    }

    @Test func `the console, HTML, JUnit and Markdown show the explanation with the Swift place`() throws {
        let stream = Self.stream(frames: [Self.swiftPlace])
        let explanation = "the total: expected 99.0, got 13.5\nat ShopAcceptance/ShopSteps.swift:31:13"
        let console = try render(stream) { SummaryFormatter(output: $0) }
        #expect(
            console.contains(
                "features/sample.feature:5:5: the total: expected 99.0, got 13.5\n"
                    + "       at ShopAcceptance/ShopSteps.swift:31:13"), "\(console)")
        let junit = try render(stream) { JUnitFormatter(output: $0) }
        #expect(junit.contains(explanation + "\n\nStep: Then the total is 99.00\nat features/sample.feature:5:5"))
        let html = try render(stream) { HTMLFormatter(output: $0) }
        #expect(html.contains("features/sample.feature:5:5 · ShopAcceptance/ShopSteps.swift:31:13"))
        #expect(html.contains("<div class=\"failure-message\">" + explanation + "</div>"))
        let markdown = try render(stream) { MarkdownFormatter(output: $0) }
        #expect(
            markdown.contains(
                "  ```\n  the total: expected 99.0, got 13.5\n  at ShopAcceptance/ShopSteps.swift:31:13\n"))
    }

    @Test func `the HTML's what-failed box shows the whole of a multi-line message`() throws {
        let stream = Self.stream(frames: [], message: "the letter:\nexpected: Dear Ada\n  actual: Dear Bob")
        let html = try render(stream) { HTMLFormatter(output: $0) }
        #expect(
            html.contains("<div class=\"failure-message\">the letter:\nexpected: Dear Ada\n  actual: Dear Bob</div>"))
    }
}
