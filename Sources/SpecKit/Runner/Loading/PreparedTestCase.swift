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

/// One test step of a test case, ready to run (a class: the runner takes each step from the test case's array,
/// and a copy is then one reference rather than a pickle step, a match and a Gherkin step).
final class PreparedStep: Sendable {
    enum Kind: Sendable {
        case hook(Int)
        /// A pickle step, how it matched, and the Gherkin step it comes from (its keyword and place).
        case step(PickleStep, StepMatch, PlanIndex.StepSource?)
    }

    let id: String
    let kind: Kind

    init(id: String, kind: Kind) {
        self.id = id
        self.kind = kind
    }
}

/// A pickle turned into a test case: the `testCase` message and its steps.
struct PreparedTestCase: Sendable {
    let testCase: TestCase
    let pickle: Pickle
    let info: ScenarioInfo
    let steps: [PreparedStep]

}

/// A selected pickle, with what preparing its test case needs.
struct SelectedPickle: Sendable {
    let pickle: Pickle
    let info: ScenarioInfo
    /// The Gherkin step each pickle step comes from, in the pickle's order.
    let sources: [PlanIndex.StepSource?]
    /// Where it is in a run read as a stream; nil in a plan held whole.
    let origin: PickleOrigin?

    /// The pickle of `entry`, its steps' sources looked up in `steps` (its document's or plan's, by id), found at
    /// `origin`.
    init(_ entry: PlanIndex.PickleEntry, steps: [String: PlanIndex.StepSource], origin: PickleOrigin? = nil) {
        pickle = entry.pickle
        info = entry.info
        sources = entry.pickle.steps.map { step in step.astNodeIds.first.flatMap { steps[$0] } }
        self.origin = origin
    }
}

/// Where a selected pickle is in a run read as a stream: its file, where that file's ids start, and its place among
/// the file's selected pickles. A worker process handed the test case parses that file alone to find it.
package struct PickleOrigin: Sendable, Hashable {
    /// The file's position among the run's files.
    package var file: Int32
    /// The pickle's position among the file's selected pickles, in run order.
    package var index: Int32
    /// The position of the file's first id.
    package var firstId: Int

    package init(file: Int32, index: Int32, firstId: Int) {
        self.file = file
        self.index = index
        self.firstId = firstId
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
