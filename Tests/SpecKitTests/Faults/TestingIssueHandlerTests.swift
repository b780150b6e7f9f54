import Messages
import Testing

@testable import SpecKit

/// The records Swift Testing 6.3 hands its fallback event handler, as this toolchain writes them (captured from a
/// probe that records issues outside any test), and what the harness reads in them.
@Suite struct TestingIssueHandlerTests {
    static func record(issue: String, messages: String) -> [UInt8] {
        Array(
            """
            {"kind":"event","payload":{"instant":{"absolute":513.88,"since1970":1795625419.67},"issue":\(issue),\
            "kind":"issueRecorded","messages":\(messages)},"version":"6.3.0"}
            """.utf8)
    }

    static let location = """
        {"_filePath":"/tmp/probe/Sources/probe/main.swift","column":13,"fileID":"probe/main.swift",\
        "filePath":"/tmp/probe/Sources/probe/main.swift","line":18}
        """

    @Test func `a failed #expect is an issue with its text, its comment and its place`() {
        let record = Self.record(
            issue: #"{"isFailure":true,"isKnown":false,"severity":"error","sourceLocation":\#(Self.location)}"#,
            messages:
                #"[{"symbol":"fail","text":"Expectation failed: (x → 1) == 2"},{"symbol":"details","text":"a comment"}]"#
        )
        let expected = RecordedIssue(
            summary: "Expectation failed: (x → 1) == 2", details: ["a comment"],
            location: CodeLocation(
                fileID: "probe/main.swift", filePath: "/tmp/probe/Sources/probe/main.swift", line: 18, column: 13))
        #expect(TestingIssueHandler.read(record) == .issue(expected))
        #expect(expected.message == "Expectation failed: (x → 1) == 2\na comment")
    }

    @Test func `the difference of two collections comes before the comments`() {
        let record = Self.record(
            issue: #"{"isFailure":true,"isKnown":false,"severity":"error","sourceLocation":\#(Self.location)}"#,
            messages: #"""
                [{"symbol":"fail","text":"Expectation failed: (a → [1]) == (b → [2])"},\#
                {"symbol":"difference","text":"inserted [1], removed [2]"},{"symbol":"details","text":"why"}]
                """#)
        guard case .issue(let issue) = TestingIssueHandler.read(record) else {
            Issue.record("not read as an issue")
            return
        }
        #expect(issue.details == ["inserted [1], removed [2]", "why"])
    }

    @Test(arguments: [
        #"{"isFailure":false,"isKnown":true,"severity":"error"}"#,
        #"{"isFailure":false,"isKnown":false,"severity":"warning"}"#,
        #"{"isKnown":true}"#,
        #"{"isKnown":false,"severity":"warning"}"#,
    ])
    func `a known issue or a warning fails nothing`(issue: String) {
        let record = Self.record(issue: issue, messages: #"[{"symbol":"warning","text":"Issue recorded"}]"#)
        #expect(TestingIssueHandler.read(record) == .ignored)
    }

    @Test func `a record older than Swift 6.3, without isFailure, fails when it is neither known nor a warning`() {
        let record = Self.record(
            issue: #"{"isKnown":false}"#, messages: #"[{"symbol":"fail","text":"Issue recorded"}]"#)
        #expect(TestingIssueHandler.read(record) == .issue(RecordedIssue(summary: "Issue recorded")))
    }

    @Test func `events that are not issues are ignored`() {
        let record = Array(#"{"kind":"event","payload":{"kind":"valueAttached","messages":[]},"version":"6.3.0"}"#.utf8)
        #expect(TestingIssueHandler.read(record) == .ignored)
        #expect(TestingIssueHandler.read(Array("not json".utf8)) == .ignored)
    }

    @Test func `an issue record the harness cannot read fails the step rather than passing it`() {
        #expect(
            TestingIssueHandler.read(Array(#"{"kind":"event","payload":{"kind":"issueRecorded"}}"#.utf8))
                == .unreadable("no issue in the record"))
        #expect(
            TestingIssueHandler.read(
                Self.record(issue: #"{"isFailure":true,"isKnown":false}"#, messages: "[]"))
                == .unreadable("an issue without messages"))
        #expect(TestingIssueHandler.read(Array(#"{"kind":"issueRecorded", oops"#.utf8)) == .unreadable("not JSON"))
    }

    @Test func `the command warns only when issues recorded in steps would go unseen`() {
        #expect(TestingIssueHandler.Status.installed.warning == nil)
        #expect(TestingIssueHandler.Status.testingNotLoaded.warning == nil)
        let warning = TestingIssueHandler.Status.unavailable("no handler").warning ?? ""
        #expect(warning.contains("no handler") && warning.contains("try #require"))
    }

    @Test func `issues recorded in a step fail it, their places first in the stack trace`() {
        let issues = [
            RecordedIssue(
                summary: "first", location: CodeLocation(fileID: "M/A.swift", filePath: "/A", line: 3, column: 5)),
            RecordedIssue(summary: "second", details: ["why"]),
        ]
        let thrown = BodyOutcome(error: StepFailure("thrown", line: 9, column: 2), location: nil)
        let outcome = thrown.adding(recordedFailures: issues)
        #expect(outcome.status == .failed)
        #expect(outcome.message == "first\nsecond\nwhy\nthrown")
        #expect(
            outcome.exception?.frames.map(\.description) == [
                "M/A.swift:3:5", "SpecKitTests/TestingIssueHandlerTests.swift:9:2",
            ])
        #expect(BodyOutcome.passed.adding(recordedFailures: []).status == .passed)
    }
}
