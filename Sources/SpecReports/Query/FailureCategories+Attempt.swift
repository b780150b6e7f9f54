import Messages

extension FailureCategories {
    /// The categories of `attempt`, by its worst step (its first step with the attempt's status): every rule that
    /// takes it, else its built-in category. Empty for an attempt that passed, was skipped or did not finish.
    public func names(of attempt: TestCaseAttempt, query: RunQuery) -> [String] {
        let status = attempt.status
        guard RunQuery.isProblem(status) else { return [] }
        let problem = query.problems(in: attempt).first { $0.status == status }
        // A step result is what says why; without one (a stream that lost it), the status alone decides.
        let result = problem?.result ?? TestStepResult(duration: .zero, status: status)
        guard let failure = CategorizedFailure(result: result, step: problem?.title ?? "") else { return [] }
        return names(of: failure)
    }
}
