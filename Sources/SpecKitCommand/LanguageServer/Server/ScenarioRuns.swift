import Foundation
import Gherkin
import Messages
import SpecKit
import SpecReports

/// The runs started from the editor (a code lens, `speckit.run`, a save with `speckit.runOnSave`) and what they
/// told, per document. A run goes on in a task of its own while the server keeps answering; its messages come
/// back through the server's queue and are read as every report reads them (`RunQuery`). A scenario's results are
/// shown for as long as its lines are those that ran; running one scenario keeps the other scenarios' results.
struct ScenarioRuns {
    /// A run going on.
    struct Running {
        let generation: Int
        let uri: String
        let task: Task<Void, Never>
        let title: String
    }

    /// One scenario (or examples row) that ran, with the run it ran in.
    struct Scenario {
        /// The run's messages.
        let query: RunQuery
        /// The document's lines as they ran.
        let ran: TextLines
        let attempt: TestCaseAttempt
        /// The line (from 0) of its scenario, or of its examples row.
        let line: Int
        /// The line of its scenario or outline keyword.
        let keywordLine: Int
        /// The lines that must be unchanged for its results to stand: its steps (and theirs data tables or doc
        /// strings), its keyword line and its examples row.
        let lines: [Int]
        /// The line of each of its test steps, by position (nil for a hook).
        let stepLines: [Int?]

        /// Whether its lines in `text` are still those that ran.
        func stands(in text: TextLines) -> Bool {
            lines.allSatisfy { $0 < text.count && text[$0] == ran[$0] }
        }
    }

    /// The run going on, if any.
    var running: Running?
    /// Bumped at each run started or cancelled: a run that comes back with another number is dropped.
    var generation = 0
    /// The latest result of each scenario that ran, per document.
    var results: [String: [Scenario]] = [:]
}

/// What a run sends back to the server's loop.
struct RunFinished: Sendable {
    let generation: Int
    let uri: String
    let title: String
    let text: String
    let outcome: EditorRunner.Outcome
    let seconds: Double
}

extension Workspace {
    // MARK: Starting and ending runs

