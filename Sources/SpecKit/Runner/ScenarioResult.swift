import Gherkin
import Messages

/// What running one scenario gave: its status, each step's result, and the messages it produced.
///
/// ```swift
/// let result = await runner.run(scenario, in: plan)
/// if let step = result.failingStep {
///     print("\(step.uri):\(step.line):\(step.column): \(step.text): \(step.message ?? "")")
/// }
/// ```
package struct ScenarioResult: Sendable {
    /// The scenario.
    package var scenario: ScenarioInfo
    /// The worst status of its steps and hooks (of the last attempt).
    package var status: TestStepResultStatus
    /// Each test step of the last attempt, hooks included, in the order they ran.
    package var steps: [StepResult]
    /// How many attempts were made (more than 1 when failures were retried).
    package var attempts: Int
    /// Whether the scenario fails the run: failed, or (when strict) undefined, pending or ambiguous, unless it
    /// is tagged as work in progress.
    package var failsRun: Bool
    /// Whether the scenario carries the work-in-progress tag.
    package var isWorkInProgress: Bool
    /// The scenario's messages, every attempt: `testCase`, `testCaseStarted`, `testStepStarted`,
    /// `attachment`, `suggestion`, `testStepFinished`, `testCaseFinished`.
    package var envelopes: [Envelope]

    /// Creates a result.
    package init(
        scenario: ScenarioInfo, status: TestStepResultStatus, steps: [StepResult], attempts: Int, failsRun: Bool,
        isWorkInProgress: Bool, envelopes: [Envelope]
    ) {
        self.scenario = scenario
        self.status = status
        self.steps = steps
        self.attempts = attempts
        self.failsRun = failsRun
        self.isWorkInProgress = isWorkInProgress
        self.envelopes = envelopes
    }

    /// The first step or hook that did not pass and was not skipped (failed, undefined, pending, ambiguous).
    package var failingStep: StepResult? {
        steps.first { $0.status != .passed && $0.status != .skipped }
    }
}

/// The result of one test step: a Gherkin step, or a hook.
package struct StepResult: Sendable {
    /// What the test step is.
    package enum Kind: Sendable, Hashable {
        /// A step of the `.feature` file.
        case step
        /// A before/after scenario hook.
        case hook(HookInfo)
    }

    /// A step or a hook.
    package var kind: Kind
    /// The step's keyword as written (`Given `, `And `...); empty for a hook.
    package var keyword: String
    /// The step's text (placeholders filled in), or the hook's description.
    package var text: String
    /// The `.feature` file.
    package var uri: String
    /// The step's line in the `.feature` file (the scenario's line for a hook).
    package var line: Int
    /// The step's column in the `.feature` file (the scenario's column for a hook).
    package var column: Int
    /// The result status.
    package var status: TestStepResultStatus
    /// The failure message (failed, pending with a reason, ambiguous, undefined), as in `testStepFinished`.
    package var message: String?
    /// How long it ran.
    package var duration: MessageDuration
    /// The definition that matched (nil when undefined or ambiguous, or for a hook).
    package var definition: StepDefinitionInfo?
    /// Where the failing expectation was written (a `StepFailure`), or the definition/hook for other errors.
    package var failureLocation: CodeLocation?
    /// For an undefined step: a ready-to-paste Swift definition.
    package var snippet: String?
    /// For an undefined step: the closest existing step expressions ("did you mean"), at most 3.
    package var suggestions: [String]
    /// For an ambiguous step: every matching definition, with its file and line.
    package var ambiguousDefinitions: [StepDefinitionInfo]
    /// The id of the pickle step (nil for a hook).
    package var pickleStepId: String?

    /// Creates a step result.
    package init(
        kind: Kind, keyword: String, text: String, uri: String, line: Int, column: Int,
        status: TestStepResultStatus, message: String? = nil, duration: MessageDuration = .zero,
        definition: StepDefinitionInfo? = nil, failureLocation: CodeLocation? = nil, snippet: String? = nil,
        suggestions: [String] = [], ambiguousDefinitions: [StepDefinitionInfo] = [], pickleStepId: String? = nil
    ) {
        self.kind = kind
        self.keyword = keyword
        self.text = text
        self.uri = uri
        self.line = line
        self.column = column
        self.status = status
        self.message = message
        self.duration = duration
        self.definition = definition
        self.failureLocation = failureLocation
        self.snippet = snippet
        self.suggestions = suggestions
        self.ambiguousDefinitions = ambiguousDefinitions
        self.pickleStepId = pickleStepId
    }

    /// A readable report: location, step, message, Swift location, snippet, suggestions, ambiguous matches.
    package var report: String {
        var lines = ["\(uri):\(line):\(column): \(keyword)\(text) [\(status.rawValue)]"]
        if let message { lines.append(message) }
        if let failureLocation {
            lines.append("at \(failureLocation)")
        } else if let definition {
            lines.append("step definition: \(definition)")
        }
        if !ambiguousDefinitions.isEmpty {
            lines.append("matches:")
            lines += ambiguousDefinitions.map { "  \($0)" }
        }
        if let snippet { lines.append("Define it with:\n\(snippet)") }
        if !suggestions.isEmpty {
            lines.append("Did you mean:")
            lines += suggestions.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}

/// How a whole run went.
public struct RunSummary: Sendable {
    /// Whether the run succeeded: no failing scenario, no parse error, no failing `beforeAll`/`afterAll` hook.
    public var success: Bool
    /// Scenarios by status (last attempts).
    public var scenarios: StatusCounts
    /// Steps by status (last attempts; hooks not counted).
    public var steps: StatusCounts
    /// The results of the first `RunTally.keptLimit` scenarios that did not pass or were retried, in the order
    /// they finished (a passing scenario is only counted in `scenarios` and `steps`, and a large run whose
    /// scenarios all fail, or a dry run, keeps no more than that; every result's messages are in the stream).
    package var results: [ScenarioResult]
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
        success: Bool, scenarios: StatusCounts, steps: StatusCounts, results: [ScenarioResult],
        parseErrors: [GherkinError], problems: [StepLibraryError], runHookFailure: String?,
        duration: MessageDuration
    ) {
        self.success = success
        self.scenarios = scenarios
        self.steps = steps
        self.results = results
        self.parseErrors = parseErrors
        self.problems = problems
        self.runHookFailure = runHookFailure
        self.duration = duration
    }
}
