/// Which scenarios a configuration selects (tags, names, line filters, shard), decided one scenario at a time, so a
/// run reading its files one by one selects as it reads.
struct ScenarioSelector: Sendable {
    private let compiled: CompiledConfiguration
    private let filters: [(uris: [String], lines: [Int])]
    private let shard: Shard?

    /// The selection of `configuration`, whose expressions and patterns are `compiled`.
    init(_ configuration: RunConfiguration, compiled: CompiledConfiguration) {
        self.compiled = compiled
        let base = SpecPaths.base(configuration.uriBase)
        filters = configuration.lineFilters.map { filter in
            (
                uris: [SpecPaths.uri(of: SpecPaths.absolute(filter.path), base: base), filter.path],
                lines: filter.lines
            )
        }
        shard = configuration.shard
    }

    /// Whether `scenario`, whose line-filter lines are `lines`, is selected.
    func selects(_ scenario: ScenarioInfo, lines: [ClosedRange<Int>]) -> Bool {
        if !compiled.tags.allSatisfy({ $0.evaluate(scenario.tags) }) { return false }
        if !compiled.names.isEmpty && !compiled.names.contains(where: { $0.matches(scenario.name) }) {
            return false
        }
        if !filters.isEmpty {
            let selectedByFilter = filters.contains { filter in
                filter.uris.contains(scenario.uri)
                    && (filter.lines.isEmpty
                        || filter.lines.contains { line in lines.contains { $0.contains(line) } })
            }
            if !selectedByFilter { return false }
        }
        if let shard, !shard.contains(uri: scenario.uri, line: scenario.line) { return false }
        return true
    }
}

extension RunOrder {
    /// Puts `scenarios`, given in the defined order, in this order.
    func apply<Item>(to scenarios: inout [Item]) {
        switch self {
        case .defined: break
        case .reverse: scenarios.reverse()
        case .random(let seed):
            var generator = SplitMix64(seed: seed)
            scenarios.shuffle(using: &generator)
        }
    }
}
