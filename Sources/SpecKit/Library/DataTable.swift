import Foundation
import Messages

/// The data table of a step, given to a step definition that takes a trailing `DataTable` argument.
///
/// ```swift
/// // Then the feed shows:
/// //   | description     | location |
/// //   | Harbour at dusk | Bergen   |
/// struct ShownImage: Decodable, Equatable { var description: String?; var location: String? }
/// steps.then("the feed shows:") { (world, table: DataTable) in
///     try expectEqual(world.shownImages, try table.decode(ShownImage.self))
/// }
/// ```
///
/// `raw` is every row; `header` the first row and `rows` the others; `hashes` maps each other row by the header;
/// `rowsHash()` reads a two-column table as a dictionary; `transposed()` swaps rows and columns.
public struct DataTable: Sendable, Hashable, CustomStringConvertible {
    /// Every row, header included, as the cells' text.
    public let raw: [[String]]
    /// The `.feature` file the table is in, when it comes from one.
    public let uri: String?
    /// The position of each cell in the `.feature` file (indexed like `raw`), when the table comes from one.
    let cellLocations: [[Location]]?

    /// Creates a table from its rows (the first row is the header for `hashes` and `decode`).
    public init(_ raw: [[String]]) {
        self.raw = raw
        self.uri = nil
        self.cellLocations = nil
    }

    /// Creates a table whose cells know where they are in a `.feature` file (used in error messages).
    public init(_ raw: [[String]], uri: String, cellLocations: [[Location]]) {
        self.raw = raw
        self.uri = uri
        self.cellLocations = cellLocations
    }

    /// The number of rows, header included.
    public var rowCount: Int { raw.count }

    /// The number of columns (of the first row; Gherkin makes every row as wide).
    public var columnCount: Int { raw.first?.count ?? 0 }

    /// The first row.
    public var header: [String] { raw.first ?? [] }

    /// Every row but the first.
    public var rows: [[String]] { Array(raw.dropFirst()) }

    /// Every row but the first, each as a dictionary from header cell to cell.
    public var hashes: [[String: String]] {
        let header = self.header
        return raw.dropFirst().map { row in
            var hash: [String: String] = [:]
            for (key, value) in zip(header, row) { hash[key] = value }
            return hash
        }
    }

    /// The cell at `row` and `column` (0-based, header row included), or nil outside the table.
    public func cell(row: Int, column: Int) -> String? {
        guard raw.indices.contains(row), raw[row].indices.contains(column) else { return nil }
        return raw[row][column]
    }

    /// Where the cell at `row` and `column` is in the `.feature` file, when known.
    public func location(row: Int, column: Int) -> Location? {
        guard let cellLocations, cellLocations.indices.contains(row), cellLocations[row].indices.contains(column)
        else { return nil }
        return cellLocations[row][column]
    }

    /// The table with rows and columns swapped.
    public func transposed() -> DataTable {
        let width = raw.map(\.count).max() ?? 0
        var cells: [[String]] = Array(repeating: [], count: width)
        var locations: [[Location]] = Array(repeating: [], count: width)
        for (rowIndex, row) in raw.enumerated() {
            for column in 0..<width {
                cells[column].append(column < row.count ? row[column] : "")
                if let location = location(row: rowIndex, column: column) { locations[column].append(location) }
            }
        }
        guard let uri, cellLocations != nil else { return DataTable(cells) }
        return DataTable(cells, uri: uri, cellLocations: locations)
    }

    /// A two-column table as a dictionary from the first column to the second.
    ///
    /// - Throws: `DataTableError` when a row does not have exactly two cells or a key appears twice.
    public func rowsHash() throws(DataTableError) -> [String: String] {
        var hash: [String: String] = [:]
        for (index, row) in raw.enumerated() {
            guard row.count == 2 else {
                throw error(row: index, column: nil, "rowsHash needs exactly 2 columns, this row has \(row.count)")
            }
            guard hash.updateValue(row[1], forKey: row[0]) == nil else {
                throw error(row: index, column: 0, "rowsHash found the key \(describe(row[0])) twice")
            }
        }
        return hash
    }

