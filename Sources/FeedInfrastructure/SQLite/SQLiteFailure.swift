import CSQLite

/// A failed SQLite call: its result code and SQLite's explanation.
struct SQLiteFailure: Error {
    let code: Int32
    let message: String

    /// Whether SQLite said the file is corrupt or not a database.
    var isCorruption: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }
}
