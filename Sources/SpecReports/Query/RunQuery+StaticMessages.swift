import Messages

/// The lookups of the stream's static messages: documents, pickles and their steps, definitions, hooks, tags.
extension RunQuery {
    /// The Gherkin document with `uri` (when streaming, only among the documents of running test cases).
    public func gherkinDocument(uri: String) -> GherkinDocument? {
        if retention == .streaming {
            return loadedDocuments.values.lazy.map(\.document).first { $0.uri == uri }
        }
        return gherkinDocuments.first { $0.uri == uri }
    }

    /// The pickle with `id` (when streaming, only for a test case still running).
    public func pickle(id: String) -> Pickle? {
        pickleById[id]
    }

    /// The pickle step with `id` (when streaming, only for a test case still running).
    public func pickleStep(id: String) -> PickleStep? {
        pickleStepById[id]
    }

    /// The step definition with `id`.
    public func stepDefinition(id: String) -> StepDefinition? {
        stepDefinitionIndexById[id].map { stepDefinitions[$0] }
    }

    /// The hook with `id`.
    public func hook(id: String) -> Hook? {
        hookIndexById[id].map { hooks[$0] }
    }

    /// The suggestions (snippets) for the undefined pickle step with `pickleStepId`.
    public func suggestions(forPickleStep pickleStepId: String) -> [Suggestion] {
        suggestionsByPickleStep[pickleStepId] ?? []
    }

    /// Where `pickle` comes from: feature, rule, scenario, backgrounds, examples row.
    public func lineage(of pickle: Pickle) -> PickleLineage? {
        gherkin.lineage(of: pickle)
    }

    /// The Gherkin step a pickle step comes from.
    public func gherkinStep(of pickleStep: PickleStep) -> Step? {
        pickleStep.astNodeIds.first.flatMap { gherkin.steps[$0]?.step }
    }

    /// The background a pickle step comes from, if it is a background step.
    public func background(of pickleStep: PickleStep) -> Background? {
        pickleStep.astNodeIds.first.flatMap { gherkin.steps[$0]?.backgroundId }.flatMap { gherkin.backgrounds[$0] }
    }

    /// The Gherkin tag with AST node `id`.
    public func tag(id: String) -> Tag? {
        gherkin.tags[id]
    }
}
