/// The selected pickles of a plan held in memory, in any order (a random order needs them all at hand).
struct PlanPickles: SelectedPickles {
    let plan: SpecPlan
    let selected: [ScenarioInfo]

    var count: Int { selected.count }

    func forEach(parsingAhead: Bool, _ body: (SelectedPickle) -> Void) {
        for scenario in selected {
            guard let entry = plan.index.pickles[scenario.pickleId] else { continue }
            body(SelectedPickle(pickle: entry.pickle, info: entry.info, steps: plan.index.steps))
        }
    }
}
