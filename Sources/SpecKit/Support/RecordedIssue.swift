/// An issue Swift Testing recorded while a step or hook ran (a failed `#expect` or `#require`, `Issue.record`), as
/// the harness words it on every path: under `swift test` (read from the issue handed to the bridge's issue
/// handler) and on the command line (read from the event record Swift Testing hands to `TestingIssueHandler`).
///
/// Both paths build it from the same three parts, so a step fails with the same message whichever way it runs:
///
/// ```
/// Expectation failed: (world.cart.total → 13.5) == 99.0
/// the total after the discount
/// ```
package struct RecordedIssue: Sendable, Hashable {
    /// What failed, as Swift Testing describes the issue's kind: `Expectation failed: (x → 1) == 2`,
    /// `Issue recorded`, `Caught error: …`.
    package var summary: String
    /// What Swift Testing adds below it, in order: the difference of two collections, then each comment.
    package var details: [String]
    /// Where the expectation or `Issue.record` is written.
    package var location: CodeLocation?

    /// Creates an issue.
    package init(summary: String, details: [String] = [], location: CodeLocation? = nil) {
        self.summary = summary
        self.details = details
        self.location = location
    }

    /// The step's failure message: the summary, then each detail on its own line.
    package var message: String {
        ([summary] + details.filter { !$0.isEmpty }).joined(separator: "\n")
    }
}
