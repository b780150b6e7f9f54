import Messages

/// A JUnit XML report (valid against the Jenkins JUnit schema) in the layout of Cucumber's JUnit XML formatter:
/// one `testsuite`, one `testcase` per scenario attempt that counts (the last attempt of a retried one).
///
/// - `classname` is the feature name; `name` joins the rule, scenario and examples names with ` - `, and an
///   example is numbered `#<examples table>.<row>` followed by `: <pickle name>` when the pickle name differs
///   from the outline's (`Eating cucumbers - These are failing - #2.1`).
/// - A failed scenario has a `failure` whose type is its failure category (`Product defects`, or the team's own:
///   `FailureCategories`) and whose message is the error's, its body the error's type and text and the failing
///   step with its `file:line`. Undefined, pending and ambiguous scenarios are failures when the run is strict
///   (`RunQuery.verdict`; never work in progress), otherwise `skipped`, like skipped ones. A scenario that never finished (interrupted run)
///   is an `error`.
/// - `system-out` lists the steps and their statuses.
/// - Failing test run hooks, a test run error and each file that could not be parsed become extra test cases with
///   an `error` (a file's case is named after the file, its errors in the message and body), so CI shows them.
/// - An interrupted run has the suite property `interrupted` = `true`.
public final class JUnitFormatter: ReportFormatter {
    /// The index of the stream.
    public let query: RunQuery
    private let buffer: OutputBuffer
    private let suiteName: String
    /// The failure categories a failure's `type` names (the built-in ones unless given).
    public var categories = FailureCategories()
    private let variant: String?

    /// The test cases written so far (in the order they first started), and how many of each outcome.
    private let cases: SpoolFile
    private let ordered: OrderedFragments
    private var piece = OutputBuffer.fragment()
    private var tally = Tally()

    private struct Tally {
        var tests = 0
        var skipped = 0
        var failures = 0
        var errors = 0

        mutating func count(_ outcome: Outcome) {
            tests += 1
            switch outcome {
            case .passed: break
            case .skipped: skipped += 1
            case .failure: failures += 1
            case .error: errors += 1
            }
        }
    }

    /// Creates a JUnit formatter writing to `output`; `suiteName` names the `testsuite`. With a `variant` (the
    /// store or setup the run used), every scenario's test case name ends in ` [variant]`, so the reports of
    /// several variants of one run never hold two test cases of the same name.
    public init(
        output: any ReportOutput, suiteName: String = "Cucumber", variant: String? = nil,
        query: RunQuery = RunQuery()
    ) {
        self.query = query
        buffer = OutputBuffer(output)
        self.suiteName = suiteName
        self.variant = variant
        cases = SpoolFile(purpose: "the JUnit report (\(output.name))")
        ordered = OrderedFragments(purpose: "the JUnit report (\(output.name))")
    }

    /// Writes each scenario's test case once it has settled (to a temporary place: the suite's totals come first).
    public func receive(_ envelope: Envelope) throws(ReportError) {
        guard case .testCaseFinished = envelope, let run = query.justSettled else { return }
        try ordered.add(run.ordinal, render(run), to: keep)
    }

    private func keep(_ ordinal: Int, _ bytes: [UInt8]) throws(ReportError) {
        cases.append(bytes)
        if let error = cases.error { throw error }
    }

    private func render(_ run: TestCaseRun) -> [UInt8] {
        guard let attempt = run.counted else { return [] }
        let item = testCase(for: attempt)
        tally.count(item.outcome)
        write(item, to: piece)
        return piece.takeFragment()
    }

    private enum Outcome {
        case passed
        case skipped
        case failure(type: String, message: String, body: String)
        case error(type: String, message: String, body: String)
    }

    private struct Case {
        var classname: String
        var name: String
        var time: MessageDuration
        var outcome: Outcome
        /// The attempt whose steps go to `system-out`.
        var attempt: TestCaseAttempt?
    }

