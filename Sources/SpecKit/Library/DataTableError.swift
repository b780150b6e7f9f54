import Messages

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
