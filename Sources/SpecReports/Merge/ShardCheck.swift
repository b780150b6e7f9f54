import Messages

/// Checks one shard's stream, message by message, before it is merged: every id a message defines is defined
/// once, and every id it points to was defined by an earlier message of the stream (as Cucumber's message order
/// guarantees). A stream that breaks either would merge into reports that lose scenarios or show an undefined
/// step as passed, so it is an error naming the file, the line and the id.
struct ShardCheck {
    /// The file (or shard name) errors name.
    let name: String

    private var pickleSteps: [String: Set<String>] = [:]
    private var allPickleSteps: Set<String> = []
    private var definitions: Set<String> = []
    private var hooks: Set<String> = []
    private var parameterTypes: Set<String> = []
    private var testCaseSteps: [String: Set<String>] = [:]
    private var allTestSteps: Set<String> = []
    private var startedTestCases: [String: String] = [:]
    private var finishedTestCases: Set<String> = []
    private var startedRunHooks: Set<String> = []
    private var runStartedCount = 0

    init(name: String) {
        self.name = name
    }

    /// Checks `envelope`, the message at `line`.
    mutating func check(_ envelope: Envelope, line: Int) throws(ReportError) {
        switch envelope {
        case .pickle(let pickle):
            try define(pickle.id, in: pickleSteps.keys.contains(pickle.id), "pickle", line: line)
            var steps: Set<String> = []
            for step in pickle.steps {
                try define(step.id, in: allPickleSteps.contains(step.id), "pickle step", line: line)
                allPickleSteps.insert(step.id)
                steps.insert(step.id)
            }
            pickleSteps[pickle.id] = steps
        case .stepDefinition(let definition):
            try define(definition.id, in: definitions.contains(definition.id), "step definition", line: line)
            definitions.insert(definition.id)
        case .hook(let hook):
            try define(hook.id, in: hooks.contains(hook.id), "hook", line: line)
            hooks.insert(hook.id)
        case .parameterType(let parameterType):
            try define(parameterType.id, in: parameterTypes.contains(parameterType.id), "parameter type", line: line)
            parameterTypes.insert(parameterType.id)
        case .testRunStarted:
            runStartedCount += 1
            if runStartedCount > 1 {
                throw invalid(line, "a second testRunStarted: one stream holds one run (two streams joined into one?)")
            }
        case .testCase(let testCase):
            try checkTestCase(testCase, line: line)
        case .testCaseStarted(let started):
            try define(started.id, in: startedTestCases[started.id] != nil, "testCaseStarted", line: line)
            try refer(
                started.testCaseId, in: testCaseSteps[started.testCaseId] != nil, "test case",
                from: "testCaseStarted \(started.id)", line: line)
            startedTestCases[started.id] = started.testCaseId
        case .testCaseFinished(let finished):
            try referToStartedTestCase(finished.testCaseStartedId, from: "testCaseFinished", line: line)
            if !finishedTestCases.insert(finished.testCaseStartedId).inserted {
                throw invalid(line, "testCaseStarted \(finished.testCaseStartedId) is finished twice")
            }
        case .testStepStarted(let started):
            try referToStep(started.testStepId, of: started.testCaseStartedId, from: "testStepStarted", line: line)
        case .testStepFinished(let finished):
            try referToStep(finished.testStepId, of: finished.testCaseStartedId, from: "testStepFinished", line: line)
        case .testRunHookStarted(let started):
            try define(started.id, in: startedRunHooks.contains(started.id), "testRunHookStarted", line: line)
            try refer(
                started.hookId, in: hooks.contains(started.hookId), "hook", from: "testRunHookStarted \(started.id)",
                line: line)
            startedRunHooks.insert(started.id)
        case .testRunHookFinished(let finished):
            try refer(
                finished.testRunHookStartedId, in: startedRunHooks.contains(finished.testRunHookStartedId),
                "testRunHookStarted", from: "testRunHookFinished", line: line)
        case .attachment(let attachment):
            try referFromAttachment(
                testCaseStartedId: attachment.testCaseStartedId, testStepId: attachment.testStepId,
                testRunHookStartedId: attachment.testRunHookStartedId, line: line)
        case .externalAttachment(let attachment):
            try referFromAttachment(
                testCaseStartedId: attachment.testCaseStartedId, testStepId: attachment.testStepId,
                testRunHookStartedId: attachment.testRunHookStartedId, line: line)
        case .suggestion(let suggestion):
            try refer(
                suggestion.pickleStepId, in: allPickleSteps.contains(suggestion.pickleStepId), "pickle step",
                from: "suggestion \(suggestion.id)", line: line)
        case .meta, .source, .gherkinDocument, .parseError, .undefinedParameterType, .testRunFinished:
            break
        }
    }

