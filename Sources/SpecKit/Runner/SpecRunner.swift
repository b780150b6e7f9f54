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
/// // Whole run:
/// let sink = try NDJSONFileSink(path: "reports/messages.ndjson")
/// let summary = try await runner.run(paths: ["Specs"], sink: sink)
/// try sink.close()
/// // One scenario at a time:
/// let plan = try runner.plan(paths: ["Specs"])
/// let result = await runner.run(plan.scenarios[0], in: plan)
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
    public let ids: IdSource
    let library: CompiledLibrary<World>
    let makeWorld: @Sendable (ScenarioInfo) async throws -> World
    let tearDown: (@Sendable (World) async throws -> Void)?
    let standaloneRunIdStorage = Locked<String?>(nil)
    let matchCache = MatchCache()
    /// `10 s`: the step timeout as messages write it (made once, not per body).
    let timeoutDescription: String
    /// `timed out after 10 s`.
    let timeoutMessage: String

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - library: the step definitions, parameter types and hooks; problems in it (see `problems`) are
    ///     reported in the stream and fail the steps they concern.
    ///   - configuration: selection, order, timeouts, ids, clock...
    ///   - fileID, filePath, line: where the runner is made: the `sourceReference` of the `tearDown` hook.
    ///   - makeWorld: makes the world of a scenario; if it throws, the scenario fails.
    ///   - tearDown: runs after each scenario's after hooks (even when the scenario failed), as an after hook
    ///     named `tearDown` (so a failure is reported like an after hook's); not run when no world was made.
    public init(
        library: StepLibrary<World>, configuration: RunConfiguration = RunConfiguration(),
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        makeWorld: @escaping @Sendable (ScenarioInfo) async throws -> World,
        tearDown: (@Sendable (World) async throws -> Void)? = nil
    ) {
        self.configuration = configuration
        timeoutDescription = Timeout.describe(configuration.stepTimeout)
        timeoutMessage = "timed out after \(timeoutDescription)"
        let ids = configuration.idStyle.makeSource()
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
        self.library = CompiledLibrary(library, ids: ids)
        self.makeWorld = makeWorld
        self.tearDown = tearDown
    }

    /// What is wrong in the step library, each naming the definition's Swift file and line.
    public var problems: [StepLibraryError] { library.problems }

    /// Loads `.feature` files and folders into a plan whose ids come from this runner.
    ///
    /// - Throws: `SpecRunError` when a path does not exist or cannot be read.
    public func plan(paths: [String]) throws(SpecRunError) -> SpecPlan {
        try SpecPlan.load(paths: paths, uriBase: configuration.uriBase, ids: ids)
    }

    /// The scenarios of `plan` that the configuration selects, in its order.
    ///
    /// - Throws: `SpecRunError` for an invalid tag expression or name pattern.
    public func selectedScenarios(in plan: SpecPlan) throws(SpecRunError) -> [ScenarioInfo] {
        try plan.select(configuration)
    }

    /// The definitions' messages: `parameterType`, `undefinedParameterType`, `stepDefinition` and `hook`, in
    /// the order the library registered them.
    public var definitionEnvelopes: [Envelope] { library.envelopes }

    /// Runs the whole of `paths` (files and folders): loads, selects, runs and emits the complete stream to
    /// `sink` (`meta`, documents, definitions, `testRunStarted`, test cases, `testRunFinished`).
    ///
    /// Parse errors are emitted as `parseError` messages and fail the run; the other files still run.
    ///
    /// - Throws: `SpecRunError` when a path is missing or unreadable or the configuration is invalid (nothing
    ///   is emitted then).
    public func run(paths: [String], sink: some MessageSink) async throws(SpecRunError) -> RunSummary {
        let plan = try plan(paths: paths)
        return try await run(plan, sink: sink)
    }

    /// Runs the selected scenarios of `plan`, emitting the complete stream to `sink`.
    ///
    /// - Throws: `SpecRunError` when the configuration is invalid (nothing is emitted then).
    public func run(_ plan: SpecPlan, sink: some MessageSink) async throws(SpecRunError) -> RunSummary {
        try await runWhole(plan, sink: sink)
    }

    /// Runs one scenario of `plan` (with retries as configured) and returns its result and messages.
    ///
    /// Thread-safe: call it for many scenarios at once. `beforeAll`/`afterAll` hooks do not run here; use
    /// `runBeforeAllHooks()` and `runAfterAllHooks()` around the scenarios.
    public func run(_ scenario: ScenarioInfo, in plan: SpecPlan) async -> ScenarioResult {
        let buffer = MessageCollector()
        return await runScenario(
            scenario, in: plan, testRunStartedId: testRunStartedId, skipAll: false, workerId: nil,
            emit: { buffer.emit($0) }, buffer: buffer)
    }

    /// Runs the `beforeAll` hooks (for callers running scenarios one by one); returns their messages
    /// (`testRunHookStarted`/`testRunHookFinished`, attachments) and the first failure, if any.
    public func runBeforeAllHooks(testRunStartedId: String) async -> (envelopes: [Envelope], failure: String?) {
        let buffer = MessageCollector()
        let failure = await runRunHooks(.beforeAll, testRunStartedId: testRunStartedId, emit: { buffer.emit($0) })
        return (buffer.envelopes, failure)
    }

    /// Runs the `afterAll` hooks; see `runBeforeAllHooks(testRunStartedId:)`.
    public func runAfterAllHooks(testRunStartedId: String) async -> (envelopes: [Envelope], failure: String?) {
        let buffer = MessageCollector()
        let failure = await runRunHooks(.afterAll, testRunStartedId: testRunStartedId, emit: { buffer.emit($0) })
        return (buffer.envelopes, failure)
    }

    /// A complete, coherent stream for scenarios run one by one (e.g. after `swift test`), for the reports:
    /// `meta`, `plan`'s documents, the definitions, `testRunStarted`, each result's messages (in the order
    /// given), `extra` envelopes (e.g. run hooks' messages) and `testRunFinished`.
    public func stream(
        plan: SpecPlan, results: [ScenarioResult], extra: [Envelope] = [], startedAt: Timestamp,
        finishedAt: Timestamp
    ) -> [Envelope] {
        assembleStream(plan: plan, results: results, extra: extra, startedAt: startedAt, finishedAt: finishedAt)
    }
}
