import Gherkin
import Messages

/// Runs scenarios: the whole run, emitting the Cucumber Messages stream, or one scenario at a time for the
/// Swift Testing bridge.
///
/// ```swift
/// let runner = SpecRunner(library: FeedSteps.library, configuration: configuration) { scenario in
///     try await FeedWorld(store: .sqlite)
/// } tearDown: { world in
///     await world.removeTemporaryFiles()
/// }
/// let summary = try await runner.run(paths: ["Specs"], sink: MessageCollector())
/// ```
///
/// Every scenario gets a fresh world from `makeWorld`; `tearDown` runs after its after hooks, whatever
/// happened. A runner is thread-safe: many scenarios may run at once.
///
/// **Timeouts.** A step (or hook) still running after `stepTimeout` fails with `timed out after N s`; it is
/// cancelled, and if it ignores cancellation it is abandoned and keeps running in the background while the
/// run goes on (its world is not reused).
public final class SpecRunner<World: Actor>: Sendable {
    /// The configuration.
    public let configuration: RunConfiguration
    /// The ids of every message this runner emits (definitions, and plans made with `plan(paths:)`).
    package let ids: IdSource
    let environment: RunEnvironment<World>
    let planner: TestCasePlanner<World>
    let assembler: StreamAssembler
    private let standaloneRunId = Locked<String?>(nil)

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - library: the step definitions, parameter types and hooks; problems in it (see `problems`) are
    ///     reported in the stream and fail the steps they concern.
    ///   - configuration: selection, order, timeouts, ids, clock...
    ///   - fileID: where the runner is made (with `filePath` and `line`): the `tearDown` hook's source.
    ///   - filePath: the file where the runner is made.
    ///   - line: the line where the runner is made.
    ///   - makeWorld: makes the world of a scenario; if it throws, the scenario fails.
    ///   - tearDown: runs after each scenario's after hooks (even when the scenario failed), as an after hook
    ///     named `tearDown` (so a failure is reported like an after hook's); not run when no world was made.
    public convenience init(
        library: StepLibrary<World>, configuration: RunConfiguration = RunConfiguration(),
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        makeWorld: @escaping @Sendable (ScenarioInfo) async throws -> World,
        tearDown: (@Sendable (World) async throws -> Void)? = nil
    ) {
        self.init(
            library: library, configuration: configuration,
            ids: configuration.idStyle.makeSource(key: configuration.idKey),
            fileID: fileID,
            filePath: filePath, line: line, makeWorld: makeWorld, tearDown: tearDown)
    }

    /// Creates a runner whose messages take their ids from `ids`, which runners writing into one stream share
    /// (runners of one plan, one per variant).
    package init(
        library: StepLibrary<World>, configuration: RunConfiguration, ids: IdSource,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        makeWorld: @escaping @Sendable (ScenarioInfo) async throws -> World,
        tearDown: (@Sendable (World) async throws -> Void)? = nil
    ) {
        self.configuration = configuration
        self.ids = ids
        var library = library
        if let tearDown {
            var hook = HookRecord<World>(
                kind: .afterScenario, name: "tearDown", tagExpression: nil, order: Int.min,
                location: CodeLocation(fileID: fileID, filePath: filePath, line: line),
                body: .scenario({ world in try await tearDown(world) }))
            hook.tearsDownWorld = true
            library.append(hook)
        }
        let compiled = CompiledLibrary(library, ids: ids)
        environment = RunEnvironment(configuration: configuration, library: compiled, makeWorld: makeWorld)
        planner = TestCasePlanner(library: compiled)
        assembler = StreamAssembler(
            implementation: configuration.implementation, definitions: compiled.envelopes,
            problems: compiled.problems)
    }

    /// The messages of the step library: parameter types, step definitions and hooks, in registration order.
    package var definitionEnvelopes: [Envelope] { assembler.definitions }

    /// What is wrong in the step library, each naming the definition's Swift file and line.
    public var problems: [StepLibraryError] { environment.library.problems }

    /// Checks the configuration as this runner compiled it (its tag expressions, name patterns and ranges, each
    /// compiled once, here): a run with a configuration that does not compile throws the same error.
    ///
    /// - Throws: `SpecRunError` naming the first invalid value.
    public func checkConfiguration() throws(SpecRunError) {
        _ = try environment.compiled.get()
    }

    /// Loads `.feature` files and folders into a plan whose ids come from this runner.
    ///
    /// - Throws: `SpecRunError` when a path does not exist or cannot be read.
    package func plan(paths: [String]) throws(SpecRunError) -> SpecPlan {
        try SpecPlan.load(
            paths: paths, uriBase: configuration.uriBase, ids: ids, languages: configuration.languages)
    }

    /// The scenarios of `plan` that the configuration selects, in its order.
    ///
    /// - Throws: `SpecRunError` for an invalid tag expression or name pattern.
    package func selectedScenarios(in plan: SpecPlan) throws(SpecRunError) -> [ScenarioInfo] {
        plan.select(configuration, compiled: try environment.compiled.get())
    }

    /// Finds the spec files of `paths` (files and folders), for `run(_:sink:)`.
    ///
    /// - Throws: `SpecRunError` when a path does not exist, or it or a file in it cannot be read, naming it.
    package func files(paths: [String]) throws(SpecRunError) -> SpecFiles {
        try SpecFiles.find(paths: paths, uriBase: configuration.uriBase)
    }

