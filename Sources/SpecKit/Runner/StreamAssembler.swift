import Foundation
import Messages

/// The messages a run begins and ends with, and the stream of scenarios run one by one (the Swift Testing bridge's
/// reports) put together in the order `RunCoordinator.run` emits a whole run:
///
/// `meta`; each document's `source`, `gherkinDocument`, selected `pickle`s (or `parseError`s); the definitions;
/// `testRunStarted`; the `beforeAll` hooks' messages; every `testCase`; each test case's execution messages;
/// the `afterAll` hooks' messages; `testRunFinished`.
struct StreamAssembler: Sendable {
    let implementation: Product
    /// The definitions' messages: parameter types, step definitions and hooks, in registration order.
    let definitions: [Envelope]
    /// What is wrong in the step library (all but undefined parameter types fail the run).
    let problems: [StepLibraryError]

    /// The run's first message: this implementation and the CI it runs on.
    func meta() -> Envelope {
        .meta(
            Meta.current(
                implementation: implementation, ci: Ci.detect(environment: ProcessInfo.processInfo.environment)))
    }

    /// Emits each document's `source`, `gherkinDocument` and the pickles of `selected` (or its `parseError`s).
    func emitDocuments(_ plan: SpecPlan, selected: Set<String>, emit: (Envelope) -> Void) {
        for document in plan.documents {
            for envelope in document.result.envelopes {
                if case .pickle(let pickle) = envelope, !selected.contains(pickle.id) { continue }
                emit(envelope)
            }
        }
    }

    /// The run's last message: it succeeds when no scenario fails the run, every file parsed, no `beforeAll` or
    /// `afterAll` hook failed, the step library has no problem but undefined parameter types, and no issue was
    /// recorded off every step's task (`strayIssues`, or what a runner process said, `remoteException`: the run's
    /// exception then).
    func finished(
        testRunStartedId: String, failsRun: Bool, parsed: Bool, runHookFailure: String?,
        strayIssues: [RecordedIssue] = [], remoteException: Exception? = nil, at timestamp: Timestamp
    ) -> TestRunFinished {
        let fatal = problems.filter { problem in
            if case .undefinedParameterType = problem.kind { return false }
            return true
        }
        let libraryMessage = fatal.isEmpty ? nil : fatal.map(\.description).joined(separator: "\n")
        let stray = StrayIssues.exception(for: strayIssues) ?? remoteException
        let message = [libraryMessage, stray?.message].compactMap { $0 }.joined(separator: "\n")
        let success = !failsRun && parsed && runHookFailure == nil && fatal.isEmpty && stray == nil
        var exception = libraryMessage.map { Exception(type: "StepLibraryError", message: $0) } ?? stray
        exception?.message = message
        return TestRunFinished(
            message: message.isEmpty ? nil : message, success: success, timestamp: timestamp, exception: exception,
            testRunStartedId: testRunStartedId)
    }

    /// The whole stream of scenarios run one by one, in the order `RunCoordinator.run` emits a whole run: the
    /// plan's documents (with the pickles of `selected`), the definitions, the run hooks' messages and each
    /// scenario's messages (`runs`, in the order given). When a `beforeAll` hook failed, no test case is in it.
    func assemble(
        _ plan: SpecPlan, selected: Set<String>, testRunStartedId: String, startedAt: Timestamp,
        beforeAll: (envelopes: [Envelope], failure: String?), runs: [ScenarioRun],
        afterAll: (envelopes: [Envelope], failure: String?), finishedAt: Timestamp, strayIssues: [RecordedIssue] = []
    ) -> [Envelope] {
        var envelopes = [meta()]
        emitDocuments(plan, selected: selected) { envelopes.append($0) }
        envelopes += definitions
        envelopes.append(.testRunStarted(TestRunStarted(timestamp: startedAt, id: testRunStartedId)))
        envelopes += beforeAll.envelopes
        if beforeAll.failure == nil {
            envelopes += runs.map { .testCase($0.testCase) }
            for run in runs { envelopes += run.execution }
        }
        envelopes += afterAll.envelopes
        let finished = finished(
            testRunStartedId: testRunStartedId, failsRun: beforeAll.failure == nil && runs.contains(where: \.failsRun),
            parsed: plan.parseErrors.isEmpty, runHookFailure: beforeAll.failure ?? afterAll.failure,
            strayIssues: strayIssues, at: finishedAt)
        envelopes.append(.testRunFinished(finished))
        return envelopes
    }
}

/// One scenario run by itself (the Swift Testing bridge): its `testCase`, the messages of its attempts, and
/// whether it fails the run. The messages are its only result: issues and reports are read from them.
package struct ScenarioRun: Sendable {
    /// The test case run.
    package let testCase: TestCase
    /// Its attempts' messages, `testCaseStarted` to `testCaseFinished`, attachments and suggestions included.
    package let execution: [Envelope]
    /// Whether the scenario fails the run.
    package let failsRun: Bool

    /// Every message of the scenario: `testCase`, then its execution.
    package var envelopes: [Envelope] { [.testCase(testCase)] + execution }
}