    private mutating func checkTestCase(_ testCase: TestCase, line: Int) throws(ReportError) {
        try define(testCase.id, in: testCaseSteps[testCase.id] != nil, "test case", line: line)
        guard let steps = pickleSteps[testCase.pickleId] else {
            throw invalid(
                line, "test case \(testCase.id) points to pickle \(testCase.pickleId), which no earlier message defines"
            )
        }
        var own: Set<String> = []
        for step in testCase.testSteps {
            try define(step.id, in: allTestSteps.contains(step.id), "test step", line: line)
            allTestSteps.insert(step.id)
            own.insert(step.id)
            if let pickleStepId = step.pickleStepId, !steps.contains(pickleStepId) {
                throw invalid(
                    line,
                    "test step \(step.id) points to pickle step \(pickleStepId), which is not a step of pickle "
                        + "\(testCase.pickleId)")
            }
            if let hookId = step.hookId {
                try refer(hookId, in: hooks.contains(hookId), "hook", from: "test step \(step.id)", line: line)
            }
            for definitionId in step.stepDefinitionIds ?? [] {
                try refer(
                    definitionId, in: definitions.contains(definitionId), "step definition",
                    from: "test step \(step.id)", line: line)
            }
            if step.pickleStepId == nil && step.hookId == nil {
                throw invalid(line, "test step \(step.id) has neither a pickle step nor a hook")
            }
        }
        testCaseSteps[testCase.id] = own
    }

    private func referToStartedTestCase(_ id: String, from: String, line: Int) throws(ReportError) {
        try refer(id, in: startedTestCases[id] != nil, "testCaseStarted", from: from, line: line)
    }

    private func referToStep(_ stepId: String, of testCaseStartedId: String, from: String, line: Int)
        throws(ReportError)
    {
        try referToStartedTestCase(testCaseStartedId, from: from, line: line)
        guard let testCaseId = startedTestCases[testCaseStartedId], testCaseSteps[testCaseId]?.contains(stepId) == true
        else {
            throw invalid(
                line,
                "\(from) points to test step \(stepId), which is not a step of the test case testCaseStarted "
                    + "\(testCaseStartedId) started")
        }
    }

    private func referFromAttachment(
        testCaseStartedId: String?, testStepId: String?, testRunHookStartedId: String?, line: Int
    ) throws(ReportError) {
        if let testCaseStartedId {
            if let testStepId {
                try referToStep(testStepId, of: testCaseStartedId, from: "the attachment", line: line)
            } else {
                try referToStartedTestCase(testCaseStartedId, from: "the attachment", line: line)
            }
        }
        if let testRunHookStartedId {
            try refer(
                testRunHookStartedId, in: startedRunHooks.contains(testRunHookStartedId), "testRunHookStarted",
                from: "the attachment", line: line)
        }
    }

    private func define(_ id: String, in known: Bool, _ kind: String, line: Int) throws(ReportError) {
        if known { throw invalid(line, "the \(kind) id \(id) is used twice") }
    }

    private func refer(_ id: String, in known: Bool, _ kind: String, from: String, line: Int) throws(ReportError) {
        if !known { throw invalid(line, "\(from) points to \(kind) \(id), which no earlier message defines") }
    }

    private func invalid(_ line: Int, _ reason: String) -> ReportError {
        .invalidStream(file: name, line: line, reason: reason)
    }
}
