import Foundation
import Messages

/// The order of a run's messages, in one place: `emitRun` runs a run's phases in that order, whether they emit
/// as they go (a whole run) or replay what scenarios run one by one emitted (the Swift Testing bridge's reports):
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

    /// The phases of one run, each emitting its own messages through the `emit` it is given.
    struct Phases<Feed> {
        /// Emits the documents; returns what the test cases are made of and whether every document parsed.
        var documents:
            (_ emit: @escaping @Sendable (Envelope) -> Void) throws(SpecRunError) -> (feed: Feed, parsed: Bool)
        /// The `testRunStarted` id, drawn once the documents are out.
        var testRunStartedId: () -> String
        /// Runs the `beforeAll` or `afterAll` hooks; returns the first failure.
        var runHooks:
            (_ kind: HookKind, _ testRunStartedId: String, _ emit: @escaping @Sendable (Envelope) -> Void) async
                -> String?
        /// Emits every `testCase` of `feed`.
        var testCases:
            (_ feed: Feed, _ testRunStartedId: String, _ emit: @escaping @Sendable (Envelope) -> Void)
                throws(SpecRunError) -> Void
        /// Runs the test cases (emitting their execution messages); returns whether one fails the run.
        var execute:
            (_ feed: Feed, _ testRunStartedId: String, _ emit: @escaping @Sendable (Envelope) -> Void)
                async
                throws(SpecRunError) -> Bool
        /// The issues recorded off every step's task that no step could take (`RunningTestCases`): they fail
        /// the run.
        var strayIssues: () -> [RecordedIssue] = { [] }
        /// Waits for the end of the hooks and test cases run in another process; how they ended.
        var remoteOutcome: () async -> RemoteOutcome? = { nil }
    }

    /// Runs `phases` in the stream's order, between `meta` and `testRunFinished`; returns the last message and the
    /// first failure of a `beforeAll`/`afterAll` hook. When a `beforeAll` hook fails, no test case is emitted or run.
    func emitRun<Feed>(
        startedAt: Timestamp, finishedAt: () -> Timestamp, emit: @escaping @Sendable (Envelope) -> Void,
        _ phases: Phases<Feed>
    ) async throws(SpecRunError) -> (finished: TestRunFinished, runHookFailure: String?) {
        emit(
            .meta(
                Meta.current(
                    implementation: implementation, ci: Ci.detect(environment: ProcessInfo.processInfo.environment))))
        let (feed, parsed) = try phases.documents(emit)
        for envelope in definitions { emit(envelope) }
        let runId = phases.testRunStartedId()
        emit(.testRunStarted(TestRunStarted(timestamp: startedAt, id: runId)))
        var runHookFailure = await phases.runHooks(.beforeAll, runId, emit)
        var failsRun = false
        if runHookFailure == nil {
            try phases.testCases(feed, runId, emit)
            failsRun = try await phases.execute(feed, runId, emit)
        }
        let afterFailure = await phases.runHooks(.afterAll, runId, emit)
        runHookFailure = runHookFailure ?? afterFailure
        let remote = await phases.remoteOutcome()
        if remote?.failsRun == true { failsRun = true }
        let finished = finished(
            testRunStartedId: runId, failsRun: failsRun, parsed: parsed, runHookFailure: runHookFailure,
            strayIssues: phases.strayIssues(), remoteException: remote?.exception, at: finishedAt())
        emit(.testRunFinished(finished))
        return (finished, runHookFailure)
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

    /// The whole stream of scenarios run one by one: the plan's documents (with the pickles of `selected`), the
    /// run hooks' messages and each scenario's messages (`runs`, in the order given), replayed through `emitRun`.
    func assemble(
        _ plan: SpecPlan, selected: Set<String>, testRunStartedId: String, startedAt: Timestamp,
        beforeAll: (envelopes: [Envelope], failure: String?), runs: [ScenarioRun],
        afterAll: (envelopes: [Envelope], failure: String?), finishedAt: Timestamp, strayIssues: [RecordedIssue] = []
    ) async -> [Envelope] {
        let collected = MessageCollector()
        var phases = Phases<[ScenarioRun]>(
            documents: { emit in
                emitDocuments(plan, selected: selected, emit: emit)
                return (runs, plan.parseErrors.isEmpty)
            },
            testRunStartedId: { testRunStartedId },
            runHooks: { kind, _, emit in
                let hooks = kind == .beforeAll ? beforeAll : afterAll
                for envelope in hooks.envelopes { emit(envelope) }
                return hooks.failure
            },
            testCases: { runs, _, emit in
                for run in runs { emit(.testCase(run.testCase)) }
            },
            execute: { runs, _, emit in
                for run in runs { for envelope in run.execution { emit(envelope) } }
                return runs.contains(where: \.failsRun)
            })
        phases.strayIssues = { strayIssues }
        do {
            _ = try await emitRun(
                startedAt: startedAt, finishedAt: { finishedAt }, emit: { collected.emit($0) }, phases)
        } catch {
            // Replaying stored messages throws nothing.
        }
        return collected.takeEnvelopes()
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
