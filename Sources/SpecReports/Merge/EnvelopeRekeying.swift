import Messages

/// Rewrites the ids of messages: `define` is applied to the ids a message introduces (its own id, its test steps'
/// ids...), `refer` to the ids it points to (a pickle's AST nodes, a test case's pickle...).
struct IdRewriter {
    var define: (String) -> String
    var refer: (String) -> String
}

extension Envelope {
    /// The envelope with every id introduced or referenced rewritten (Gherkin documents excepted: use
    /// `GherkinDocument.rekeyed`).
    func rekeyed(_ ids: IdRewriter) -> Envelope {
        switch self {
        case .pickle(var pickle):
            pickle.id = ids.define(pickle.id)
            pickle.astNodeIds = pickle.astNodeIds.map(ids.refer)
            pickle.steps = pickle.steps.map { step in
                var step = step
                step.id = ids.define(step.id)
                step.astNodeIds = step.astNodeIds.map(ids.refer)
                return step
            }
            pickle.tags = pickle.tags.map { PickleTag(name: $0.name, astNodeId: ids.refer($0.astNodeId)) }
            return .pickle(pickle)
        case .stepDefinition(var definition):
            definition.id = ids.define(definition.id)
            return .stepDefinition(definition)
        case .hook(var hook):
            hook.id = ids.define(hook.id)
            return .hook(hook)
        case .parameterType(var parameterType):
            parameterType.id = ids.define(parameterType.id)
            return .parameterType(parameterType)
        case .suggestion(var suggestion):
            suggestion.id = ids.define(suggestion.id)
            suggestion.pickleStepId = ids.refer(suggestion.pickleStepId)
            return .suggestion(suggestion)
        case .testRunStarted(var started):
            started.id = started.id.map(ids.define)
            return .testRunStarted(started)
        case .testRunFinished(var finished):
            finished.testRunStartedId = finished.testRunStartedId.map(ids.refer)
            return .testRunFinished(finished)
        case .testCase(var testCase):
            testCase.id = ids.define(testCase.id)
            testCase.pickleId = ids.refer(testCase.pickleId)
            testCase.testRunStartedId = testCase.testRunStartedId.map(ids.refer)
            testCase.testSteps = testCase.testSteps.map { step in
                var step = step
                step.id = ids.define(step.id)
                step.pickleStepId = step.pickleStepId.map(ids.refer)
                step.hookId = step.hookId.map(ids.refer)
                step.stepDefinitionIds = step.stepDefinitionIds?.map(ids.refer)
                return step
            }
            return .testCase(testCase)
        case .testCaseStarted(var started):
            started.id = ids.define(started.id)
            started.testCaseId = ids.refer(started.testCaseId)
            return .testCaseStarted(started)
        case .testCaseFinished(var finished):
            finished.testCaseStartedId = ids.refer(finished.testCaseStartedId)
            return .testCaseFinished(finished)
        case .testStepStarted(var started):
            started.testCaseStartedId = ids.refer(started.testCaseStartedId)
            started.testStepId = ids.refer(started.testStepId)
            return .testStepStarted(started)
        case .testStepFinished(var finished):
            finished.testCaseStartedId = ids.refer(finished.testCaseStartedId)
            finished.testStepId = ids.refer(finished.testStepId)
            return .testStepFinished(finished)
        case .testRunHookStarted(var started):
            started.id = ids.define(started.id)
            started.testRunStartedId = ids.refer(started.testRunStartedId)
            started.hookId = ids.refer(started.hookId)
            return .testRunHookStarted(started)
        case .testRunHookFinished(var finished):
            finished.testRunHookStartedId = ids.refer(finished.testRunHookStartedId)
            return .testRunHookFinished(finished)
        case .attachment(var attachment):
            attachment.testCaseStartedId = attachment.testCaseStartedId.map(ids.refer)
            attachment.testStepId = attachment.testStepId.map(ids.refer)
            attachment.testRunStartedId = attachment.testRunStartedId.map(ids.refer)
            attachment.testRunHookStartedId = attachment.testRunHookStartedId.map(ids.refer)
            return .attachment(attachment)
        case .externalAttachment(var attachment):
            attachment.testCaseStartedId = attachment.testCaseStartedId.map(ids.refer)
            attachment.testStepId = attachment.testStepId.map(ids.refer)
            attachment.testRunHookStartedId = attachment.testRunHookStartedId.map(ids.refer)
            return .externalAttachment(attachment)
        case .gherkinDocument(let document):
            return .gherkinDocument(document.rekeyed(ids.define))
        case .meta, .source, .parseError, .undefinedParameterType:
            return self
        }
    }
}

extension GherkinDocument {
    /// The document with every AST node id rewritten by `id`, visited in document order.
    func rekeyed(_ id: (String) -> String) -> GherkinDocument {
        var document = self
        guard var feature = document.feature else { return document }
        feature.tags = feature.tags.map { $0.rekeyed(id) }
        feature.children = feature.children.map { child in
            switch child {
            case .background(let background): .background(background.rekeyed(id))
            case .scenario(let scenario): .scenario(scenario.rekeyed(id))
            case .rule(let rule): .rule(rule.rekeyed(id))
            }
        }
        document.feature = feature
        return document
    }

    /// Every AST node id, in document order.
    var allIds: [String] {
        var ids: [String] = []
        _ = rekeyed {
            ids.append($0); return $0
        }
        return ids
    }
}

extension Rule {
    fileprivate func rekeyed(_ id: (String) -> String) -> Rule {
        var rule = self
        rule.id = id(rule.id)
        rule.tags = tags.map { $0.rekeyed(id) }
        rule.children = children.map { child in
            switch child {
            case .background(let background): .background(background.rekeyed(id))
            case .scenario(let scenario): .scenario(scenario.rekeyed(id))
            }
        }
        return rule
    }
}

extension Tag {
    fileprivate func rekeyed(_ id: (String) -> String) -> Tag {
        Tag(location: location, name: name, id: id(self.id))
    }
}

extension Background {
    fileprivate func rekeyed(_ id: (String) -> String) -> Background {
        var background = self
        background.id = id(background.id)
        background.steps = steps.map { $0.rekeyed(id) }
        return background
    }
}

extension Scenario {
    fileprivate func rekeyed(_ id: (String) -> String) -> Scenario {
        var scenario = self
        scenario.tags = tags.map { $0.rekeyed(id) }
        scenario.steps = steps.map { $0.rekeyed(id) }
        scenario.examples = examples.map { examples in
            var examples = examples
            examples.tags = examples.tags.map { $0.rekeyed(id) }
            examples.tableHeader = examples.tableHeader.map { $0.rekeyed(id) }
            examples.tableBody = examples.tableBody.map { $0.rekeyed(id) }
            examples.id = id(examples.id)
            return examples
        }
        scenario.id = id(scenario.id)
        return scenario
    }
}

extension Step {
    fileprivate func rekeyed(_ id: (String) -> String) -> Step {
        var step = self
        step.dataTable = dataTable.map { table in
            var table = table
            table.rows = table.rows.map { $0.rekeyed(id) }
            return table
        }
        step.id = id(step.id)
        return step
    }
}

extension TableRow {
    fileprivate func rekeyed(_ id: (String) -> String) -> TableRow {
        TableRow(location: location, cells: cells, id: id(self.id))
    }
}
