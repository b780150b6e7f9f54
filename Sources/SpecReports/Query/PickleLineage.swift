import Messages

/// Where a pickle comes from in its Gherkin document: the feature, the rule, the scenario, the backgrounds that
/// run before it and, for a scenario outline, the examples table and row.
public struct PickleLineage: Sendable, Hashable {
    /// The URI of the document.
    public var uri: String
    /// The feature.
    public var feature: Feature
    /// The rule the scenario belongs to, if any.
    public var rule: Rule?
    /// The scenario (or scenario outline).
    public var scenario: Scenario
    /// The backgrounds whose steps run before the scenario's: the feature's, then the rule's.
    public var backgrounds: [Background]
    /// The examples table of the row, for a pickle of a scenario outline.
    public var examples: Examples?
    /// The 0-based position of `examples` among the scenario's examples tables.
    public var examplesIndex: Int?
    /// The examples row, for a pickle of a scenario outline.
    public var example: TableRow?
    /// The 0-based position of `example` in its table's body.
    public var exampleIndex: Int?

    /// The line of the scenario, or of the examples row for an outline (where a rerun points).
    public var line: Int {
        example?.location.line ?? scenario.location.line
    }
}

/// Where a Gherkin step sits: in a background or a scenario.
struct GherkinStepNode {
    var step: Step
    /// The id of the background holding the step, if it is a background step.
    var backgroundId: String?
}

/// The nodes of one Gherkin document, by id.
struct ScenarioNode {
    var uri: String
    var feature: Feature
    var rule: Rule?
    var scenario: Scenario
    var backgrounds: [Background]
}

struct ExampleRowNode {
    var examples: Examples
    var examplesIndex: Int
    var row: TableRow
    var rowIndex: Int
}

/// Indexes the AST nodes of Gherkin documents by id.
struct GherkinIndex {
    private(set) var scenarios: [String: ScenarioNode] = [:]
    private(set) var rows: [String: ExampleRowNode] = [:]
    private(set) var steps: [String: GherkinStepNode] = [:]
    private(set) var backgrounds: [String: Background] = [:]
    private(set) var tags: [String: Tag] = [:]

    mutating func add(_ document: GherkinDocument) {
        guard let feature = document.feature else { return }
        let uri = document.uri ?? ""
        for tag in feature.tags { tags[tag.id] = tag }
        var featureBackgrounds: [Background] = []
        for child in feature.children {
            switch child {
            case .background(let background):
                featureBackgrounds.append(background)
                add(background)
            case .scenario(let scenario):
                add(
                    scenario,
                    ScenarioNode(
                        uri: uri, feature: feature, rule: nil, scenario: scenario, backgrounds: featureBackgrounds))
            case .rule(let rule):
                for tag in rule.tags { tags[tag.id] = tag }
                var ruleBackgrounds = featureBackgrounds
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background):
                        ruleBackgrounds.append(background)
                        add(background)
                    case .scenario(let scenario):
                        add(
                            scenario,
                            ScenarioNode(
                                uri: uri, feature: feature, rule: rule, scenario: scenario,
                                backgrounds: ruleBackgrounds))
                    }
                }
            }
        }
    }

    /// Forgets the nodes of `document` (a streaming query drops the documents no running test case uses).
    mutating func remove(_ document: GherkinDocument) {
        guard let feature = document.feature else { return }
        for tag in feature.tags { tags[tag.id] = nil }
        func remove(_ background: Background) {
            backgrounds[background.id] = nil
            for step in background.steps { steps[step.id] = nil }
        }
        func remove(_ scenario: Scenario) {
            scenarios[scenario.id] = nil
            for tag in scenario.tags { tags[tag.id] = nil }
            for step in scenario.steps { steps[step.id] = nil }
            for examples in scenario.examples {
                for tag in examples.tags { tags[tag.id] = nil }
                for row in examples.tableBody { rows[row.id] = nil }
            }
        }
        for child in feature.children {
            switch child {
            case .background(let background): remove(background)
            case .scenario(let scenario): remove(scenario)
            case .rule(let rule):
                for tag in rule.tags { tags[tag.id] = nil }
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background): remove(background)
                    case .scenario(let scenario): remove(scenario)
                    }
                }
            }
        }
    }

    private mutating func add(_ background: Background) {
        backgrounds[background.id] = background
        for step in background.steps {
            steps[step.id] = GherkinStepNode(step: step, backgroundId: background.id)
        }
    }

    private mutating func add(_ scenario: Scenario, _ node: ScenarioNode) {
        scenarios[scenario.id] = node
        for tag in scenario.tags { tags[tag.id] = tag }
        for step in scenario.steps {
            steps[step.id] = GherkinStepNode(step: step, backgroundId: nil)
        }
        for (examplesIndex, examples) in scenario.examples.enumerated() {
            for tag in examples.tags { tags[tag.id] = tag }
            for (rowIndex, row) in examples.tableBody.enumerated() {
                rows[row.id] = ExampleRowNode(
                    examples: examples, examplesIndex: examplesIndex, row: row, rowIndex: rowIndex)
            }
        }
    }

    func lineage(of pickle: Pickle) -> PickleLineage? {
        guard let scenarioId = pickle.astNodeIds.first, let node = scenarios[scenarioId] else { return nil }
        var lineage = PickleLineage(
            uri: node.uri, feature: node.feature, rule: node.rule, scenario: node.scenario,
            backgrounds: node.backgrounds)
        if pickle.astNodeIds.count > 1, let row = rows[pickle.astNodeIds[pickle.astNodeIds.count - 1]] {
            lineage.examples = row.examples
            lineage.examplesIndex = row.examplesIndex
            lineage.example = row.row
            lineage.exampleIndex = row.rowIndex
        }
        return lineage
    }
}