    /// Decodes every row but the first into a `Row`, reading the header as the keys.
    ///
    /// A key matches a header cell exactly, or else ignoring case, spaces, `-` and `_` (`Image URL` fills
    /// `imageURL`). Cells are read as `String`, `Bool` (`true`/`false`, `yes`/`no`), any integer or floating-point
    /// type, or any `Decodable` whose own decoding reads a single value (enums with raw values, for instance). An
    /// empty cell, or a missing column, is `nil` for an optional property.
    ///
    /// - Throws: `DataTableError` naming the row, the column and, for tables from a `.feature` file, its
    ///   `uri:line:column`.
    public func decode<Row: Decodable>(_ type: Row.Type = Row.self) throws(DataTableError) -> [Row] {
        let header = self.header
        var values: [Row] = []
        values.reserveCapacity(Swift.max(0, raw.count - 1))
        for index in raw.indices.dropFirst() {
            let decoder = TableRowDecoder(table: self, header: header, row: index)
            do {
                values.append(try Row(from: decoder))
            } catch let error as DataTableError {
                throw error
            } catch {
                throw self.error(row: index, column: nil, "cannot decode \(Row.self): \(describeDecodingError(error))")
            }
        }
        return values
    }

    /// The table in Gherkin notation, columns aligned.
    public var description: String {
        let width = raw.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: width)
        for row in raw {
            for (column, cell) in row.enumerated() { widths[column] = Swift.max(widths[column], cell.count) }
        }
        return raw.map { row in
            "| "
                + row.enumerated().map { column, cell in
                    cell + String(repeating: " ", count: widths[column] - cell.count)
                }.joined(separator: " | ") + " |"
        }.joined(separator: "\n")
    }

    func error(row: Int, column: Int?, _ message: String) -> DataTableError {
        let columnName = column.flatMap { header.indices.contains($0) ? header[$0] : nil }
        return DataTableError(
            message: message, row: row, column: columnName, uri: uri,
            location: location(row: row, column: column ?? 0))
    }
}

/// A data table that cannot be read as asked: names the row, the column and where the table is.
public struct DataTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The 0-based row (0 is the header row).
    public var row: Int
    /// The header of the column, when one column is at fault.
    public var column: String?
    /// The `.feature` file, when the table comes from one.
    public var uri: String?
    /// The position of the offending cell (or row) in the `.feature` file, when known.
    public var location: Location?

    /// Creates an error.
    public init(message: String, row: Int, column: String?, uri: String? = nil, location: Location? = nil) {
        self.message = message
        self.row = row
        self.column = column
        self.uri = uri
        self.location = location
    }

    /// `uri:line:column: row N, column "c": message` (the position parts when known).
    public var description: String {
        var prefix = ""
        if let uri, let location {
            prefix = "\(uri):\(location.line)" + (location.column.map { ":\($0)" } ?? "") + ": "
        }
        return prefix + reason
    }

    /// `data table row N, column "c": message`, without the place (which a step's failure carries apart).
    package var reason: String {
        let column = self.column.map { ", column \(describe($0))" } ?? ""
        return "data table row \(row)\(column): \(message)"
    }
}

private func describeDecodingError(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    switch error {
    case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
        return context.debugDescription
    case .keyNotFound(let key, _):
        return "no column \(describe(key.stringValue))"
    @unknown default:
        return String(describing: error)
    }
}

/// Decodes one row of a table, keyed by the header.
private struct TableRowDecoder: Decoder {
    let table: DataTable
    let header: [String]
    let row: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(TableRowContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw table.error(row: row, column: nil, "a row decodes into a type with named properties, not a list")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw table.error(row: row, column: nil, "a row decodes into a type with named properties, not a value")
    }

    /// The column of `key`: the exact header, else the header equal once case, spaces, `-` and `_` are ignored.
    func column(for key: String) -> Int? {
        if let exact = header.firstIndex(of: key) { return exact }
        let wanted = Self.normalised(key)
        return header.firstIndex { Self.normalised($0) == wanted }
    }

    static func normalised(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { !" -_".unicodeScalars.contains($0) })
    }
}