    /// Runs the whole of `paths` (files and folders): finds the files, reads, selects, runs and emits the complete
    /// stream to `sink` (`meta`, documents, definitions, `testRunStarted`, test cases, `testRunFinished`).
    ///
    /// Files are read as a stream: memory stays bounded by the largest file and the scenarios in flight, however
    /// many files there are (a random order, which needs every scenario at hand, holds them all).
    ///
    /// Parse errors are emitted as `parseError` messages and fail the run; the other files still run.
    ///
    /// - Throws: `SpecRunError` when a path is missing or unreadable or the configuration is invalid (nothing
    ///   is emitted then).
    public func run(paths: [String], sink: some MessageSink) async throws(SpecRunError) -> RunSummary {
        try await run(files(paths: paths), sink: sink)
    }

    /// Runs the selected scenarios of `files`, reading them as a stream, and emits the complete stream to `sink`.
    ///
    /// - Throws: `SpecRunError` when the configuration is invalid (nothing is emitted then), or when a file can no
    ///   longer be read (the stream stops there).
    package func run(_ files: SpecFiles, sink: some MessageSink) async throws(SpecRunError) -> RunSummary {
        try await RunCoordinator(environment: environment, planner: planner, assembler: assembler)
            .run(files, ids: ids, sink: sink)
    }

    /// Runs the selected scenarios of `plan`, emitting the complete stream to `sink`.
    ///
    /// - Throws: `SpecRunError` when the configuration is invalid (nothing is emitted then).
    package func run(_ plan: SpecPlan, sink: some MessageSink) async throws(SpecRunError) -> RunSummary {
        try await RunCoordinator(environment: environment, planner: planner, assembler: assembler)
            .run(plan, sink: sink)
    }

    /// The `path:line` of each line filter line of the configuration that is inside no scenario of its file
    /// (whatever the tags, names and shard): a run selects nothing there, which the user should hear about. Reads
    /// only the files the filters name, with ids of its own.
    package func linesSelectingNothing() -> [String] {
        let filters = configuration.lineFilters
        guard !filters.isEmpty else { return [] }
        guard
            let plan = try? SpecPlan.load(
                paths: filters.map(\.path), uriBase: configuration.uriBase, languages: configuration.languages)
        else { return [] }
        return plan.linesSelectingNothing(configuration)
    }

    // MARK: Scenario by scenario (the Swift Testing bridge)

    /// The `testRunStarted` id of scenarios run one by one with `run(_:in:)`.
    package var testRunStartedId: String {
        standaloneRunId.withLock { id in
            if let id { return id }
            let new = ids.next()
            id = new
            return new
        }
    }

    /// Runs one scenario of `plan` (with retries as configured) as a whole run runs it; returns its messages,
    /// its only result.
    ///
    /// Thread-safe: call it for many scenarios at once. `beforeAll`/`afterAll` hooks do not run here; use
    /// `runTestRunHooks(_:)` around the scenarios.
    ///
    /// - Throws: `SpecRunError` when the scenario is not in `plan`.
    package func run(_ scenario: ScenarioInfo, in plan: SpecPlan) async throws(SpecRunError) -> ScenarioRun {
        guard let entry = plan.index.pickles[scenario.pickleId] else {
            throw SpecRunError(
                kind: .scenarioNotFound,
                message: "the scenario \(scenario) is not in this plan (pickle \(scenario.pickleId))")
        }
        let buffer = MessageCollector()
        let runId = testRunStartedId
        let testCase = plan.ids.draw { cursor in
            planner.prepare(
                SelectedPickle(entry, steps: plan.index.steps),
                testRunStartedId: runId, nextId: { cursor.next() })
        }.value
        let recorded = Locked<TestCaseOutcome?>(nil)
        let queue = TestCaseQueue.single(
            TestCaseQueue.Item(testCase: testCase, skipAll: false, firstAttempt: 0),
            record: { outcome in recorded.withLock { $0 = outcome } })
        let context = AttemptContext(skipAll: false, workerId: nil, ids: plan.ids)
        await WorkerPool(environment: environment).work(queue, context: context, emit: { buffer.emit($0) })
        return ScenarioRun(
            testCase: testCase.testCase, execution: buffer.takeEnvelopes(), failsRun: recorded.value?.failsRun ?? true)
    }

    /// Runs the `beforeAll` or `afterAll` hooks (for callers running scenarios one by one); returns their messages
    /// (`testRunHookStarted`/`testRunHookFinished`, attachments) and the first failure, if any.
    package func runTestRunHooks(_ kind: HookKind) async -> (envelopes: [Envelope], failure: String?) {
        let buffer = MessageCollector()
        let failure = await TestRunHooks(environment: environment).run(
            kind, testRunStartedId: testRunStartedId, ids: ids, emit: { buffer.emit($0) })
        return (buffer.envelopes, failure)
    }

    /// The complete stream of scenarios run one by one, for the reports, in the order a whole run emits it (see
    /// `StreamAssembler`): the plan's documents (with the pickles of `selected`), the definitions,
    /// `testRunStarted` at `startedAt`, the `beforeAll` hooks' messages, every test case, each run's messages (in
    /// the order given), the `afterAll` hooks' messages, `testRunFinished` at `finishedAt`, failed by
    /// `strayIssues` (issues recorded off every step's task that no single step could take) when there are any.
    package func stream(
        plan: SpecPlan, selected: [ScenarioInfo], runs: [ScenarioRun],
        beforeAll: (envelopes: [Envelope], failure: String?), afterAll: (envelopes: [Envelope], failure: String?),
        startedAt: Timestamp, finishedAt: Timestamp, strayIssues: [RecordedIssue] = []
    ) async -> [Envelope] {
        assembler.assemble(
            plan, selected: Set(selected.map(\.pickleId)), testRunStartedId: testRunStartedId, startedAt: startedAt,
            beforeAll: beforeAll, runs: runs, afterAll: afterAll, finishedAt: finishedAt, strayIssues: strayIssues)
    }
}
