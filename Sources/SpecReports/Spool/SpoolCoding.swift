import Messages

/// Appends values to a byte buffer in the spool's compact binary form: integers as zig-zag variable-length
/// quantities, strings as their UTF-8 length and bytes, optionals behind a presence byte, arrays behind their
/// count. Much faster to write and read back than JSON, and a third of its size.
///
/// The form is private to one process (it is never read by another build), so it has no version or field names:
/// `SpoolReader` reads the values in the order they were written.
struct SpoolWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func int(_ value: Int) {
        let zigZag = (UInt64(bitPattern: Int64(value)) << 1) ^ UInt64(bitPattern: Int64(value) >> 63)
        unsigned(zigZag)
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            unsigned(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optional<Value>(_ value: Value?, _ write: (inout SpoolWriter, Value) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        write(&self, value)
    }

    mutating func array<Element>(_ values: [Element], _ write: (inout SpoolWriter, Element) -> Void) {
        unsigned(UInt64(values.count))
        for value in values { write(&self, value) }
    }

    mutating func optionalString(_ value: String?) {
        optional(value) { $0.string($1) }
    }

    /// Raw bytes, behind their count.
    mutating func raw(_ raw: UnsafeRawBufferPointer) {
        unsigned(UInt64(raw.count))
        bytes.append(contentsOf: raw)
    }

    mutating func optionalInt(_ value: Int?) {
        optional(value) { $0.int($1) }
    }

    mutating func strings(_ values: [String]) {
        array(values) { $0.string($1) }
    }
}

/// Reads back what a `SpoolWriter` wrote, value by value, in the same order, from bytes that outlive it (use it
/// inside a `withUnsafeBytes` closure).
///
/// Reading past the end (a spool that was cut short) never traps: it yields empty values and sets `isDamaged`,
/// which the caller turns into an error.
struct SpoolReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var position = 0
    /// Whether a read went past the end of the bytes.
    private(set) var isDamaged = false

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else {
            isDamaged = true
            return 0
        }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bool() -> Bool {
        byte() != 0
    }

    mutating func unsigned() -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = byte()
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 || isDamaged || shift > 56 { return value }
            shift += 7
        }
    }

    mutating func int() -> Int {
        let zigZag = unsigned()
        return Int(truncatingIfNeeded: Int64(bitPattern: (zigZag >> 1) ^ (0 &- (zigZag & 1))))
    }

    mutating func count() -> Int {
        let value = unsigned()
        guard value <= UInt64(bytes.count - min(position, bytes.count)) else {
            // Every element takes at least a byte: a larger count is damage, not data.
            isDamaged = true
            return 0
        }
        return Int(value)
    }

    mutating func string() -> String {
        let length = count()
        guard length > 0 else { return "" }
        let start = position
        position += length
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    mutating func optional<Value>(_ read: (inout SpoolReader) -> Value) -> Value? {
        bool() ? read(&self) : nil
    }

    mutating func array<Element>(_ read: (inout SpoolReader) -> Element) -> [Element] {
        let count = count()
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            values.append(read(&self))
            if isDamaged { break }
        }
        return values
    }

    mutating func optionalString() -> String? {
        optional { $0.string() }
    }

    /// Raw bytes written by `SpoolWriter.raw(_:)`, without copying them.
    mutating func rawBytes() -> UnsafeRawBufferPointer {
        let range = byteRange()
        return UnsafeRawBufferPointer(rebasing: bytes[range])
    }

    /// Where raw bytes written by `SpoolWriter.raw(_:)` are.
    mutating func byteRange() -> Range<Int> {
        let length = count()
        let start = position
        position += length
        return start..<position
    }

    mutating func optionalInt() -> Int? {
        optional { $0.int() }
    }

    mutating func strings() -> [String] {
        array { $0.string() }
    }
}

// MARK: The static messages the query spools

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
