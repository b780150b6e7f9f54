import Messages
import SpecKit
import Synchronization
import Testing

@testable import SpecKitTesting

/// How the bridge words an issue Swift Testing recorded in a step: its kind, then the difference it computed (read
/// from its non-public `Expectation` by `SwiftTestingMirror`), then each comment.
@Suite struct IssueWordingTests {
    /// The issue a failed `#expect` in `body` records, as the bridge words it.
    private func recorded(_ body: () -> Void) -> RecordedIssue? {
        let captured = Mutex<RecordedIssue?>(nil)
        withKnownIssue {
            body()
        } matching: { issue in
            captured.withLock { $0 = SpecSuite<CounterWorld>.recordedIssue(issue) }
            return true
        }
        return captured.withLock { $0 }
    }

    @Test func `two collections that differ are worded with the difference, before the comment`() throws {
        let issue = try #require(recorded { #expect([1, 2, 3] == [1, 4, 3], "the feed's order") })
        #expect(issue.summary.hasPrefix("Expectation failed: "), "\(issue.summary)")
        #expect(issue.details.count == 2, "\(issue.details)")
        let difference = try #require(issue.details.first)
        #expect(difference.contains("2") && difference.contains("4"), "\(difference)")
        #expect(issue.details.last == "the feed's order")
        #expect(issue.location?.fileID.hasSuffix("IssueWordingTests.swift") == true)
    }

    @Test func `two numbers have no difference to show: the comment alone follows the summary`() throws {
        let issue = try #require(recorded { #expect(1 + 1 == 3, "arithmetic") })
        #expect(issue.details == ["arithmetic"])
    }

    @Test func `a value that is no expectation has no difference`() {
        #expect(SwiftTestingMirror.differenceDescription(ofExpectation: 42) == nil)
        #expect(SwiftTestingMirror.differenceDescription(ofExpectation: "text") == nil)
    }
}
