import CSQLite

/// One connection to an SQLite database, over the system's SQLite library. Not thread-safe: its owner uses it from
/// one isolation domain at a time. Every failure is thrown as an `SQLiteFailure`.
final class SQLiteConnection {
    private let handle: OpaquePointer
    /// Whether the last failure said the database is corrupt or not a database.
    private(set) var isCorrupt = false

    /// Opens (creating it when missing) the database at `path`; a busy database is waited for up to 10 seconds.
    init(path: String) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw SQLiteFailure(code: code, message: reason)
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, 10_000)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs `body` in a transaction (`BEGIN`, or `BEGIN IMMEDIATE` to take the write lock up front), committing on
    /// success and rolling back on any error.
    func transaction<T>(immediate: Bool = false, _ body: () throws -> T) throws -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            rollBack()
            throw error
        }
    }

    /// Rolls back the open transaction, if any.
    func rollBack() {
        if sqlite3_get_autocommit(handle) == 0 { _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
    }

    /// Runs `sql`, one or more statements without parameters.
    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// Runs the statement `sql` once with `values` bound to its parameters.
    func run(_ sql: String, _ values: [SQLiteValue]) throws {
        try prepare(sql).run(values)
    }

    /// Compiles `sql`; fails when it does not compile against the database's schema.
    func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw failure(code)
        }
        return SQLiteStatement(handle: statement, connection: self)
    }

    /// SQLite's verdict on the database's integrity (`PRAGMA quick_check`): `ok`, or the first problem found.
    func quickCheck() throws -> String {
        let statement = try prepare("PRAGMA quick_check(1)")
        return try statement.step() ? statement.text(at: 0) ?? "" : ""
    }

    /// The database's `PRAGMA user_version`: 0 for a new database.
    func userVersion() throws -> Int {
        let statement = try prepare("PRAGMA user_version")
        return try statement.step() ? Int(statement.integer(at: 0)) : 0
    }

    /// How many tables, indexes, views and triggers the database holds.
    func schemaObjectCount() throws -> Int {
        let statement = try prepare("SELECT count(*) FROM sqlite_master")
        return try statement.step() ? Int(statement.integer(at: 0)) : 0
    }

    /// The failure for result `code`, with the connection's message; remembered in `isCorrupt`.
    func failure(_ code: Int32) -> SQLiteFailure {
        let failure = SQLiteFailure(code: code, message: String(cString: sqlite3_errmsg(handle)))
        isCorrupt = failure.isCorruption
        return failure
    }
}
