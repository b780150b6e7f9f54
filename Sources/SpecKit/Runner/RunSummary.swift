import Gherkin
import Messages

/// How a whole run went, in counts. What each scenario and step did is in the message stream the run emitted,
/// which every report and the Swift Testing bridge read.
public struct RunSummary: Sendable {
    /// Whether the run succeeded: no failing scenario, no parse error, no failing `beforeAll`/`afterAll` hook.
    public var success: Bool
    /// Scenarios by status (last attempts).
    public var scenarios: StatusCounts
    /// Steps by status (last attempts; hooks not counted).
    public var steps: StatusCounts
    /// The `.feature` files that could not be parsed.
    public var parseErrors: [GherkinError]
    /// What is wrong in the step library.
    public var problems: [StepLibraryError]
    /// The first failure of a `beforeAll`/`afterAll` hook, if any.
    public var runHookFailure: String?
    /// From `testRunStarted` to `testRunFinished`.
    public var duration: MessageDuration

    /// Creates a summary.
    package init(
        success: Bool, scenarios: StatusCounts, steps: StatusCounts, parseErrors: [GherkinError],
        problems: [StepLibraryError], runHookFailure: String?,
        duration: MessageDuration
    ) {
        self.success = success
        self.scenarios = scenarios
        self.steps = steps
        self.parseErrors = parseErrors
        self.problems = problems
        self.runHookFailure = runHookFailure
        self.duration = duration
    }
}
