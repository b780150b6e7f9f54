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
            // Each step read in place, by index: a copy of a step retains each of its strings and arrays.
            for index in backgroundSteps.indices {
                previous = Self.stepType(backgroundSteps[index].keywordType, previous: previous)
                steps.append(pickleStep(backgroundSteps[index], type: previous))
            }
            for index in scenario.steps.indices {
                previous = Self.stepType(scenario.steps[index].keywordType, previous: previous)
                steps.append(pickleStep(scenario.steps[index], type: previous))
            }
        }
        emit(
            Pickle(
                id: ids.next(), uri: uri, location: scenario.location, name: scenario.name, language: language,
                steps: steps, tags: Self.pickleTags(inheritedTags, scenario.tags), astNodeIds: [scenario.id]))
    }

    /// The pickle step of a step outside an outline's examples (a scenario's or a background's).
    private mutating func pickleStep(_ step: Step, type: PickleStepType?) -> PickleStep {
        PickleStep(
            argument: Self.argument(step, nil), astNodeIds: [step.id], id: ids.next(), type: type, text: step.text)
    }

    private mutating func compileOutline(_ scenario: Scenario, inheritedTags: [Tag], backgroundSteps: [Step]) {
        for examples in scenario.examples {
            guard let header = examples.tableHeader else { continue }
            let tags = Self.pickleTags(inheritedTags, scenario.tags, examples.tags)
            let names = PlaceholderNames(header: header)
            for row in examples.tableBody {
                let placeholders = Placeholders(names: names, values: row)
                var steps: [PickleStep] = []
                var previous: PickleStepType?
                if !scenario.steps.isEmpty {
                    steps.reserveCapacity(backgroundSteps.count + scenario.steps.count)
                    for index in backgroundSteps.indices {
                        previous = Self.stepType(backgroundSteps[index].keywordType, previous: previous)
                        steps.append(pickleStep(backgroundSteps[index], type: previous))
                    }
                    for index in scenario.steps.indices {
                        previous = Self.stepType(scenario.steps[index].keywordType, previous: previous)
                        steps.append(
                            PickleStep(
                                argument: Self.argument(scenario.steps[index], placeholders),
                                astNodeIds: [scenario.steps[index].id, row.id], id: ids.next(), type: previous,
                                text: Self.interpolate(scenario.steps[index].text, placeholders)))
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

    /// The `<name>` placeholders of an examples table's header, shared by its rows.
    final class PlaceholderNames {
        /// `<name>` as bytes, in header order.
        let patterns: [[UInt8]]
        /// The first column of each name.
        let firstColumn: [String: Int]
        /// Whether no name holds `<` or `>`, so a placeholder can only be a `<` … `>` with no angle between.
        let areAngleFree: Bool

        init(header: TableRow) {
            var patterns: [[UInt8]] = []
            var firstColumn: [String: Int] = [:]
            var areAngleFree = true
            for (index, cell) in header.cells.enumerated() {
                var pattern: [UInt8] = [UInt8(ascii: "<")]
                pattern.append(contentsOf: cell.value.utf8)
                pattern.append(UInt8(ascii: ">"))
                patterns.append(pattern)
                if firstColumn[cell.value] == nil { firstColumn[cell.value] = index }
                if cell.value.utf8.contains(where: isAngle) { areAngleFree = false }
            }
            self.patterns = patterns
            self.firstColumn = firstColumn
            self.areAngleFree = areAngleFree
        }
    }

    /// The placeholders of one examples row: the header's names and the row's values.
    struct Placeholders {
        let names: PlaceholderNames
        /// The row's values; a name whose column the row lacks is not replaced.
        var values: [String]
        /// Whether no value holds `<` or `>`.
        let valuesAreAngleFree: Bool

        init(names: PlaceholderNames, values row: TableRow) {
            self.names = names
            values = row.cells.prefix(names.patterns.count).map(\.value)
            valuesAreAngleFree = !values.contains { $0.utf8.contains(where: isAngle) }
        }
    }

    private static func isAngle(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
    }

    /// `text` with its placeholders replaced as the official compilers do: for each header column in order, every
    /// `<name>` of the text so far (earlier values included) is replaced by the row's value.
    ///
    /// That definition costs a pass over the text per column, cubic for a wide table whose step names every
    /// column. When no name or value holds an angle bracket, one pass replacing each `<name>` by its first
    /// column's value gives the same text, unless a replacement joins a `<` before it and a `>` after it into a
    /// new placeholder (`<a<b>c>`): that pass notices it and the column-by-column definition is used instead.
    private static func interpolate(_ text: String, _ placeholders: Placeholders) -> String {
        if placeholders.names.areAngleFree, placeholders.valuesAreAngleFree {
            let replaced: [UInt8]?? = text.utf8.withContiguousStorageIfAvailable { utf8 in
                singlePass(utf8, placeholders)
            }
            switch replaced {
            case .some(.some(let bytes)): return String(decoding: bytes, as: UTF8.self)
            case .some(.none): break  // a placeholder was formed by a replacement
            case .none:
                if text.contains("<") {
                    var copy = text
                    copy.makeContiguousUTF8()
                    return interpolate(copy, placeholders)
                }
                return text
            }
        }
        return columnByColumn(text, placeholders)
    }

    /// One left-to-right pass replacing each `<name>` (no angle inside) by its first column's value: the text
    /// itself when nothing is replaced, `nil` when a replacement joins a `<` and a `>` around it.
    private static func singlePass(_ text: UnsafeBufferPointer<UInt8>, _ placeholders: Placeholders) -> [UInt8]? {
        let less = UInt8(ascii: "<")
        let greater = UInt8(ascii: ">")
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        // Whether the last angle written is a `<`, and whether a value was written since it.
        var openAngle = false
        var valueSinceOpenAngle = false
        func copyOriginal(upTo end: Int) -> Bool {
            for position in copied..<end {
                let byte = text[position]
                if byte == less {
                    openAngle = true
                    valueSinceOpenAngle = false
                } else if byte == greater {
                    if openAngle && valueSinceOpenAngle { return false }
                    openAngle = false
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<end]))
            copied = end
            return true
        }
        while index < text.count {
            guard text[index] == less else {
                index += 1
                continue
            }
            var end = index + 1
            while end < text.count, text[end] != less, text[end] != greater { end += 1 }
            guard end < text.count, text[end] == greater else {
                index = end
                continue
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: text[(index + 1)..<end]), as: UTF8.self)
            guard let column = placeholders.names.firstColumn[name], column < placeholders.values.count else {
                index = end + 1
                continue
            }
            if output.isEmpty { output.reserveCapacity(text.count + 64) }
            guard copyOriginal(upTo: index) else { return nil }
            output.append(contentsOf: placeholders.values[column].utf8)
            if openAngle { valueSinceOpenAngle = true }
            index = end + 1
            copied = index
        }
        guard copied > 0 else { return Array(text) }
        guard copyOriginal(upTo: text.count) else { return nil }
        return output
    }

    /// The official definition, column by column.
    private static func columnByColumn(_ text: String, _ placeholders: Placeholders) -> String {
        let replaced: [UInt8]?? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard utf8.contains(UInt8(ascii: "<")) else { return nil }
            var result: [UInt8]?
            for (pattern, value) in zip(placeholders.names.patterns, placeholders.values) {
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
                return columnByColumn(copy, placeholders)
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