    /// Writes the report and closes the output.
    public func finish() throws(ReportError) {
        let unsettled = Dictionary(query.unsettledRuns.map { ($0.ordinal, $0) }) { first, _ in first }
        try ordered.finish(upTo: query.runCount, making: { unsettled[$0].map(render) }, to: keep)
        let errors = runErrors
        for item in errors { tally.count(item.outcome) }
        buffer.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"")
        buffer.appendXML(suiteName, attribute: true)
        buffer.append("\" time=\"\(ReportText.seconds(query.runDuration))\" tests=\"\(tally.tests)\"")
        buffer.append(" skipped=\"\(tally.skipped)\" failures=\"\(tally.failures)\" errors=\"\(tally.errors)\"")
        if let started = query.testRunStarted {
            buffer.append(" timestamp=\"\(Self.timestamp(started.timestamp))\"")
        }
        buffer.append(">\n")
        if query.isInterrupted {
            buffer.append("<properties>\n<property name=\"interrupted\" value=\"true\"/>\n</properties>\n")
        }
        try buffer.flush()
        try cases.copy(into: buffer.output)
        for item in errors {
            write(item, to: buffer)
            try buffer.flushIfNeeded()
        }
        buffer.append("</testsuite>\n")
        try buffer.close()
    }

    private func write(_ item: Case, to buffer: OutputBuffer) {
        buffer.append("<testcase classname=\"")
        buffer.appendXML(item.classname, attribute: true)
        buffer.append("\" name=\"")
        buffer.appendXML(item.name, attribute: true)
        buffer.append("\" time=\"\(ReportText.seconds(item.time))\">\n")
        switch item.outcome {
        case .passed:
            break
        case .skipped:
            buffer.append("<skipped/>\n")
        case .failure(let type, let message, let body), .error(let type, let message, let body):
            let element = if case .error = item.outcome { "error" } else { "failure" }
            buffer.append("<\(element) type=\"")
            buffer.appendXML(type, attribute: true)
            buffer.append("\" message=\"")
            buffer.appendXML(message, attribute: true)
            buffer.append("\">\n")
            buffer.appendCDATA(body)
            buffer.append("\n</\(element)>\n")
        }
        if let attempt = item.attempt, case .passed = item.outcome, query.isFlaky(attempt) {
            writeFlakyFailures(of: attempt, to: buffer)
        }
        if let attempt = item.attempt {
            buffer.append("<system-out><![CDATA[\n")
            writeSteps(of: attempt, to: buffer)
            buffer.append("]]></system-out>\n")
        }
        buffer.append("</testcase>\n")
    }

    /// A flaky test case's failed attempts, as Maven Surefire writes them (`flakyFailure`, read by Jenkins' JUnit
    /// plugin, GitLab and most CI dashboards): the test case passes, and each earlier attempt's failure is kept.
    private func writeFlakyFailures(of attempt: TestCaseAttempt, to buffer: OutputBuffer) {
        for earlier in query.earlierAttempts(of: attempt) {
            guard let problem = query.problems(in: earlier).first else { continue }
            let type = categories.names(of: earlier, query: query).joined(separator: ", ")
            let message = problem.result.exception?.message ?? problem.result.message ?? problem.explanation
            buffer.append("<flakyFailure type=\"")
            buffer.appendXML(type, attribute: true)
            buffer.append("\" message=\"")
            buffer.appendXML(message, attribute: true)
            buffer.append("\">\n<stackTrace>")
            buffer.appendCDATA("attempt \(earlier.attempt + 1): \(problem.title)\n\(problem.explanation)")
            buffer.append("</stackTrace>\n</flakyFailure>\n")
        }
    }

    private func testCase(for attempt: TestCaseAttempt) -> Case {
        guard let pickle = attempt.pickle else {
            return Case(
                classname: "", name: attempt.testCase.id, time: attempt.duration,
                outcome: .error(
                    type: "MissingPickle", message: "the stream has no pickle for this test case", body: ""),
                attempt: nil)
        }
        let lineage = query.lineage(of: pickle)
        let classname = lineage.map { $0.feature.name.isEmpty ? pickle.uri : $0.feature.name } ?? pickle.uri
        let name = Self.name(of: pickle, lineage: lineage) + (variant.map { " [\($0)]" } ?? "")
        return Case(
            classname: classname, name: name, time: attempt.duration,
            outcome: outcome(of: attempt, pickle: pickle), attempt: attempt)
    }

    /// The test case name of a pickle, as Cucumber's JUnit XML formatter names it.
    static func name(of pickle: Pickle, lineage: PickleLineage?) -> String {
        guard let lineage else { return pickle.name }
        var parts: [String] = []
        if let rule = lineage.rule { parts.append(rule.name) }
        parts.append(lineage.scenario.name)
        if let examples = lineage.examples, let examplesIndex = lineage.examplesIndex,
            let exampleIndex = lineage.exampleIndex
        {
            parts.append(examples.name)
            var number = "#\(examplesIndex + 1).\(exampleIndex + 1)"
            if pickle.name != lineage.scenario.name { number += ": \(pickle.name)" }
            parts.append(number)
        }
        let name = parts.filter { !$0.isEmpty }.joined(separator: " - ")
        return name.isEmpty ? pickle.name : name
    }

    private func outcome(of attempt: TestCaseAttempt, pickle: Pickle) -> Outcome {
        let status = attempt.status
        switch status {
        case .passed:
            return .passed
        case .unknown:
            return .error(
                type: "Interrupted", message: "the scenario did not finish (the run was interrupted)",
                body: "Scenario: \(pickle.name)\n\(query.location(of: pickle))")
        case .skipped:
            return .skipped
        case .failed, .ambiguous, .undefined, .pending:
            guard attempt.isFailing(by: query.verdict) else { return .skipped }
            guard let problem = query.problems(in: attempt).first(where: { $0.status == status }) else {
                return .failure(type: status.rawValue.lowercased(), message: "", body: query.location(of: pickle))
            }
            let stepText = stepDescription(problem, in: pickle)
            // The body: the one explanation every report gives (with the Swift place), then the step and its
            // `.feature` place.
            let result = problem.result
            // The type is the failure's category (what a CI's test view groups by); the error's own type starts
            // the body.
            let type = categories.names(of: attempt, query: query).joined(separator: ", ")
            let errorType = result.exception.map { "\($0.type): " } ?? ""
            let body = errorType + problem.explanation + "\n\n" + stepText
            switch status {
            case .failed:
                let message = result.message ?? result.exception?.message ?? ""  // as `ReportText.failureText` reads it
                return .failure(type: type, message: message, body: body)
            case .ambiguous:
                return .failure(
                    type: type, message: "Ambiguous step: more than one step definition matches", body: body)
            case .undefined:
                return .failure(type: type, message: "Undefined step", body: body)
            default:
                return .failure(type: type, message: result.message ?? "Pending step", body: body)
            }
        }
    }

    /// `Step: Given some text` and its `.feature` place, the problem's as every report names it (a table cell the
    /// step rejected, else the step's line); or the hook's name and location.
    private func stepDescription(_ problem: StepProblem, in pickle: Pickle) -> String {
        if problem.pickleStep != nil {
            return "Step: \(problem.title)\nat \(problem.featurePlace)"
        }
        var text = "Hook: \(problem.title)"
        if let hook = problem.testStep.hookId.flatMap({ query.hook(id: $0) }) {
            text += "\nat \(ReportText.location(hook.sourceReference))"
        }
        return text + "\nin \(query.location(of: pickle))"
    }

    /// One line per finished step, `Given some text.........passed`, dotted up to column 76 as Cucumber's JUnit
    /// XML formatter writes them.
    private func writeSteps(of attempt: TestCaseAttempt, to buffer: OutputBuffer) {
        for (index, testStep) in attempt.testCase.testSteps.enumerated() {
            guard let pickleStepId = testStep.pickleStepId, let result = attempt.stepResults[index],
                let pickleStep = query.pickleStep(id: pickleStepId)
            else { continue }
            let keyword = query.keyword(of: pickleStep).trimmingCharacters(in: " ")
            let text = pickleStep.text.trimmingCharacters(in: " ")
            buffer.appendCDATAContent(keyword)
            buffer.append(byte: UInt8(ascii: " "))
            buffer.appendCDATAContent(text)
            let length = keyword.utf16.count + 1 + text.utf16.count
            buffer.append(repeating: UInt8(ascii: "."), count: max(2, 76 - length))
            buffer.append(Self.statusName(result.status))
            buffer.append(byte: UInt8(ascii: "\n"))
        }
    }

    private var runErrors: [Case] {
        var cases: [Case] = []
        for (uri, errors) in ReportText.parseErrorsByFile(query.parseErrors) {
            let lines = errors.map(ReportText.parseErrorText)
            cases.append(
                Case(
                    classname: "Parse errors", name: uri, time: .zero,
                    outcome: .error(
                        type: "ParseError",
                        message: lines[0]
                            + (errors.count > 1 ? " (and \(errors.count - 1) more)" : ""),
                        body: lines.joined(separator: "\n")),
                    attempt: nil))
        }
        for execution in query.testRunHookExecutions {
            guard let result = execution.result, result.status != .passed, result.status != .skipped else { continue }
            let keyword = ReportText.hookKeyword(execution.hook, isBefore: true)
            let location = execution.hook.map { ReportText.location($0.sourceReference) } ?? ""
            cases.append(
                Case(
                    classname: "Test run hooks", name: location.isEmpty ? keyword : "\(keyword) (\(location))",
                    time: result.duration,
                    outcome: .error(
                        type: result.exception?.type ?? result.status.rawValue.lowercased(),
                        message: result.exception?.message ?? result.message ?? "",
                        body: ReportText.failureText(result)),
                    attempt: nil))
        }
        if let finished = query.testRunFinished, let text = ReportText.runFailureText(finished) {
            cases.append(
                Case(
                    classname: "Test run", name: "Test run", time: .zero,
                    outcome: .error(
                        type: finished.exception?.type ?? "Error",
                        message: finished.exception?.message ?? finished.message ?? "", body: text),
                    attempt: nil))
        }
        return cases
    }

    private static func statusName(_ status: TestStepResultStatus) -> String {
        switch status {
        case .passed: "passed"
        case .failed: "failed"
        case .skipped: "skipped"
        case .pending: "pending"
        case .undefined: "undefined"
        case .ambiguous: "ambiguous"
        case .unknown: "unknown"
        }
    }

    private static func timestamp(_ timestamp: Timestamp) -> String {
        let iso = ReportText.isoTimestamp(timestamp)
        // Drop the milliseconds: `2024-05-01T12:00:00Z`, as CI servers expect.
        guard let dot = iso.lastIndex(of: ".") else { return iso }
        return String(iso[..<dot]) + "Z"
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        var slice = Substring(self)
        while slice.first == character { slice.removeFirst() }
        while slice.last == character { slice.removeLast() }
        return String(slice)
    }
}
