import Messages

/// A test step of an attempt that did not pass (failed, undefined, ambiguous or pending), with what every report
/// says about it, read from the stream: the one wording of a failure that the console, JUnit, HTML, Markdown and
/// the Swift Testing bridge all show.
///
/// ```swift
/// for problem in query.problems(in: attempt) {
///     print("\(problem.featurePlace): \(problem.title)")
///     print(problem.explanation)   // the message, then `at ShopAcceptance/ShopSteps.swift:31:13`
/// }
/// ```
public struct StepProblem {
    /// The attempt.
    public let attempt: TestCaseAttempt
    /// The position of the test step in `attempt.testCase.testSteps`.
    public let index: Int
    /// The test step.
    public let testStep: TestStep
    /// Its result.
    public let result: TestStepResult
    /// The pickle step, for a Gherkin step (nil for a hook).
    public let pickleStep: PickleStep?
    /// The step as written (`Then the total is 99.00`), or the hook's keyword (`Before`, `After`).
    public let title: String
    /// Where in the `.feature` file the problem is: the place the failure names in the step's own file (a data
    /// table cell the step rejected), else the step's line and column, else the scenario's (for a hook).
    public let featurePlace: StackFrame
    /// Where in the code it failed: the Swift line of the failed expectation or of the step definition that threw
    /// (the first stack frame outside the `.feature` file); nil when the failure names none.
    public let codePlace: StackFrame?
    /// The step definition's or hook's `file:line`, when one ran.
    public let definitionLocation: String?
    /// Why the step did not pass, in the one wording of every report.
    public let explanation: String

    /// The status.
    public var status: TestStepResultStatus { result.status }

    /// The whole problem as one text, as a test issue shows it: the step and its status, the explanation, and the
    /// step definition's place when the failure does not already name it.
    ///
    /// ```
    /// Then the total is 99.00 [failed]
    /// Expectation failed: (world.cart.total → 13.5) == 99.0
    /// at ShopAcceptance/ShopSteps.swift:31:13
    /// step definition ShopAcceptance/ShopSteps.swift:30
    /// ```
    public var text: String {
        var lines = ["\(title) [\(status.rawValue.lowercased())]"]
        if !explanation.isEmpty { lines.append(explanation) }
        if let definitionLocation, codePlace.map({ "\($0.file):\($0.line)" }) != definitionLocation {
            lines.append("step definition \(definitionLocation)")
        }
        return lines.joined(separator: "\n")
    }
}

extension RunQuery {
    /// The steps of `attempt` that did not pass and were not skipped, in order.
    public func problems(in attempt: TestCaseAttempt) -> [StepProblem] {
        var problems: [StepProblem] = []
        var isBeforeHook = true
        for (index, testStep) in attempt.testCase.testSteps.enumerated() {
            isBeforeHook = isBeforeHook && testStep.pickleStepId == nil
            guard let result = attempt.stepResults[index], Self.isProblem(result.status) else { continue }
            problems.append(problem(in: attempt, at: index, result: result, isBeforeHook: isBeforeHook))
        }
        return problems
    }

    /// Whether a step of `status` is reported as a problem: failed, undefined, ambiguous or pending.
    package static func isProblem(_ status: TestStepResultStatus) -> Bool {
        status == .failed || status == .undefined || status == .ambiguous || status == .pending
    }

    private func problem(
        in attempt: TestCaseAttempt, at index: Int, result: TestStepResult, isBeforeHook: Bool
    ) -> StepProblem {
        let testStep = attempt.testCase.testSteps[index]
        let step = testStep.pickleStepId.flatMap { self.pickleStep(id: $0) }
        let title =
            step.map { keyword(of: $0) + $0.text }
            ?? ReportText.hookKeyword(testStep.hookId.flatMap { hook(id: $0) }, isBefore: isBeforeHook)
        let uri = attempt.pickle?.uri ?? ""
        let frames = result.exception?.frames ?? []
        let ownPlace = step.flatMap { gherkinStep(of: $0) }.map {
            StackFrame(file: uri, line: $0.location.line, column: $0.location.column ?? 1)
        }
        let scenarioPlace = attempt.pickle.map { pickle in
            StackFrame(file: uri, line: lineage(of: pickle)?.line ?? pickle.location?.line ?? 1, column: 1)
        }
        let featurePlace =
            frames.first { $0.file == uri } ?? ownPlace ?? scenarioPlace ?? StackFrame(file: uri, line: 1)
        return StepProblem(
            attempt: attempt, index: index, testStep: testStep, result: result, pickleStep: step, title: title,
            featurePlace: featurePlace, codePlace: frames.first { !$0.file.hasSuffix(".feature") && $0.file != uri },
            definitionLocation: codeLocation(of: testStep),
            explanation: explanation(of: testStep, result: result))
    }

    /// Why a test step did not pass, in the one wording every report uses; empty for a step that passed or was
    /// skipped.
    ///
    /// - failed: the message, then the places of the stack trace (`at ShopAcceptance/ShopSteps.swift:31:13`);
    /// - undefined: `Undefined step: no step definition matches it.`, the closest steps (`Did you mean:`) and the
    ///   snippet that defines it (`Implement it with:`);
    /// - ambiguous: every matching definition with its place;
    /// - pending: `Pending: ` and the reason, or `Pending: the step is not implemented yet.`
    public func explanation(of testStep: TestStep, result: TestStepResult?) -> String {
        switch result?.status ?? .unknown {
        case .failed:
            return result.map(ReportText.failureText) ?? "Failed."
        case .ambiguous:
            return result?.message ?? ambiguityText(testStep)
        case .undefined:
            var text = "Undefined step: no step definition matches it."
            let pickleStepId = testStep.pickleStepId
            if let didYouMean = pickleStepId.flatMap({ didYouMeanText(forPickleStep: $0) }) {
                text += "\n" + didYouMean
            }
            if let snippet = pickleStepId.flatMap({ snippetText(forPickleStep: $0) }) {
                text += "\nImplement it with:\n\n" + ReportText.indent(snippet, by: 2)
            }
            return text
        case .pending:
            return "Pending: " + (result?.message ?? "the step is not implemented yet.")
        case .passed, .skipped, .unknown:
            return ""
        }
    }
}
