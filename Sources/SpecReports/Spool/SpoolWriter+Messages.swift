import Messages

/// Writing the static messages the query spools: sources, Gherkin documents, pickles and test cases.
extension SpoolWriter {
    mutating func location(_ value: Location) {
        int(value.line)
        optionalInt(value.column)
    }

    mutating func source(_ value: Source) {
        string(value.uri)
        string(value.data)
        byte(value.mediaType == .gherkinMarkdown ? 1 : 0)
    }

    mutating func document(_ value: GherkinDocument) {
        optionalString(value.uri)
        optional(value.feature) { $0.feature($1) }
        array(value.comments) { writer, comment in
            writer.location(comment.location)
            writer.string(comment.text)
        }
    }

    mutating func feature(_ value: Feature) {
        location(value.location)
        array(value.tags) { $0.tag($1) }
        string(value.language)
        string(value.keyword)
        string(value.name)
        string(value.description)
        array(value.children) { writer, child in
            switch child {
            case .background(let background):
                writer.byte(0)
                writer.background(background)
            case .scenario(let scenario):
                writer.byte(1)
                writer.scenario(scenario)
            case .rule(let rule):
                writer.byte(2)
                writer.rule(rule)
            }
        }
    }

    mutating func rule(_ value: Rule) {
        location(value.location)
        array(value.tags) { $0.tag($1) }
        string(value.keyword)
        string(value.name)
        string(value.description)
        array(value.children) { writer, child in
            switch child {
            case .background(let background):
                writer.byte(0)
                writer.background(background)
            case .scenario(let scenario):
                writer.byte(1)
                writer.scenario(scenario)
            }
        }
        string(value.id)
    }

    mutating func background(_ value: Background) {
        location(value.location)
        string(value.keyword)
        string(value.name)
        string(value.description)
        array(value.steps) { $0.step($1) }
        string(value.id)
    }

    mutating func scenario(_ value: Scenario) {
        location(value.location)
        array(value.tags) { $0.tag($1) }
        string(value.keyword)
        string(value.name)
        string(value.description)
        array(value.steps) { $0.step($1) }
        array(value.examples) { $0.examples($1) }
        string(value.id)
    }

    mutating func examples(_ value: Examples) {
        location(value.location)
        array(value.tags) { $0.tag($1) }
        string(value.keyword)
        string(value.name)
        string(value.description)
        optional(value.tableHeader) { $0.tableRow($1) }
        array(value.tableBody) { $0.tableRow($1) }
        string(value.id)
    }

    mutating func step(_ value: Step) {
        location(value.location)
        string(value.keyword)
        optional(value.keywordType) { $0.byte(Self.code(of: $1)) }
        string(value.text)
        optional(value.docString) { writer, docString in
            writer.location(docString.location)
            writer.optionalString(docString.mediaType)
            writer.string(docString.content)
            writer.string(docString.delimiter)
        }
        optional(value.dataTable) { writer, table in
            writer.location(table.location)
            writer.array(table.rows) { $0.tableRow($1) }
        }
        string(value.id)
    }

    mutating func tableRow(_ value: TableRow) {
        location(value.location)
        array(value.cells) { writer, cell in
            writer.location(cell.location)
            writer.string(cell.value)
        }
        string(value.id)
    }

    mutating func tag(_ value: Tag) {
        location(value.location)
        string(value.name)
        string(value.id)
    }

    static func code(of type: StepKeywordType) -> UInt8 {
        UInt8(StepKeywordType.allCases.firstIndex(of: type) ?? 0)
    }

    mutating func pickle(_ value: Pickle) {
        string(value.id)
        string(value.uri)
        optional(value.location) { $0.location($1) }
        string(value.name)
        string(value.language)
        array(value.steps) { writer, step in
            writer.optional(step.argument) { writer, argument in
                writer.optional(argument.docString) { writer, docString in
                    writer.optionalInt(docString.argumentIndex)
                    writer.optionalString(docString.mediaType)
                    writer.string(docString.content)
                }
                writer.optional(argument.dataTable) { writer, table in
                    writer.optionalInt(table.argumentIndex)
                    writer.array(table.rows) { writer, row in
                        writer.array(row.cells) { $0.string($1.value) }
                    }
                }
            }
            writer.strings(step.astNodeIds)
            writer.string(step.id)
            writer.optional(step.type) { $0.byte(UInt8(PickleStepType.allCases.firstIndex(of: $1) ?? 0)) }
            writer.string(step.text)
        }
        array(value.tags) { writer, tag in
            writer.string(tag.name)
            writer.string(tag.astNodeId)
        }
        strings(value.astNodeIds)
    }

    mutating func testCase(_ value: TestCase) {
        string(value.id)
        string(value.pickleId)
        array(value.testSteps) { writer, step in
            writer.optionalString(step.hookId)
            writer.string(step.id)
            writer.optionalString(step.pickleStepId)
            writer.optional(step.stepDefinitionIds) { $0.strings($1) }
            writer.optional(step.stepMatchArgumentsLists) { writer, lists in
                writer.array(lists) { writer, list in
                    writer.array(list.stepMatchArguments) { writer, argument in
                        writer.group(argument.group)
                        writer.optionalString(argument.parameterTypeName)
                    }
                }
            }
        }
        optionalString(value.testRunStartedId)
    }

    mutating func group(_ value: Group) {
        optional(value.children) { writer, children in writer.array(children) { $0.group($1) } }
        optionalInt(value.start)
        optionalString(value.value)
    }
}
