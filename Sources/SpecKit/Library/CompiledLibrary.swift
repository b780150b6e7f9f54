import CucumberExpressions
import Messages
import StepSuggestions
import TagExpressions

/// A step definition made ready to run.
struct CompiledStep<World: Actor>: Sendable {
    let record: StepDefinitionRecord<World>
    let id: String
    /// Nil when the pattern is invalid or uses an undefined parameter type.
    let expression: (any StepExpression)?
    /// Why the definition cannot run (steps it matches fail with it), if anything.
    let problem: StepLibraryError?
    let info: StepDefinitionInfo
}

/// A hook made ready to run.
struct CompiledHook<World: Actor>: Sendable {
    let record: HookRecord<World>
    let id: String
    /// Where the hook was registered among the library's definitions (for ordering).
    let position: Int
    /// Where the hook is in `CompiledLibrary.hooks`.
    let slot: Int
    let tags: TagExpression?
    let info: HookInfo

    func applies(to tags: [String]) -> Bool {
        guard let expression = self.tags else { return record.tagExpression == nil }
        return expression.evaluate(tags)
    }
}

/// A step library made ready to run: expressions compiled and indexed, argument types checked, ids assigned.
struct CompiledLibrary<World: Actor>: Sendable {
    let registry: ParameterTypeRegistry
    /// Proposes expressions for undefined steps' snippets; its patterns are compiled once, here.
    let snippetGenerator: CucumberExpressionGenerator
    /// The snippets proposed so far, by step text.
    let snippetCache = SnippetCache()
    /// The closest definitions to an undefined step ("did you mean"), by the rule the reports use too.
    let suggester: StepSuggester
    let steps: [CompiledStep<World>]
    let hooks: [CompiledHook<World>]
    let hooksByKind: [HookKind: [CompiledHook<World>]]
    /// Whether there is any `beforeStep` or `afterStep` hook (most libraries have none: skip the lookups).
    let hasStepHooks: Bool
    let index: StepDefinitionIndex
    /// For each entry of `index`, the position in `steps`.
    let indexed: [Int]
    let problems: [StepLibraryError]
    let envelopes: [Envelope]
    /// The library's exclusive groups (`StepLibrary.exclusive(_:)`) whose tag expression is valid, with its text.
    let exclusiveGroups: [(text: String, expression: TagExpression)]

