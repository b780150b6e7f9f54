import Messages

/// Turns pickles into test cases: matches each step against the library (each distinct text once, in the match
/// cache) and selects the hooks, drawing the ids of the `testCase` message.
final class TestCasePlanner<World: Actor>: Sendable {
    let library: CompiledLibrary<World>
    let matchCache = MatchCache()

    init(library: CompiledLibrary<World>) {
        self.library = library
    }

    /// Prepares `pickle`, drawing ids from `ids`.
    func prepare(_ pickle: Pickle, info: ScenarioInfo, testRunStartedId: String?, ids: IdSource) -> PreparedTestCase {
        prepare(pickle, info: info, testRunStartedId: testRunStartedId, nextId: ids.next)
    }

    /// Prepares `pickle`, taking ids from `nextId` (the test case's first, then one per test step), so a test case
    /// can be prepared again with the ids it had; `withTestSteps: false` leaves the `testCase` message's test
    /// steps empty (when it was emitted already).
    func prepare(
        _ pickle: Pickle, info: ScenarioInfo, testRunStartedId: String?, withTestSteps: Bool = true,
        nextId: () -> String
    ) -> PreparedTestCase {
        let testCaseId = nextId()
        let before = library.hooks(.beforeScenario, tags: info.tags)
        let after = library.hooks(.afterScenario, tags: info.tags)
        let count = before.count + pickle.steps.count + after.count
        var steps: [PreparedStep] = []
        var testSteps: [TestStep] = []
        steps.reserveCapacity(count)
        if withTestSteps { testSteps.reserveCapacity(count) }
        func addHooks(_ hooks: [CompiledHook<World>]) {
            for hook in hooks {
                let id = nextId()
                steps.append(PreparedStep(id: id, kind: .hook(hook.slot)))
                if withTestSteps { testSteps.append(TestStep(hookId: hook.id, id: id)) }
            }
        }
        addHooks(before)
        for pickleStep in pickle.steps {
            let id = nextId()
            let entry = matchEntry(pickleStep.text)
            steps.append(PreparedStep(id: id, kind: .step(pickleStep, entry.match)))
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

    /// Emits the `testCase` message of every selected scenario, in order, and returns what is needed to prepare
    /// each again when it runs.
    func emitTestCases(
        _ selected: [ScenarioInfo], plan: SpecPlan, testRunStartedId: String, emit: (Envelope) -> Void
    ) -> [PlannedTestCase] {
        var planned: [PlannedTestCase] = []
        planned.reserveCapacity(selected.count)
        for scenario in selected {
            guard let entry = plan.index.pickles[scenario.pickleId] else { continue }
            let testCase = prepare(entry.pickle, info: entry.info, testRunStartedId: testRunStartedId, ids: plan.ids)
            emit(.testCase(testCase.testCase))
            planned.append(PlannedTestCase(pickleId: scenario.pickleId, ids: testCase.drawnIds))
        }
        return planned
    }

    /// Prepares a planned test case again with the ids it drew when its `testCase` message was emitted.
    func prepareAgain(_ planned: PlannedTestCase, plan: SpecPlan, testRunStartedId: String) -> PreparedTestCase? {
        guard let entry = plan.index.pickles[planned.pickleId] else { return nil }
        var ids = planned.ids.makeIterator()
        return prepare(
            entry.pickle, info: entry.info, testRunStartedId: testRunStartedId, withTestSteps: false,
            nextId: { ids.next() ?? plan.ids.next() })
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