private struct TableRowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TableRowDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { decoder.header.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        decoder.column(for: key.stringValue) != nil
    }

    private func cell(_ key: Key) throws -> (text: String, column: Int) {
        guard let column = decoder.column(for: key.stringValue) else {
            throw decoder.table.error(
                row: decoder.row, column: nil,
                "no column \(describe(key.stringValue)) (the header is \(decoder.header.map(describe).joined(separator: ", ")))"
            )
        }
        return (decoder.table.cell(row: decoder.row, column: column) ?? "", column)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let column = decoder.column(for: key.stringValue) else { return true }
        return (decoder.table.cell(row: decoder.row, column: column) ?? "").isEmpty
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let (text, column) = try cell(key)
        return try CellDecoder(text: text, table: decoder.table, row: decoder.row, column: column).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw decoder.table.error(
            row: decoder.row, column: nil, "a cell cannot hold nested values (\(key.stringValue))")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw decoder.table.error(row: decoder.row, column: nil, "a cell cannot hold a list (\(key.stringValue))")
    }

    func superDecoder() throws -> any Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
}

/// Decodes one cell: a single value.
private struct CellDecoder: Decoder, SingleValueDecodingContainer {
    let text: String
    let table: DataTable
    let row: Int
    let column: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw failure("a cell holds one value, not named properties")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw failure("a cell holds one value, not a list")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { text.isEmpty }

    private func failure(_ message: String) -> DataTableError {
        table.error(row: row, column: column, message)
    }

    private func number<T>(_ type: T.Type, _ parse: (String) -> T?) throws -> T {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = parse(trimmed) else { throw failure("cannot read \(describe(text)) as \(T.self)") }
        return value
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch text.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw failure("cannot read \(describe(text)) as Bool (true, false, yes or no)")
        }
    }

    func decode(_ type: String.Type) throws -> String { text }
    func decode(_ type: Double.Type) throws -> Double { try number(type) { Double($0) } }
    func decode(_ type: Float.Type) throws -> Float { try number(type) { Float($0) } }
    func decode(_ type: Int.Type) throws -> Int { try number(type) { Int($0) } }
    func decode(_ type: Int8.Type) throws -> Int8 { try number(type) { Int8($0) } }
    func decode(_ type: Int16.Type) throws -> Int16 { try number(type) { Int16($0) } }
    func decode(_ type: Int32.Type) throws -> Int32 { try number(type) { Int32($0) } }
    func decode(_ type: Int64.Type) throws -> Int64 { try number(type) { Int64($0) } }
    func decode(_ type: UInt.Type) throws -> UInt { try number(type) { UInt($0) } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try number(type) { UInt8($0) } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try number(type) { UInt16($0) } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try number(type) { UInt32($0) } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try number(type) { UInt64($0) } }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is String.Type: return try unsafeCast(decode(String.self))
        case is Bool.Type: return try unsafeCast(decode(Bool.self))
        case is Int.Type: return try unsafeCast(decode(Int.self))
        case is Double.Type: return try unsafeCast(decode(Double.self))
        case is Float.Type: return try unsafeCast(decode(Float.self))
        case is Int8.Type: return try unsafeCast(decode(Int8.self))
        case is Int16.Type: return try unsafeCast(decode(Int16.self))
        case is Int32.Type: return try unsafeCast(decode(Int32.self))
        case is Int64.Type: return try unsafeCast(decode(Int64.self))
        case is UInt.Type: return try unsafeCast(decode(UInt.self))
        case is UInt8.Type: return try unsafeCast(decode(UInt8.self))
        case is UInt16.Type: return try unsafeCast(decode(UInt16.self))
        case is UInt32.Type: return try unsafeCast(decode(UInt32.self))
        case is UInt64.Type: return try unsafeCast(decode(UInt64.self))
        default: break
        }
        do {
            return try T(from: self)
        } catch let error as DataTableError {
            throw error
        } catch {
            throw failure("cannot read \(describe(text)) as \(T.self): \(describeDecodingError(error))")
        }
    }

    private func unsafeCast<T>(_ value: some Any) throws -> T {
        guard let typed = value as? T else { throw failure("cannot read \(describe(text)) as \(T.self)") }
        return typed
    }
}
