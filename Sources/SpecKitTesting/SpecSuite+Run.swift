import Foundation
import Messages
import SpecKit
import SpecReports
import Testing

/// Running a suite's cases under Swift Testing: a scenario's steps failing on every issue recorded inside them, and
/// the issues of a failing scenario recorded at its `.feature` places, read from its messages.
extension SpecSuite {
    /// Runs one case and records every failure as a Swift Testing issue: a failing step at its `.feature` file,
    /// line and column, with the step, the message and the Swift location of the failing expectation; an
    /// undefined step with the snippet that defines it.
    public func run(_ specCase: SpecCase) async {
        // Steps that hold every thread of the pool past their timeout end the process rather than leave it waiting.
        StarvedTestProcess.watch()
        switch specCase.kind {
        case .problem(let message, let fileID, let filePath, let line):
            if let fileID, let filePath, let line {
                // A step-library mistake: at the definition's own Swift line.
                Issue.record(
                    Comment(rawValue: message),
                    sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: 1))
            } else {
                Issue.record(Comment(rawValue: message))
            }
        case .parseError(let uri, let line, let column, let message):
            Issue.record(
                Comment(
                    rawValue:
                        "\(uri):\(line):\(column): \(ReportText.plainWords(forParseError: message)) (Gherkin: \(message))"
                ),
                sourceLocation: sourceLocation(uri: uri, line: line, column: column))
        case .scenario(let uri, let line, let variant):
            guard let lane = lanes[variant], let specs, let scenario = specs.scenarios[Self.key(uri, line)] else {
                Issue.record(
                    Comment(
                        rawValue: "No scenario at \(uri):\(line) for \(variant): were the specs changed during the run?"
                    ))
                return
            }
            let hooks = await beforeAllHooks()
            if let failure = hooks.failure {
                Issue.record(Comment(rawValue: "A beforeAll hook failed, so no scenario runs: \(failure)"))
                return
            }
            let ran = await Self.failingStepsOnExpectations(
                leavingOffTaskIssues: catchesOffTaskIssues.value
            ) { () async throws(SpecRunError) in
                try await lane.runner.run(scenario, in: specs.plan)
            }
            switch ran {
            case .success(let run):
                state.withLock { $0.runs[variant, default: []].append(run) }
                record(run, of: scenario, lane: lane, specs: specs)
            case .failure(let error):
                Issue.record(Comment(rawValue: error.message))
            }
        }
    }

    /// Runs `body` so that an issue Swift Testing records inside a step or hook (a failed `#expect` or `#require`,
    /// `Issue.record`) fails that step, in the same words as on the command line (`RecordedIssue`), instead of
    /// failing the test case behind the step's back: the step is then failed in the messages, and `record` turns
    /// it into an issue at its `.feature` line.
    ///
    /// Swift Testing hands an issue recorded off every test's task to every handler in the process; with
    /// `leavingOffTaskIssues`, such a copy is left to the suite's trait, which takes it once.
    static func failingStepsOnExpectations<Value: Sendable>(
        leavingOffTaskIssues: Bool = false, _ body: @escaping @Sendable () async throws(SpecRunError) -> Value
    ) async -> Result<Value, SpecRunError> {
        let run: @Sendable () async -> Result<Value, SpecRunError> = {
            do throws(SpecRunError) { return .success(try await body()) } catch { return .failure(error) }
        }
        guard let test = Test.current else { return await run() }
        let result = Locked<Result<Value, SpecRunError>?>(nil)
        let handler = IssueHandlingTrait.compactMapIssues { issue in
            // Known or not (a test may expect the failure), an error inside a step fails the step.
            if issue.severity == .error, SpecContext.recordFailure(Self.recordedIssue(issue)) { return nil }
            // A copy of an issue recorded off every test's task: the suite's trait takes it.
            return leavingOffTaskIssues && Test.current == nil ? nil : issue
        }
        do {
            try await handler.provideScope(for: test, testCase: Test.Case.current) {
                let ran = await run()
                result.withLock { $0 = ran }
            }
        } catch {
            Issue.record(error, "The spec could not run under an issue handler")
        }
        if let ran = result.value { return ran }
        return await run()
    }

    /// The issue as the harness words it on every path: Swift Testing's description of its kind, then the
    /// difference it computed and each comment, as its event records list them on the command line.
    static func recordedIssue(_ issue: Issue) -> RecordedIssue {
        var details: [String] = []
        if case .expectationFailed(let expectation) = issue.kind,
            let difference = SwiftTestingMirror.differenceDescription(ofExpectation: expectation)
        {
            details.append(difference)
        }
        details += issue.comments.map(\.rawValue)
        let location = issue.sourceLocation.map {
            CodeLocation(fileID: $0.fileID, filePath: $0.filePath, line: $0.line, column: $0.column)
        }
        return RecordedIssue(summary: String(describing: issue.kind), details: details, location: location)
    }

    /// Records the issues of a scenario that fails the run (a `@wip` scenario records none), read from its
    /// messages as every report reads them: each step that did not pass is an issue at its `.feature` place
    /// (the data table cell it rejected, or its own line), worded as the reports word it.
    func record(_ run: ScenarioRun, of scenario: ScenarioInfo, lane: Lane, specs: Specs) {
        guard run.failsRun else { return }
        let query = RunQuery()
        if let document = specs.documents[scenario.uri] { query.update(.gherkinDocument(document)) }
        if let pickle = specs.plan.pickle(of: scenario) { query.update(.pickle(pickle)) }
        query.update(contentsOf: lane.runner.definitionEnvelopes)
        query.update(contentsOf: run.envelopes)
        let problems = query.countedAttempts.last.map { query.problems(in: $0) } ?? []
        guard !problems.isEmpty else {
            let status = query.countedAttempts.last?.status.rawValue.lowercased() ?? "did not finish"
            Issue.record(
                Comment(rawValue: "\(scenario.reference): the scenario \(status)"),
                sourceLocation: sourceLocation(uri: scenario.uri, line: scenario.line, column: scenario.column))
            return
        }
        for problem in problems {
            Issue.record(
                Comment(rawValue: problem.text),
                sourceLocation: sourceLocation(
                    uri: scenario.uri, line: problem.featurePlace.line, column: problem.featurePlace.column ?? 1))
        }
    }

    /// A Swift Testing location in a `.feature` file.
    func sourceLocation(uri: String, line: Int, column: Int) -> SourceLocation {
        let path =
            documentPaths[uri]
            ?? (configuration.uriBase.map { URL(fileURLWithPath: $0).appendingPathComponent(uri).path } ?? uri)
        let fileName = (uri as NSString).lastPathComponent
        let folder = ((uri as NSString).deletingLastPathComponent as NSString).lastPathComponent
        return SourceLocation(
            fileID: "\(folder.isEmpty ? "Specs" : folder)/\(fileName)", filePath: path, line: max(1, line),
            column: max(1, column))
    }

    /// Runs the `beforeAll` hooks once, the first time a scenario needs them.
    func beforeAllHooks() async -> (envelopes: [Envelope], failure: String?) {
        let task = state.withLock { state in
            if state.startedAt == nil { state.startedAt = Timestamp.now }
            if let task = state.beforeAll { return task }
            guard let lane = laneOrder.first.flatMap({ lanes[$0] }) else {
                let task = Task<(envelopes: [Envelope], failure: String?), Never> { ([], nil) }
                state.beforeAll = task
                return task
            }
            let task = Task { await lane.runner.runTestRunHooks(.beforeAll) }
            state.beforeAll = task
            return task
        }
        return await task.value
    }
}
