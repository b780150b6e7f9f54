import CucumberExpressions
import Messages
import RegexEngine

/// How a pickle step matched the library.
enum StepMatch: Sendable {
    /// One definition (position in `CompiledLibrary.steps`) with its arguments.
    case matched(Int, [MatchArgument])
    /// No definition.
    case undefined
    /// Several definitions (positions in `CompiledLibrary.steps`) with their arguments.
    case ambiguous([(Int, [MatchArgument])])
    /// Matching itself failed (matcher budget, ambiguous parameter type in a regular expression).
    case failed(String)
}

/// One test step of a test case, ready to run.
struct PreparedStep: Sendable {
    enum Kind: Sendable {
        case hook(Int)
        case step(PickleStep, StepMatch)
    }

    let id: String
    let kind: Kind
}

/// A pickle turned into a test case: the `testCase` message and its steps.
struct PreparedTestCase: Sendable {
    let testCase: TestCase
    let pickle: Pickle
    let info: ScenarioInfo
    let steps: [PreparedStep]
}

extension SpecRunner {
    /// Matches `pickle`'s steps and selects its hooks, drawing ids from `ids`.
    func prepare(
        _ pickle: Pickle, info: ScenarioInfo, testRunStartedId: String?, ids: IdSource
    ) -> PreparedTestCase {
        prepare(pickle, info: info, testRunStartedId: testRunStartedId, nextId: ids.next)
    }

    /// Matches `pickle`'s steps and selects its hooks, taking ids from `nextId` (the test case's first, then
    /// one per test step), so a test case can be prepared again with the ids it had; `withTestSteps: false`
    /// leaves the `testCase` message's test steps empty (when it was emitted already).
    func prepare(
        _ pickle: Pickle, info: ScenarioInfo, testRunStartedId: String?, withTestSteps: Bool = true,
        nextId: () -> String
    ) -> PreparedTestCase {
        let testCaseId = nextId()
        let tags = info.tags
        let before = library.hooks(.beforeScenario, tags: tags)
        let after = library.hooks(.afterScenario, tags: tags)
        let count = before.count + pickle.steps.count + after.count
        var steps: [PreparedStep] = []
        var testSteps: [TestStep] = []
        steps.reserveCapacity(count)
        if withTestSteps { testSteps.reserveCapacity(count) }
        for hook in before {
            let id = nextId()
            steps.append(PreparedStep(id: id, kind: .hook(hookPosition(hook))))
            if withTestSteps { testSteps.append(TestStep(hookId: hook.id, id: id)) }
        }
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
        for hook in after {
            let id = nextId()
            steps.append(PreparedStep(id: id, kind: .hook(hookPosition(hook))))
            if withTestSteps { testSteps.append(TestStep(hookId: hook.id, id: id)) }
        }
        let testCase = TestCase(
            id: testCaseId, pickleId: pickle.id, testSteps: testSteps, testRunStartedId: testRunStartedId)
        return PreparedTestCase(testCase: testCase, pickle: pickle, info: info, steps: steps)
    }

    /// The ids a prepared test case drew, in order: the test case's, then each test step's.
    func drawnIds(_ testCase: PreparedTestCase) -> [String] {
        [testCase.testCase.id] + testCase.steps.map(\.id)
    }

    func hookPosition(_ hook: CompiledHook<World>) -> Int {
        library.hooks.firstIndex { $0.id == hook.id } ?? 0
    }

    /// The match of `text`, from the runner's cache.
    func matchEntry(_ text: String) -> MatchCache.Entry {
        matchCache.entry(for: text) { text in
            let match = self.match(text)
            return MatchCache.Entry(
                match: match, definitionIds: match.definitionIds(library), argumentsLists: match.argumentsLists)
        }
    }

    func match(_ text: String) -> StepMatch {
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

extension StepMatch {
    func definitionIds<World: Actor>(_ library: CompiledLibrary<World>) -> [String] {
        switch self {
        case .matched(let position, _): [library.steps[position].id]
        case .ambiguous(let matches): matches.map { library.steps[$0.0].id }
        case .undefined, .failed: []
        }
    }

    var argumentsLists: [StepMatchArgumentsList] {
        switch self {
        case .matched(_, let arguments): [StepMatchArgumentsList(arguments)]
        case .ambiguous(let matches): matches.map { StepMatchArgumentsList($0.1) }
        case .undefined, .failed: []
        }
    }
}

extension StepMatchArgumentsList {
    init(_ arguments: [MatchArgument]) {
        self.init(
            stepMatchArguments: arguments.map { argument in
                StepMatchArgument(group: Group(argument.group), parameterTypeName: argument.parameterTypeName)
            })
    }
}

extension Group {
    init(_ group: MatchGroup) {
        self.init(
            children: group.children.isEmpty ? nil : group.children.map(Group.init), start: group.start,
            value: group.value)
    }
}
