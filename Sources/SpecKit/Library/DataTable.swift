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