    /// Runs the document `uri` (its whole, or the scenario, outline or examples row at `line`, from 0), as the
    /// editor has it: a run already going on is cancelled. Returns what the editor is told.
    func startRun(uri: String, line: Int?) throws(ResponseError) -> String {
        guard let runner else { throw .failed("This server cannot run scenarios.") }
        guard let document = document(uri) else { throw .invalidParams("The document \(uri) is not open.") }
        if let step = stepsToRun(document, line: line).first(where: { notBuiltYet($0.matchedText) != nil }),
            let reason = notBuiltYet(step.matchedText)
        {
            // The command would run the code it was built with, without this step: say so instead.
            let message = "Not run: “\(step.keyword)\(step.text)” (line \(step.line + 1)) is d" + reason.dropFirst()
            show(message, type: 2)
            return message
        }
        if executableChanged {
            // The runner processes are this executable, which is another program on disk now.
            let message =
                "Not run: \(name) was rebuilt since this server started. Run “speckit.build” (the ⚒ lens) to "
                + "restart the server on the new build, then run again."
            show(message, type: 2)
            return message
        }
        cancelRun(quietly: true)
        let lines = line.map { [$0 + 1] } ?? []
        let title = Self.runTitle(document, line: line)
        let request = EditorRunner.Request(
            relativePath: relativePath(of: uri), text: document.text, lines: lines, timeout: settings.timeout,
            variant: settings.variant)
        runs.generation += 1
        let generation = runs.generation
        let post = self.post
        let text = document.text
        let task = Task.detached {
            let started = ContinuousClock.now
            let outcome = await runner.run(request)
            let elapsed = started.duration(to: .now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            post(
                RunFinished(
                    generation: generation, uri: uri, title: title, text: text, outcome: outcome, seconds: seconds))
        }
        runs.running = ScenarioRuns.Running(generation: generation, uri: uri, task: task, title: title)
        refreshLenses()
        return "Running \(title)…"
    }

    /// The steps a run of `document` (or of the scenario around `line`, with the background) would run.
    private func stepsToRun(_ document: SpecDocument, line: Int?) -> [SpecDocument.StepOccurrence] {
        guard let line, let feature = document.document?.feature else { return document.steps }
        let starts = Self.scenarios(of: feature).map { $0.location.line - 1 }
        guard let first = starts.first, line >= first else { return document.steps }
        let start = starts.last { $0 <= line } ?? first
        let end = starts.first { $0 > start } ?? Int.max
        return document.steps.filter { $0.line < first || ($0.line >= start && $0.line < end) }
    }

    /// Cancels the run going on: its results are dropped (a step that ignores cancellation ends at its timeout,
    /// in the background).
    func cancelRun(quietly: Bool = false) {
        guard let running = runs.running else { return }
        running.task.cancel()
        runs.running = nil
        runs.generation += 1
        if !quietly {
            show("Cancelled the run of \(running.title).")
            refreshLenses()
        }
    }

    /// Takes a run's messages in: the document's results become them, its diagnostics, lenses and hints are
    /// published again, and the editor is told how it went.
    func finishRun(_ finished: RunFinished) {
        guard finished.generation == runs.generation else { return }
        runs.running = nil
        switch finished.outcome {
        case .failed(let reason):
            show("The run of \(finished.title) could not start: \(reason)", type: 1)
        case .finished(let envelopes):
            let query = RunQuery()
            query.update(contentsOf: envelopes)
            let fresh = Self.results(of: query, text: finished.text, uri: finished.uri, workspace: self)
            runs.results[finished.uri] = Self.merged(
                runs.results[finished.uri] ?? [], fresh, ran: TextLines(finished.text))
            show(Self.summary(of: query, title: finished.title, seconds: finished.seconds), type: query.success ? 3 : 1)
        }
        republish(finished.uri)
        refreshLenses()
        refreshHints()
    }

    /// Asks the client to ask for its code lenses again, when it can.
    func refreshLenses() {
        guard capabilities.refreshesCodeLenses else { return }
        connection.send(["jsonrpc": "2.0", "id": "speckit-codelens-refresh", "method": "workspace/codeLens/refresh"])
    }

    private func refreshHints() {
        guard capabilities.refreshesInlayHints else { return }
        connection.send(["jsonrpc": "2.0", "id": "speckit-inlayhint-refresh", "method": "workspace/inlayHint/refresh"])
    }

    /// `Scenario: Name`, `Scenario Outline: Name (3 examples)`, `Examples row 2 of Name`, or `Feature: Name`.
    private static func runTitle(_ document: SpecDocument, line: Int?) -> String {
        guard let feature = document.document?.feature else { return document.uri }
        guard let line else { return "\(feature.keyword): \(feature.name)" }
        for scenario in Self.scenarios(of: feature) {
            if scenario.location.line - 1 == line { return "\(scenario.keyword): \(scenario.name)" }
            for examples in scenario.examples {
                if let row = examples.tableBody.firstIndex(where: { $0.location.line - 1 == line }) {
                    return "examples row \(row + 1) of \(scenario.name)"
                }
                if examples.location.line - 1 == line { return "\(examples.keyword) of \(scenario.name)" }
            }
        }
        // A line inside a scenario (a step, the cursor's line) runs that scenario, as `file:line` does.
        if let scenario = Self.scenarios(of: feature).last(where: { $0.location.line - 1 <= line }) {
            return "\(scenario.keyword): \(scenario.name)"
        }
        return "\(feature.keyword): \(feature.name) (line \(line + 1))"
    }

    /// Every scenario and outline of a feature, its rules' included, in order.
    static func scenarios(of feature: Feature) -> [Scenario] {
        var scenarios: [Scenario] = []
        for child in feature.children {
            switch child {
            case .scenario(let scenario): scenarios.append(scenario)
            case .rule(let rule):
                for case .scenario(let scenario) in rule.children { scenarios.append(scenario) }
            case .background: break
            }
        }
        return scenarios
    }

    /// `Scenario: Name: 1 failed, 2 passed (0.4 s)`.
    private static func summary(of query: RunQuery, title: String, seconds: Double) -> String {
        let statistics = query.statistics()
        var counts = SummaryText(query: query).countLine(
            statistics.scenarios, noun: "scenario", flaky: statistics.flakyScenarios)
        if !query.parseErrors.isEmpty { counts = "the document does not parse" }
        let rounded = (seconds * 10).rounded() / 10
        return "Ran \(title): \(counts) in \(rounded) s" + (query.success ? "" : " (see the problems in the file)")
    }

    /// The document's path in the package the editor opened (`Specs/cart.feature`), else its file name.
    private func relativePath(of uri: String) -> String {
        let path = URL(string: uri)?.path ?? uri
        if let root = paths.projectRoot, path.hasPrefix(root + "/") { return String(path.dropFirst(root.count + 1)) }
        return URL(fileURLWithPath: path).lastPathComponent
    }

    // MARK: Reading results

    /// The results of a document after a run: the run's scenarios, and every earlier result still standing in
    /// the text that ran whose scenario (or examples row) the run did not run again.
    static func merged(_ earlier: [ScenarioRuns.Scenario], _ fresh: [ScenarioRuns.Scenario], ran: TextLines)
        -> [ScenarioRuns.Scenario]
    {
        let rerun = Set(fresh.map(\.line))
        let kept = earlier.filter { scenario in
            !rerun.contains(scenario.line) && scenario.stands(in: ran)
        }
        return (kept + fresh).sorted { $0.line < $1.line }
    }

    /// The scenarios of a run, each with the lines it ran.
    private static func results(of query: RunQuery, text: String, uri: String, workspace: Workspace)
        -> [ScenarioRuns.Scenario]
    {
        let ran = SpecDocument(
            uri: uri, text: text, catalog: workspace.catalog, languages: workspace.languages, matches: workspace.matches
        )
        var scenarios: [ScenarioRuns.Scenario] = []
        for attempt in query.countedAttempts {
            guard let pickle = attempt.pickle, let lineage = query.lineage(of: pickle) else { continue }
            let keywordLine = lineage.scenario.location.line - 1
            var lines = [keywordLine]
            if let row = lineage.example { lines.append(row.location.line - 1) }
            var stepLines: [Int?] = []
            for testStep in attempt.testCase.testSteps {
                guard let step = testStep.pickleStepId.flatMap({ query.pickleStep(id: $0) }),
                    let gherkin = query.gherkinStep(of: step)
                else {
                    stepLines.append(nil)
                    continue
                }
                let line = gherkin.location.line - 1
                stepLines.append(line)
                lines.append(line)
                if let argument = ran.step(onLine: line)?.argumentLines { lines += Array(argument) }
            }
            scenarios.append(
                ScenarioRuns.Scenario(
                    query: query, ran: ran.lines, attempt: attempt, line: lineage.line - 1, keywordLine: keywordLine,
                    lines: lines, stepLines: stepLines))
        }
        return scenarios
    }

    /// The results of `document` whose scenarios' lines are still those that ran; nil when none are.
    func standingResults(_ document: SpecDocument) -> [ScenarioRuns.Scenario]? {
        guard let results = runs.results[document.uri] else { return nil }
        let standing = results.filter { $0.stands(in: document.lines) }
        return standing.isEmpty ? nil : standing
    }

    /// The diagnostics a run adds: each step that failed (or is pending) when run, at its `.feature` place (the
    /// table cell it rejected, or its line), with the failure in the words of every report and the Swift line
    /// where it failed as related information. Undefined and ambiguous steps are already diagnosed as typed.
    func runDiagnostics(_ document: SpecDocument) -> [[String: Any]] {
        guard let scenarios = standingResults(document) else { return [] }
        var diagnostics: [[String: Any]] = []
        var seen = Set<String>()
        for scenario in scenarios {
            for problem in scenario.query.problems(in: scenario.attempt)
            where problem.status == .failed || problem.status == .pending {
                let line = problem.featurePlace.line - 1
                var message = Self.reasonFirst(problem)
                if scenario.line != scenario.keywordLine {
                    message = "In the examples row at line \(scenario.line + 1): " + message
                }
                guard seen.insert("\(line)\u{0}\(message)").inserted else { continue }
                let step = document.step(onLine: line)
                var diagnostic = Diagnostics.diagnostic(
                    line: line, start: step?.textStart ?? 0, end: step?.textEnd ?? document.lines.length(line),
                    severity: problem.status == .failed ? 1 : 2, code: "run-\(problem.status.rawValue.lowercased())",
                    message: message)
                diagnostic["source"] = "\(name) run"
                if let place = problem.codePlace, let file = swiftFile(place.file) {
                    diagnostic["relatedInformation"] = [
                        [
                            "location": [
                                "uri": URL(fileURLWithPath: file).absoluteString,
                                "range": SpecDocument.range(line: place.line - 1, start: 0, end: 0),
                            ] as [String: Any],
                            "message": "where it failed",
                        ] as [String: Any]
                    ]
                }
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }

    /// A run's problem as a diagnostic says it, the reason first and where it happened, then the step and the rest:
    ///
    /// ```
    /// Expected the app to show 99 images, but it showed 4 images — FeedWorld+App.swift:30
    /// Then the app shows 99 images [failed]
    /// at FeedAcceptance/FeedWorld+App.swift:30:9
    /// ```
    static func reasonFirst(_ problem: StepProblem) -> String {
        var rest = problem.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let explanation = problem.explanation.split(separator: "\n", omittingEmptySubsequences: false)
        guard let reason = explanation.first.map(String.init), !reason.isEmpty, rest.count > 1, rest[1] == reason
        else { return problem.text }
        rest.remove(at: 1)
        let place = problem.codePlace.map { " — \(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line)" } ?? ""
        return ([reason + place] + rest).joined(separator: "\n")
    }

    /// The Swift file of a `#fileID` (`ShopAcceptance/ShopSteps.swift`) in the package the editor opened: a
    /// definition's own file, else the file of that name in the module's folder (`Sources/ShopAcceptance/...`).
    private func swiftFile(_ fileID: String) -> String? {
        if let location = catalog.definitions.first(where: { $0.location.fileID == fileID })?.location {
            return paths.sourceFile(location)
        }
        let parts = fileID.split(separator: "/", maxSplits: 1)
        guard parts.count == 2, let root = paths.projectRoot else { return nil }
        let folder = URL(fileURLWithPath: root).appendingPathComponent("Sources").appendingPathComponent(
            String(parts[0]))
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return nil }
        while let relative = files.nextObject() as? String {
            if (relative as NSString).lastPathComponent == parts[1] {
                return folder.appendingPathComponent(relative).path
            }
        }
        return nil
    }

    /// `✓ passed · 12 ms`, or for several runs of one line (an outline's rows) `✓ 3 passed, ✗ 1 failed`.
    static func label(_ statuses: [(TestStepResultStatus, MessageDuration?)]) -> String {
        if statuses.count == 1, let (status, duration) = statuses.first {
            let time = duration.map { " · " + ReportText.humanDuration($0) } ?? ""
            return "\(symbol(status)) \(status.rawValue.lowercased())\(status == .passed ? time : "")"
        }
        var counts = StatusCounts()
        for (status, _) in statuses { counts.add(status) }
        return StatusCounts.reportOrder.filter { counts[$0] > 0 }
            .map { "\(symbol($0)) \(counts[$0]) \($0.rawValue.lowercased())" }.joined(separator: ", ")
    }

    static func symbol(_ status: TestStepResultStatus) -> String {
        switch status {
        case .passed: "✓"
        case .failed: "✗"
        case .skipped: "–"
        case .undefined, .unknown: "?"
        case .pending: "…"
        case .ambiguous: "!"
        }
    }
}
