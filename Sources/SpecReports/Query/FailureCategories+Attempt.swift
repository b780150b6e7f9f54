import Messages

extension FailureCategories {
    /// The categories of `attempt`, by its worst step (its first step with the attempt's status): every rule that
    /// takes it, else its built-in category. Empty for an attempt that passed, was skipped or did not finish.
    ///
    /// Every report asks this of every failing scenario, so it reads the step's result alone: no explanation, no
    /// did-you-mean; the step's words only when a rule may match a message and the result has none.
    public func names(of attempt: TestCaseAttempt, query: RunQuery) -> [String] {
        let status = attempt.status
        guard RunQuery.isProblem(status) else { return [] }
        let index = attempt.stepResults.firstIndex { $0?.status == status }
        // A step result is what says why; without one (a stream that lost it), the status alone decides.
        let result = index.flatMap { attempt.stepResults[$0] } ?? TestStepResult(duration: .zero, status: status)
        var step = ""
        if !rules.isEmpty, result.message == nil, result.exception?.message == nil, let index {
            let testStep = attempt.testCase.testSteps[index]
            if let pickleStep = testStep.pickleStepId.flatMap({ query.pickleStep(id: $0) }) {
                step = query.keyword(of: pickleStep) + pickleStep.text
            } else {
                let isBefore = attempt.testCase.testSteps[...index].allSatisfy { $0.pickleStepId == nil }
                step = ReportText.hookKeyword(testStep.hookId.flatMap { query.hook(id: $0) }, isBefore: isBefore)
            }
        }
        guard let failure = CategorizedFailure(result: result, step: step) else { return [] }
        return names(of: failure)
    }
}
