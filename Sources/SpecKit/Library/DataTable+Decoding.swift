import Foundation

/// Reading a table's rows as `Decodable` values: each row after the header decoded by the header's names.
extension DataTable {
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
