import Messages

/// Compiles a `GherkinDocument` into pickles: one per scenario, and one per examples row of a scenario with
/// examples, with the backgrounds' steps first and the feature's, rule's, scenario's and examples' tags merged.
///
/// Ids are requested in the order of the official compiler (a pickle's steps, then the pickle).
public enum PickleCompiler {
    /// The pickles of a document, in document order.
    public static func compile(_ document: GherkinDocument, idGenerator: inout some IdGenerator) -> [Pickle] {
        var pickles: [Pickle] = []
        compile(document, idGenerator: &idGenerator) { pickles.append($0) }
        return pickles
    }

    /// Hands each pickle of a document to `emit` as soon as it is compiled.
    public static func compile(
        _ document: GherkinDocument, idGenerator: inout some IdGenerator, emit: (Pickle) -> Void
    ) {
        guard let feature = document.feature else { return }
        withoutActuallyEscaping(emit) { emit in
            var compiler = Compilation(
                uri: document.uri ?? "", language: feature.language, ids: idGenerator, emit: emit)
            compiler.compile(feature)
            idGenerator = compiler.ids
        }
    }
}

private struct Compilation<Ids: IdGenerator> {
    let uri: String
    let language: String
    var ids: Ids
    let emit: (Pickle) -> Void

    mutating func compile(_ feature: Feature) {
        var backgroundSteps: [Step] = []
        for child in feature.children {
            switch child {
            case .background(let background):
                backgroundSteps += background.steps
            case .scenario(let scenario):
                compile(scenario, inheritedTags: feature.tags, backgroundSteps: backgroundSteps)
            case .rule(let rule):
                var ruleBackgroundSteps = backgroundSteps
                let tags = feature.tags + rule.tags
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background):
                        ruleBackgroundSteps += background.steps
                    case .scenario(let scenario):
                        compile(scenario, inheritedTags: tags, backgroundSteps: ruleBackgroundSteps)
                    }
                }
            }
        }
    }

    mutating func compile(_ scenario: Scenario, inheritedTags: [Tag], backgroundSteps: [Step]) {
        if scenario.examples.isEmpty {
            compilePlain(scenario, inheritedTags: inheritedTags, backgroundSteps: backgroundSteps)
        } else {
            compileOutline(scenario, inheritedTags: inheritedTags, backgroundSteps: backgroundSteps)
        }
    }

    private static func pickleTags(_ groups: [Tag]...) -> [PickleTag] {
        var tags: [PickleTag] = []
        tags.reserveCapacity(groups.reduce(0) { $0 + $1.count })
        for group in groups {
            for tag in group {
                tags.append(PickleTag(name: tag.name, astNodeId: tag.id))
            }
        }
        return tags
    }

    /// The type of a step: its own kind, or for `And`/`But` the kind of the step before.
    private static func stepType(_ keywordType: StepKeywordType?, previous: PickleStepType?) -> PickleStepType? {
        switch keywordType {
        case .conjunction: previous
        case .context: .context
        case .action: .action
        case .outcome: .outcome
        case .unknown: .unknown
        case nil: nil
        }
    }

    private mutating func compilePlain(_ scenario: Scenario, inheritedTags: [Tag], backgroundSteps: [Step]) {
        var steps: [PickleStep] = []
        if !scenario.steps.isEmpty {
            steps.reserveCapacity(backgroundSteps.count + scenario.steps.count)
            var previous: PickleStepType? = .unknown
            for part in [backgroundSteps, scenario.steps] {
                for step in part {
                    previous = Self.stepType(step.keywordType, previous: previous)
                    steps.append(
                        PickleStep(
                            argument: Self.argument(step, nil), astNodeIds: [step.id], id: ids.next(), type: previous,
                            text: step.text))
                }
            }
        }
        emit(
            Pickle(
                id: ids.next(), uri: uri, location: scenario.location, name: scenario.name, language: language,
                steps: steps, tags: Self.pickleTags(inheritedTags, scenario.tags), astNodeIds: [scenario.id]))
    }

    private mutating func compileOutline(_ scenario: Scenario, inheritedTags: [Tag], backgroundSteps: [Step]) {
        for examples in scenario.examples {
            guard let header = examples.tableHeader else { continue }
            let tags = Self.pickleTags(inheritedTags, scenario.tags, examples.tags)
            for row in examples.tableBody {
                let placeholders = Placeholders(header: header, values: row)
                var steps: [PickleStep] = []
                var previous: PickleStepType?
                if !scenario.steps.isEmpty {
                    steps.reserveCapacity(backgroundSteps.count + scenario.steps.count)
                    for step in backgroundSteps {
                        previous = Self.stepType(step.keywordType, previous: previous)
                        steps.append(
                            PickleStep(
                                argument: Self.argument(step, nil), astNodeIds: [step.id], id: ids.next(),
                                type: previous, text: step.text))
                    }
                    for step in scenario.steps {
                        previous = Self.stepType(step.keywordType, previous: previous)
                        steps.append(
                            PickleStep(
                                argument: Self.argument(step, placeholders), astNodeIds: [step.id, row.id],
                                id: ids.next(), type: previous, text: Self.interpolate(step.text, placeholders)))
                    }
                }
                emit(
                    Pickle(
                        id: ids.next(), uri: uri, location: row.location,
                        name: Self.interpolate(scenario.name, placeholders), language: language, steps: steps,
                        tags: tags, astNodeIds: [scenario.id, row.id]))
            }
        }
    }

    /// The `<name>` byte patterns of a header and the values of one row.
    struct Placeholders {
        var patterns: [[UInt8]] = []
        var values: [String] = []

        init(header: TableRow, values row: TableRow) {
            for (index, variable) in header.cells.enumerated() where index < row.cells.count {
                var pattern: [UInt8] = [UInt8(ascii: "<")]
                pattern.append(contentsOf: variable.value.utf8)
                pattern.append(UInt8(ascii: ">"))
                patterns.append(pattern)
                values.append(row.cells[index].value)
            }
        }
    }

    private static func interpolate(_ text: String, _ placeholders: Placeholders) -> String {
        let replaced: [UInt8]?? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard utf8.contains(UInt8(ascii: "<")) else { return nil }
            var result: [UInt8]?
            for (pattern, value) in zip(placeholders.patterns, placeholders.values) {
                let next =
                    if let current = result {
                        current.withUnsafeBufferPointer { replacingAll(pattern, in: $0, with: value) }
                    } else {
                        replacingAll(pattern, in: utf8, with: value)
                    }
                if let next { result = next }
            }
            return result
        }
        guard let bytes = replaced ?? nil else {
            if replaced == nil, text.contains("<") {
                // Not contiguous UTF-8 (a bridged string): take the slow path once.
                var copy = text
                copy.makeContiguousUTF8()
                return interpolate(copy, placeholders)
            }
            return text
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with every non-overlapping occurrence of `pattern` (left to right) replaced, compared byte by
    /// byte (as the official parsers compare code points, not grapheme clusters); `nil` when there is none.
    private static func replacingAll(
        _ pattern: [UInt8], in text: UnsafeBufferPointer<UInt8>, with replacement: String
    ) -> [UInt8]? {
        let count = pattern.count
        guard text.count >= count else { return nil }
        var output: [UInt8] = []
        var index = 0
        var copied = 0
        var found = false
        let first = pattern[0]
        while index <= text.count - count {
            if text[index] == first && UnsafeBufferPointer(rebasing: text[index..<index + count]).elementsEqual(pattern)
            {
                if !found {
                    output.reserveCapacity(text.count + replacement.utf8.count)
                    found = true
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<index]))
                output.append(contentsOf: replacement.utf8)
                index += count
                copied = index
            } else {
                index += 1
            }
        }
        guard found else { return nil }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...]))
        return output
    }

    private static func argument(_ step: Step, _ placeholders: Placeholders?) -> PickleStepArgument? {
        func interpolate(_ text: String) -> String {
            guard let placeholders else { return text }
            return Self.interpolate(text, placeholders)
        }
        let table = step.dataTable.map { dataTable in
            PickleTable(
                rows: dataTable.rows.map { row in
                    PickleTableRow(
                        cells: row.cells.map {
                            PickleTableCell(value: interpolate($0.value))
                        })
                })
        }
        let docString = step.docString.map {
            PickleDocString(
                mediaType: $0.mediaType.map { interpolate($0) },
                content: interpolate($0.content))
        }
        switch (docString, table) {
        case (var docString?, var table?):
            let tableFirst = (step.docString?.location.line ?? 0) > (step.dataTable?.location.line ?? 0)
            table.argumentIndex = tableFirst ? 1 : 2
            docString.argumentIndex = tableFirst ? 2 : 1
            return .docStringAndDataTable(docString, table)
        case (let docString?, nil): return .docString(docString)
        case (nil, let table?): return .dataTable(table)
        case (nil, nil): return nil
        }
    }
}
