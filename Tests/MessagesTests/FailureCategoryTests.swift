import Messages
import Testing

@Suite("Failure categories: the team's rules as Allure applies them, then the built-in ones")
struct FailureCategoryTests {
    private static func result(_ status: TestStepResultStatus, type: String? = nil, message: String? = nil)
        -> TestStepResult
    {
        TestStepResult(
            duration: .zero, message: message, status: status,
            exception: type.map { Exception(type: $0, message: message, stackTrace: "at Shop/Steps.swift:31:13") })
    }

    private static func failure(
        _ status: TestStepResultStatus, type: String? = nil, message: String? = nil, step: String = "Then it works"
    ) throws -> CategorizedFailure {
        try #require(CategorizedFailure(result: result(status, type: type, message: message), step: step))
    }

    @Test(
        "with no rule, each failure falls in the built-in category of its kind",
        arguments: [
            (TestStepResultStatus.failed, "ExpectationFailed", "Product defects"),
            (.failed, "StepFailure", "Product defects"),
            (.failed, "TimeoutError", "Broken tests"),
            (.failed, "DataTableError", "Broken tests"),
            (.failed, "URLError", "Broken tests"),
            (.failed, "Crash", "Crashes"),
            (.undefined, nil, "Undefined steps"),
            (.ambiguous, nil, "Ambiguous steps"),
            (.pending, nil, "Pending steps"),
        ] as [(TestStepResultStatus, String?, String)])
    func builtIn(status: TestStepResultStatus, type: String?, expected: String) throws {
        #expect(FailureCategories().names(of: try Self.failure(status, type: type, message: "m")) == [expected])
    }

    @Test("a step that passed or was skipped is no failure")
    func notAFailure() {
        #expect(CategorizedFailure(result: Self.result(.passed), step: "Given x") == nil)
        #expect(CategorizedFailure(result: Self.result(.skipped), step: "Given x") == nil)
    }

    @Test("a rule takes a failure of a status it names whose whole message matches, across lines")
    func ruleMatches() throws {
        let categories = try FailureCategories([
            FailureCategory(name: "Server down", matchedStatuses: [.broken], messageRegex: ".*connect.*"),
            FailureCategory(name: "Wording", matchedStatuses: [.failed], messageRegex: "Expected.*message.*"),
        ])
        let down = try Self.failure(.failed, type: "URLError", message: "first line\ncould not connect\nlast")
        #expect(categories.names(of: down) == ["Server down"])
        let wording = try Self.failure(.failed, type: "ExpectationFailed", message: "Expected the error message")
        #expect(categories.names(of: wording) == ["Wording"])
        // The same message with another status: no rule takes it, the built-in one does.
        let thrown = try Self.failure(.failed, type: "DecodingError", message: "Expected the error message")
        #expect(categories.names(of: thrown) == ["Broken tests"])
        // The regex must match the whole message, as Java's matches() does: a part is not enough.
        let part = try Self.failure(.failed, type: "ExpectationFailed", message: "We Expected the message")
        #expect(categories.names(of: part) == ["Product defects"])
    }

    @Test("a failure takes every rule that matches it, in the rules' order; a rule without statuses takes any")
    func severalRules() throws {
        let categories = try FailureCategories([
            FailureCategory(name: "Anything"),
            FailureCategory(name: "Timeouts", traceRegex: "TimeoutError: .*"),
        ])
        let timeout = try Self.failure(.failed, type: "TimeoutError", message: "ran 3 s")
        #expect(categories.names(of: timeout) == ["Anything", "Timeouts"])
        #expect(categories.names(of: try Self.failure(.undefined)) == ["Anything"])
        #expect(categories.orderedNames.prefix(3) == ["Anything", "Timeouts", "Product defects"])
    }

    @Test("the trace is the type, the message and the places; an undefined step's message names the step")
    func traceAndMessage() throws {
        let failed = try Self.failure(.failed, type: "TimeoutError", message: "ran 3 s")
        #expect(failed.trace == "TimeoutError: ran 3 s\nat Shop/Steps.swift:31:13")
        let undefined = try Self.failure(.undefined, step: "When the customer dances")
        #expect(undefined.message == "Undefined step: When the customer dances")
    }

    @Test("a rule whose regular expression does not compile, or without a name, is refused naming it")
    func badRules() {
        #expect(
            throws: FailureCategoryError(
                index: 1, name: "b", field: "traceRegex", reason: "\"(\" is not a valid regular expression")
        ) {
            try FailureCategories([FailureCategory(name: "a"), FailureCategory(name: "b", traceRegex: "(")])
        }
        #expect(throws: FailureCategoryError(index: 0, field: "name", reason: "a category needs a name")) {
            try FailureCategories([FailureCategory(name: " ")])
        }
    }
}
