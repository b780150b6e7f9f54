import Messages

/// Turns pickles into test cases: matches each step against the library (each distinct text once, in the match
/// cache) and selects the hooks, drawing the ids of the `testCase` message.
final class TestCasePlanner<World: Actor>: Sendable {
    let library: CompiledLibrary<World>
    let matchCache = MatchCache()
    private let hasHooks: Bool

    init(library: CompiledLibrary<World>) {
        self.library = library
        hasHooks = !library.hooks.isEmpty
    }

    /// Prepares `selected`, taking ids from `nextId` (the test case's first, then one per test step), so a test
    /// case can be prepared again with the ids it had (from an `IdCursor`); `withTestSteps: false` leaves the
    /// `testCase` message's test steps empty (when it was emitted already).
    func prepare(
        _ selected: SelectedPickle, testRunStartedId: String?, withTestSteps: Bool = true, nextId: () -> String
    ) -> PreparedTestCase {
        let pickle = selected.pickle
        let info = selected.info
        let testCaseId = nextId()
        // Without hooks, no hook list is made (in this generic code, even an empty one looks its type up).
        let hasHooks = self.hasHooks
        let before = hasHooks ? library.hooks(.beforeScenario, tags: info.tags) : nil
        let after = hasHooks ? library.hooks(.afterScenario, tags: info.tags) : nil
        let count = (before?.count ?? 0) + pickle.steps.count + (after?.count ?? 0)
        var steps: [PreparedStep] = []
        var testSteps: [TestStep] = []
        steps.reserveCapacity(count)
        if withTestSteps { testSteps.reserveCapacity(count) }
        func addHooks(_ hooks: [CompiledHook<World>]?) {
            guard let hooks else { return }
            for hook in hooks {
                let id = nextId()
                steps.append(PreparedStep(id: id, kind: .hook(hook.slot)))
                if withTestSteps { testSteps.append(TestStep(hookId: hook.id, id: id)) }
            }
        }
        addHooks(before)
        for (position, pickleStep) in pickle.steps.enumerated() {
            let id = nextId()
            let entry = matchEntry(pickleStep.text)
            let source = selected.sources.indices.contains(position) ? selected.sources[position] : nil
            steps.append(PreparedStep(id: id, kind: .step(pickleStep, entry.match, source)))
            guard withTestSteps else { continue }
            testSteps.append(
                TestStep(
                    id: id, pickleStepId: pickleStep.id, stepDefinitionIds: entry.definitionIds,
                    stepMatchArgumentsLists: entry.argumentsLists))
        }
        addHooks(after)
        let testCase = TestCase(
            id: testCaseId, pickleId: pickle.id, testSteps: testSteps, testRunStartedId: testRunStartedId)
        return PreparedTestCase(testCase: testCase, pickle: pickle, info: info, steps: steps)
    }

    /// The `testCase` message of `selected` alone, with the ids `prepare` would draw (for the pass that emits every
    /// test case before any runs: it needs neither the steps to run nor their Gherkin steps).
    func testCase(_ selected: SelectedPickle, testRunStartedId: String?, nextId: () -> String) -> TestCase {
        let pickle = selected.pickle
        let testCaseId = nextId()
        let hasHooks = self.hasHooks
        let before = hasHooks ? library.hooks(.beforeScenario, tags: selected.info.tags) : nil
        let after = hasHooks ? library.hooks(.afterScenario, tags: selected.info.tags) : nil
        var testSteps: [TestStep] = []
        testSteps.reserveCapacity((before?.count ?? 0) + pickle.steps.count + (after?.count ?? 0))
        if let before { for hook in before { testSteps.append(TestStep(hookId: hook.id, id: nextId())) } }
        for pickleStep in pickle.steps {
            let id = nextId()
            let entry = matchEntry(pickleStep.text)
            testSteps.append(
                TestStep(
                    id: id, pickleStepId: pickleStep.id, stepDefinitionIds: entry.definitionIds,
                    stepMatchArgumentsLists: entry.argumentsLists))
        }
        if let after { for hook in after { testSteps.append(TestStep(hookId: hook.id, id: nextId())) } }
        return TestCase(id: testCaseId, pickleId: pickle.id, testSteps: testSteps, testRunStartedId: testRunStartedId)
    }

    /// How many ids `prepare` and `testCase` draw for the test case of a pickle of `steps` steps tagged `tags`: its
    /// own, then one for each of its hooks and steps (a runner process draws them without preparing the test case).
    func idCount(steps: Int, tags: [String]) -> Int {
        guard hasHooks else { return 1 + steps }
        return 1 + library.hooks(.beforeScenario, tags: tags).count + steps
            + library.hooks(.afterScenario, tags: tags).count
    }

    /// The match of `text`, from the cache.
    func matchEntry(_ text: String) -> MatchCache.Entry {
        matchCache.entry(for: text) { text in
            let match = self.match(text)
            return MatchCache.Entry(
                match: match, definitionIds: match.definitionIds(library), argumentsLists: match.argumentsLists)
        }
    }

    private func match(_ text: String) -> StepMatch {
        let matches: [StepDefinitionIndex.Match]
        do {
            matches = try library.index.matches(for: text)
        } catch {
            return .failed(String(describing: error))
        }
        switch matches.count {
        case 0: return .undefined
        case 1: return .matched(library.indexed[matches[0].definition], matches[0].arguments)
        default: return .ambiguous(matches.map { (library.indexed[$0.definition], $0.arguments) })
        }
    }
}