    init(_ library: StepLibrary<World>, ids: IdSource = .incrementing()) {
        let (registry, typeProblems) = library.compileParameterTypes()
        self.registry = registry
        snippetGenerator = CucumberExpressionGenerator(registry: registry)
        var problems: [StepLibraryError] = typeProblems
        var envelopes: [Envelope] = []
        var steps: [CompiledStep<World>] = []
        var hooks: [CompiledHook<World>] = []
        var index = StepDefinitionIndex()
        var indexed: [Int] = []
        let definedTypes = Set(typeProblems.map(\.location))
        for registration in library.registrations {
            switch registration {
            case .parameterType(let position):
                let record = library.parameterTypeDefinitions[position]
                guard !definedTypes.contains(record.location), case .success(let parameterType) = record.made,
                    let name = parameterType.name
                else { continue }
                envelopes.append(
                    .parameterType(
                        Messages.ParameterType(
                            name: name, regularExpressions: parameterType.regexps,
                            preferForRegularExpressionMatch: parameterType.preferForRegexpMatch,
                            useForSnippets: parameterType.useForSnippets, id: ids.next(),
                            sourceReference: record.location.sourceReference)))
            case .step(let position):
                let record = library.stepDefinitions[position]
                let compiled = Self.compile(record, registry: registry)
                if let problem = compiled.problem { problems.append(problem) }
                if case .undefinedParameterType(let name) = compiled.problem?.kind {
                    envelopes.append(
                        .undefinedParameterType(UndefinedParameterType(expression: record.pattern, name: name)))
                    continue
                }
                guard let expression = compiled.expression else { continue }
                let id = ids.next()
                envelopes.append(
                    .stepDefinition(
                        StepDefinition(
                            id: id,
                            pattern: StepDefinitionPattern(
                                source: record.pattern,
                                type: record.isRegularExpression ? .regularExpression : .cucumberExpression),
                            sourceReference: record.location.sourceReference)))
                index.add(expression)
                indexed.append(steps.count)
                steps.append(
                    CompiledStep(
                        record: record, id: id, expression: expression, problem: compiled.problem, info: record.info))
            case .hook(let position):
                let record = library.hookDefinitions[position]
                var tags: TagExpression?
                if let text = record.tagExpression {
                    do {
                        tags = try TagExpression(text)
                    } catch {
                        problems.append(
                            StepLibraryError(
                                kind: .invalidTagExpression,
                                message: "invalid tag expression '\(text)' in \(record.info): \(error.message)",
                                location: record.location))
                        continue
                    }
                }
                let id = ids.next()
                envelopes.append(
                    .hook(
                        Hook(
                            id: id, name: record.name, sourceReference: record.location.sourceReference,
                            tagExpression: record.tagExpression, type: record.kind.messageType)))
                hooks.append(
                    CompiledHook(
                        record: record, id: id, position: position, slot: hooks.count, tags: tags, info: record.info))
            }
        }
        var exclusiveGroups: [(text: String, expression: TagExpression)] = []
        for group in library.exclusiveDeclarations {
            do {
                exclusiveGroups.append((group.tagExpression, try TagExpression(group.tagExpression)))
            } catch {
                problems.append(
                    StepLibraryError(
                        kind: .invalidTagExpression,
                        message: "invalid exclusive tag expression '\(group.tagExpression)': \(error.message)",
                        location: group.location))
            }
        }
        self.exclusiveGroups = exclusiveGroups
        self.steps = steps
        self.hooks = hooks
        hooksByKind = Self.orderedHooks(hooks)
        hasStepHooks = hooks.contains { $0.record.kind == .beforeStep || $0.record.kind == .afterStep }
        self.index = index
        self.indexed = indexed
        self.problems = problems
        self.envelopes = envelopes
        suggester = Self.suggester(definitions: steps.map(\.info), envelopes: envelopes)
    }

    /// The did-you-mean of `definitions` with the parameter types `envelopes` declare: the same candidates and
    /// types the reports read from the message stream.
    static func suggester(definitions: [StepDefinitionInfo], envelopes: [Envelope]) -> StepSuggester {
        var parameterTypes: [String: [String]] = [:]
        for case .parameterType(let type) in envelopes { parameterTypes[type.name] = type.regularExpressions }
        return StepSuggester(
            definitions: definitions.map { .init(source: $0.pattern, isRegularExpression: $0.isRegularExpression) },
            parameterTypes: parameterTypes)
    }

    /// The hooks of `kind` that apply to `tags`, in running order: ascending `order` then registration for
    /// before hooks, the reverse for after hooks.
    func hooks(_ kind: HookKind, tags: [String]) -> [CompiledHook<World>] {
        guard !hooks.isEmpty, let ordered = hooksByKind[kind], !ordered.isEmpty else { return [] }
        return ordered.filter { $0.applies(to: tags) }
    }

    /// The hooks of each kind in running order: ascending `order` then registration for before hooks, the
    /// reverse for after hooks.
    static func orderedHooks(_ hooks: [CompiledHook<World>]) -> [HookKind: [CompiledHook<World>]] {
        var byKind: [HookKind: [CompiledHook<World>]] = [:]
        for kind in HookKind.allCases {
            let selected = hooks.filter { $0.record.kind == kind }
                .sorted { ($0.record.order, $0.position) < ($1.record.order, $1.position) }
            switch kind {
            case .afterAll, .afterScenario, .afterStep: byKind[kind] = selected.reversed()
            case .beforeAll, .beforeScenario, .beforeStep: byKind[kind] = selected
            }
        }
        return byKind
    }

