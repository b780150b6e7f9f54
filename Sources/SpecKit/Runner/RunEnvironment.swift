import Messages
import TagExpressions

/// What every part of a runner shares: the configuration, the compiled step library and how worlds are made.
struct RunEnvironment<World: Actor>: Sendable {
    let configuration: RunConfiguration
    let library: CompiledLibrary<World>
    let makeWorld: @Sendable (ScenarioInfo) async throws -> World
    /// `10 s`: the step timeout as messages write it (made once, not per body).
    let timeoutDescription: String
    /// `timed out after 10 s`.
    let timeoutMessage: String
    /// The configuration's expressions and patterns, compiled once for the whole runner; a run whose configuration
    /// does not compile throws this error before it runs anything.
    let compiled: Result<CompiledConfiguration, SpecRunError>
    /// The exclusive groups of the configuration and the library (compiled once).
    let exclusiveGroups: ExclusiveGroups
    /// Whether a scenario of these tags may be retried (nil: every one).
    let retryFilter: TagExpression?

    init(
        configuration: RunConfiguration, library: CompiledLibrary<World>,
        makeWorld: @escaping @Sendable (ScenarioInfo) async throws -> World
    ) {
        self.configuration = configuration
        self.library = library
        self.makeWorld = makeWorld
        timeoutDescription = Timeout.describe(configuration.stepTimeout)
        timeoutMessage = "timed out after \(timeoutDescription)"
        compiled = Result { () throws(SpecRunError) in try configuration.compiled() }
        let expressions = (try? compiled.get()) ?? .empty
        exclusiveGroups = ExclusiveGroups(compiled: expressions, library: library)
        retryFilter = expressions.retryFilter
    }

    /// How many times `info` may be retried: the configured count, or 0 when the retry tag filter leaves it out.
    func retries(for info: ScenarioInfo) -> Int {
        guard let retryFilter else { return configuration.retry }
        return retryFilter.evaluate(info.tags) ? configuration.retry : 0
    }

    var clock: RunClock { configuration.clock }

    /// Whether `info` carries the work-in-progress tag.
    func isWorkInProgress(_ info: ScenarioInfo) -> Bool {
        configuration.verdict.isWorkInProgress(info.tags)
    }

    /// How a test case whose last attempt (of `attempts`) ended with `outcome` ended.
    func outcome(_ info: ScenarioInfo, last outcome: AttemptOutcome, attempts: Int) -> TestCaseOutcome {
        TestCaseOutcome(
            status: outcome.status, stepCounts: outcome.stepCounts, attempts: attempts,
            failsRun: configuration.verdict.failsRun(outcome.status, tags: info.tags))
    }
}
