import Messages

/// The trailing `DataTable`, `DocString` or `String` argument of a step.
func trailingArgument(
    _ type: Any.Type, argument: PickleStepArgument?, step: PlanIndex.StepSource?, uri: String,
    info: StepDefinitionInfo
) throws -> any Sendable {
    if ObjectIdentifier(type) == ObjectIdentifier(DataTable.self) {
        guard let table = argument?.dataTable else {
            throw ArgumentTypeError(
                message: "\(info) takes a trailing DataTable, but the step has no data table")
        }
        let raw = table.rows.map { $0.cells.map(\.value) }
        if let cells = step?.cellLocations, cells.count == raw.count {
            return DataTable(raw, uri: uri, cellLocations: cells)
        }
        return DataTable(raw)
    }
    guard let docString = argument?.docString else {
        throw ArgumentTypeError(
            message: "\(info) takes a trailing \(type), but the step has no doc string")
    }
    if ObjectIdentifier(type) == ObjectIdentifier(DocString.self) {
        return DocString(
            docString.content, mediaType: docString.mediaType, uri: uri, location: step?.docStringLocation)
    }
    return docString.content
}