    /// Compiles a definition's pattern and checks its closure's argument types against the parameters.
    static func compile(
        _ record: StepDefinitionRecord<World>, registry: ParameterTypeRegistry
    ) -> (expression: (any StepExpression)?, problem: StepLibraryError?) {
        let expression: any StepExpression
        let parameterTypes: [Any.Type?]
        if record.isRegularExpression {
            do {
                let regular = try RegularExpression(record.pattern, registry: registry)
                expression = regular
                parameterTypes = regular.parameterTypes.map { $0?.valueType }
            } catch {
                return (
                    nil,
                    StepLibraryError(
                        kind: .invalidRegularExpression, message: error.message, location: record.location)
                )
            }
        } else {
            do {
                let cucumber = try CucumberExpression(record.pattern, registry: registry)
                expression = cucumber
                parameterTypes = cucumber.parameterTypes.map(\.valueType)
            } catch let error as CucumberExpressionError {
                if let name = error.undefinedParameterTypeName {
                    return (
                        nil,
                        StepLibraryError(
                            kind: .undefinedParameterType(name: name),
                            message: "undefined parameter type {\(name)} in \"\(record.pattern)\"",
                            location: record.location)
                    )
                }
                return (
                    nil,
                    StepLibraryError(kind: .invalidExpression, message: error.message, location: record.location)
                )
            } catch {
                return (
                    nil,
                    StepLibraryError(
                        kind: .invalidExpression, message: String(describing: error), location: record.location)
                )
            }
        }
        let mismatch = argumentMismatch(record.argumentTypes, parameterTypes)
        return (
            expression,
            mismatch.map {
                StepLibraryError(
                    kind: .argumentTypeMismatch,
                    message: "the closure of \(record.info.description) \($0)", location: record.location)
            }
        )
    }

    /// Why `closure` argument types do not fit `parameters`, or nil when they do.
    static func argumentMismatch(_ closure: [Any.Type], _ parameters: [Any.Type?]) -> String? {
        func name(_ type: Any.Type) -> String { String(describing: type) }
        let trailing: [Any.Type] = [DataTable.self, DocString.self, String.self]
        let expected = parameters.map { $0.map(name) ?? "?" }.joined(separator: ", ")
        let actual = closure.map(name).joined(separator: ", ")
        if closure.count == parameters.count + 1 {
            guard let last = closure.last, trailing.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(last) })
            else {
                return "takes (\(actual)) but the expression gives (\(expected)); a trailing argument must be "
                    + "DataTable, DocString or String, not \(name(closure[closure.count - 1]))"
            }
        } else if closure.count != parameters.count {
            return "takes \(closure.count) arguments (\(actual)) but the expression gives \(parameters.count) "
                + "(\(expected)), plus an optional trailing DataTable or DocString"
        }
        for (position, parameter) in parameters.enumerated() {
            guard let parameter else { continue }
            let argument = closure[position]
            if ObjectIdentifier(parameter) == ObjectIdentifier(argument) { continue }
            // `{float}` and `{double}` give `Double`; a `Float` argument is accepted (converted when called).
            if ObjectIdentifier(parameter) == ObjectIdentifier(Double.self)
                && ObjectIdentifier(argument) == ObjectIdentifier(Float.self)
            {
                continue
            }
            // A regular expression's plain group gives `String?`; a `String` argument is accepted.
            if ObjectIdentifier(parameter) == ObjectIdentifier(String?.self)
                && ObjectIdentifier(argument) == ObjectIdentifier(String.self)
            {
                continue
            }
            return "takes \(name(argument)) as argument \(position + 1) but the expression gives \(name(parameter))"
        }
        return nil
    }
}

extension CodeLocation {
    var sourceReference: SourceReference {
        SourceReference(uri: fileID, location: Location(line: line))
    }
}
