import Messages

/// The order of a run's messages, in one place, for a run emitting them as it goes and for scenarios run one by
/// one whose messages are put together afterwards (the Swift Testing bridge's reports):
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

    /// Emits what comes before the first hook runs: `meta`, the documents (with only the pickles of `selected`),
    /// the definitions and `testRunStarted`.
    func prelude(
        _ plan: SpecPlan, selected: Set<String>, testRunStarted: TestRunStarted, emit: (Envelope) -> Void
    ) {
        emit(.meta(Meta.current(implementation: implementation)))
        emitDocuments(plan, selected: selected, emit: emit)
        for envelope in definitions { emit(envelope) }
        emit(.testRunStarted(testRunStarted))
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
    /// `afterAll` hook failed and the step library has no problem but undefined parameter types.
    func finished(
        testRunStartedId: String, failsRun: Bool, parsed: Bool, runHookFailure: String?, at timestamp: Timestamp
    ) -> TestRunFinished {
        let fatal = problems.filter { problem in
            if case .undefinedParameterType = problem.kind { return false }
            return true
        }
        let message = fatal.isEmpty ? nil : fatal.map(\.description).joined(separator: "\n")
        let success = !failsRun && parsed && runHookFailure == nil && fatal.isEmpty
        return TestRunFinished(
            message: message, success: success, timestamp: timestamp,
            exception: message.map { Exception(type: "StepLibraryError", message: $0) },
            testRunStartedId: testRunStartedId)
    }

    /// The whole stream of scenarios run one by one: their results' messages (in the order given) and the run
    /// hooks' messages, put in the order a whole run emits them.
    func assemble(
        _ plan: SpecPlan, selected: Set<String>, testRunStarted: TestRunStarted, beforeAll: [Envelope],
        results: [ScenarioResult], afterAll: [Envelope], runHookFailure: String?, finishedAt: Timestamp
    ) -> [Envelope] {
        var envelopes: [Envelope] = []
        prelude(plan, selected: selected, testRunStarted: testRunStarted) { envelopes.append($0) }
        envelopes += beforeAll
        var execution: [Envelope] = []
        for result in results {
            for envelope in result.envelopes {
                if case .testCase = envelope { envelopes.append(envelope) } else { execution.append(envelope) }
            }
        }
        envelopes += execution
        envelopes += afterAll
        let finished = finished(
            testRunStartedId: testRunStarted.id ?? "", failsRun: results.contains(where: \.failsRun),
            parsed: plan.parseErrors.isEmpty, runHookFailure: runHookFailure, at: finishedAt)
        envelopes.append(.testRunFinished(finished))
        return envelopes
    }
}
