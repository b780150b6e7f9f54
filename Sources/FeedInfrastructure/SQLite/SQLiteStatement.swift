import CSQLite

/// A prepared statement, finalized when released.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: SQLiteConnection
    /// Tells SQLite to copy bound text, since Swift's C strings are temporary.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `values`, steps the statement to completion and resets it for another run.
    func run(_ values: [SQLiteValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .double(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, Self.transient)
            case .optionalText(let text?): code = sqlite3_bind_text(handle, index, text, -1, Self.transient)
            case .optionalText(nil): code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw connection.failure(code) }
        }
        while try step() {}
    }

    /// Steps once: `true` when a row is available, `false` when done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw connection.failure(code)
        }
    }

    /// The integer in `column` of the current row.
    func integer(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// The number in `column` of the current row.
    func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// The text in `column` of the current row; `nil` for `NULL`.
    func text(at column: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: text)
    }
}
