import Gherkin
import Messages
import SpecKit

/// The run's summary, counted from its message stream, for a run whose steps ran in runner processes: what the
/// command says after the run (parse errors, a failed run hook, success) from what the reports read too.
struct RunSummaryTally: Sendable {
    private var stepIsPickleStep: [String: Bool] = [:]
    private var attempts: [String: (testCaseId: String, worst: TestStepResultStatus, steps: StatusCounts)] = [:]
    private var hooks: [String: Hook] = [:]
    private var runHookNames: [String: String] = [:]
    private var scenarios = StatusCounts()
    private var steps = StatusCounts()
    private var parseErrors: [GherkinError] = []
    private var runHookFailure: String?
    private var startedAt: Timestamp?
    private var finished: TestRunFinished?

    /// Whether nothing was observed yet.
    var isEmpty: Bool { startedAt == nil && parseErrors.isEmpty && stepIsPickleStep.isEmpty }

    mutating func observe(_ envelope: Envelope) {
        switch envelope {
        case .parseError(let error):
            parseErrors.append(Self.gherkinError(error))
        case .hook(let hook):
            hooks[hook.id] = hook
        case .testCase(let testCase):
            for step in testCase.testSteps { stepIsPickleStep[step.id] = step.pickleStepId != nil }
        case .testRunStarted(let started):
            startedAt = started.timestamp
        case .testCaseStarted(let started):
            attempts[started.id] = (started.testCaseId, .passed, StatusCounts())
        case .testStepFinished(let finished):
            guard var attempt = attempts[finished.testCaseStartedId] else { return }
            attempt.worst = max(attempt.worst, finished.testStepResult.status)
            if stepIsPickleStep[finished.testStepId] == true { attempt.steps.add(finished.testStepResult.status) }
            attempts[finished.testCaseStartedId] = attempt
        case .testCaseFinished(let finished):
            guard let attempt = attempts.removeValue(forKey: finished.testCaseStartedId), !finished.willBeRetried
            else { return }
            scenarios.add(attempt.worst)
            steps.add(attempt.steps)
        case .testRunHookStarted(let started):
            let hook = hooks[started.hookId]
            let place = hook.map { "\($0.sourceReference.uri ?? "?"):\($0.sourceReference.location?.line ?? 0)" }
            runHookNames[started.id] = (hook?.name.map { "\($0) " } ?? "") + "(\(place ?? "a run hook"))"
        case .testRunHookFinished(let finished):
            if finished.result.status == .failed, runHookFailure == nil {
                runHookFailure =
                    "\(runHookNames[finished.testRunHookStartedId] ?? "a run hook"): "
                    + (finished.result.message ?? "failed")
            }
        case .testRunFinished(let runFinished):
            finished = runFinished
        default:
            break
        }
    }

    /// The summary of what was observed; `problems` are the step library's.
    func summary(problems: [StepLibraryError]) -> RunSummary {
        let duration = startedAt.flatMap { start in finished.map { start.duration(to: $0.timestamp) } } ?? .zero
        return RunSummary(
            success: finished?.success ?? false, scenarios: scenarios, steps: steps, parseErrors: parseErrors,
            problems: problems, runHookFailure: runHookFailure, duration: duration)
    }

    /// A `parseError` message as the parser's error: its `(line:column): ` prefix is the place.
    static func gherkinError(_ error: ParseError) -> GherkinError {
        let uri = error.source.uri ?? ""
        let line = error.source.location?.line ?? 0
        let column = error.source.location?.column
        var message = error.message
        if message.hasPrefix("("), let close = message.range(of: "): ") {
            message = String(message[close.upperBound...])
        }
        return GherkinError(uri: uri, line: line, column: column, message: message)
    }
}
