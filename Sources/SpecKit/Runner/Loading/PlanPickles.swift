/// The selected pickles of a plan held in memory, in any order (a random order needs them all at hand).
struct PlanPickles: SelectedPickles {
    let plan: SpecPlan
    let selected: [ScenarioInfo]
    let testCaseIdCount: Int

    /// The pickles of `selected` in `plan`, their test cases drawing `idCount` ids each.
    init(plan: SpecPlan, selected: [ScenarioInfo], idCount: (_ steps: Int, _ tags: [String]) -> Int) {
        self.plan = plan
        self.selected = selected
        testCaseIdCount = selected.reduce(0) { total, scenario in
            guard let entry = plan.index.pickles[scenario.pickleId] else { return total }
            return total + idCount(entry.pickle.steps.count, entry.info.tags)
        }
    }

    var count: Int { selected.count }

    func forEach(parsingAhead: Bool, _ body: (SelectedPickle) -> Void) {
        for scenario in selected {
            guard let entry = plan.index.pickles[scenario.pickleId] else { continue }
            body(SelectedPickle(entry, steps: plan.index.steps))
        }
    }
}
