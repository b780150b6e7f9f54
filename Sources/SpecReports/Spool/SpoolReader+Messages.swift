import Messages

/// Reading back the static messages the query spools, in the order `SpoolWriter` wrote them.
extension SpoolReader {
    mutating func location() -> Location {
        Location(line: int(), column: optionalInt())
    }

    mutating func source() -> Source {
        let uri = string()
        let data = string()
        return Source(uri: uri, data: data, mediaType: byte() == 1 ? .gherkinMarkdown : .gherkinPlain)
    }

    mutating func document() -> GherkinDocument {
        let uri = optionalString()
        let feature = optional { $0.feature() }
        let comments = array { reader in Comment(location: reader.location(), text: reader.string()) }
        return GherkinDocument(uri: uri, feature: feature, comments: comments)
    }

    mutating func feature() -> Feature {
        let location = location()
        let tags = array { $0.tag() }
        let language = string()
        let keyword = string()
        let name = string()
        let description = string()
        let children: [FeatureChild] = array { reader in
            switch reader.byte() {
            case 0: .background(reader.background())
            case 1: .scenario(reader.scenario())
            default: .rule(reader.rule())
            }
        }
        return Feature(
            location: location, tags: tags, language: language, keyword: keyword, name: name,
            description: description, children: children)
    }

    mutating func rule() -> Rule {
        let location = location()
        let tags = array { $0.tag() }
        let keyword = string()
        let name = string()
        let description = string()
        let children: [RuleChild] = array { reader in
            reader.byte() == 0 ? .background(reader.background()) : .scenario(reader.scenario())
        }
        return Rule(
            location: location, tags: tags, keyword: keyword, name: name, description: description,
            children: children, id: string())
    }

    mutating func background() -> Background {
        let location = location()
        let keyword = string()
        let name = string()
        let description = string()
        let steps = array { $0.step() }
        return Background(
            location: location, keyword: keyword, name: name, description: description, steps: steps, id: string())
    }

    mutating func scenario() -> Scenario {
        let location = location()
        let tags = array { $0.tag() }
        let keyword = string()
        let name = string()
        let description = string()
        let steps = array { $0.step() }
        let examples = array { $0.examples() }
        return Scenario(
            location: location, tags: tags, keyword: keyword, name: name, description: description, steps: steps,
            examples: examples, id: string())
    }

    mutating func examples() -> Examples {
        let location = location()
        let tags = array { $0.tag() }
        let keyword = string()
        let name = string()
        let description = string()
        let header = optional { $0.tableRow() }
        let body = array { $0.tableRow() }
        return Examples(
            location: location, tags: tags, keyword: keyword, name: name, description: description,
            tableHeader: header, tableBody: body, id: string())
    }

    mutating func step() -> Step {
        let location = location()
        let keyword = string()
        let keywordType = optional { reader in
            let code = Int(reader.byte())
            return StepKeywordType.allCases.indices.contains(code) ? StepKeywordType.allCases[code] : .unknown
        }
        let text = string()
        let docString = optional { reader in
            let location = reader.location()
            let mediaType = reader.optionalString()
            let content = reader.string()
            return GherkinDocString(
                location: location, mediaType: mediaType, content: content, delimiter: reader.string())
        }
        let dataTable = optional { reader in
            let location = reader.location()
            return GherkinDataTable(location: location, rows: reader.array { $0.tableRow() })
        }
        return Step(
            location: location, keyword: keyword, keywordType: keywordType, text: text, docString: docString,
            dataTable: dataTable, id: string())
    }

    mutating func tableRow() -> TableRow {
        let location = location()
        let cells = array { reader in
            let location = reader.location()
            return TableCell(location: location, value: reader.string())
        }
        return TableRow(location: location, cells: cells, id: string())
    }

    mutating func tag() -> Tag {
        let location = location()
        let name = string()
        return Tag(location: location, name: name, id: string())
    }

    mutating func pickle() -> Pickle {
        let id = string()
        let uri = string()
        let location = optional { $0.location() }
        let name = string()
        let language = string()
        let steps = array { reader in
            let argument: PickleStepArgument? = reader.optional { reader in
                let docString = reader.optional { reader in
                    let index = reader.optionalInt()
                    let mediaType = reader.optionalString()
                    return PickleDocString(argumentIndex: index, mediaType: mediaType, content: reader.string())
                }
                let dataTable = reader.optional { reader in
                    let index = reader.optionalInt()
                    let rows = reader.array { reader in
                        PickleTableRow(cells: reader.array { PickleTableCell(value: $0.string()) })
                    }
                    return PickleTable(argumentIndex: index, rows: rows)
                }
                switch (docString, dataTable) {
                case (let docString?, let dataTable?): return .docStringAndDataTable(docString, dataTable)
                case (nil, let dataTable?): return .dataTable(dataTable)
                case (let docString?, nil): return .docString(docString)
                case (nil, nil): return .docString(PickleDocString(content: ""))
                }
            }
            let astNodeIds = reader.strings()
            let id = reader.string()
            let type = reader.optional { reader in
                let code = Int(reader.byte())
                return PickleStepType.allCases.indices.contains(code) ? PickleStepType.allCases[code] : .unknown
            }
            return PickleStep(argument: argument, astNodeIds: astNodeIds, id: id, type: type, text: reader.string())
        }
        let tags = array { reader in
            let name = reader.string()
            return PickleTag(name: name, astNodeId: reader.string())
        }
        return Pickle(
            id: id, uri: uri, location: location, name: name, language: language, steps: steps, tags: tags,
            astNodeIds: strings())
    }

    mutating func testCase() -> TestCase {
        let id = string()
        let pickleId = string()
        let steps = array { reader in
            let hookId = reader.optionalString()
            let id = reader.string()
            let pickleStepId = reader.optionalString()
            let definitionIds = reader.optional { $0.strings() }
            let lists = reader.optional { reader in
                reader.array { reader in
                    StepMatchArgumentsList(
                        stepMatchArguments: reader.array { reader in
                            let group = reader.group()
                            return StepMatchArgument(group: group, parameterTypeName: reader.optionalString())
                        })
                }
            }
            return TestStep(
                hookId: hookId, id: id, pickleStepId: pickleStepId, stepDefinitionIds: definitionIds,
                stepMatchArgumentsLists: lists)
        }
        return TestCase(id: id, pickleId: pickleId, testSteps: steps, testRunStartedId: optionalString())
    }

    mutating func group() -> Group {
        let children = optional { reader in reader.array { $0.group() } }
        let start = optionalInt()
        return Group(children: children, start: start, value: optionalString())
    }
}
