import CSQLite
import Feed
import Foundation

/// A feed store that keeps the cache in an SQLite database (the system's SQLite library).
///
/// The schema is versioned with `PRAGMA user_version`; every change runs in one transaction, so a database always
/// holds one complete feed, even if the process is killed mid-save. The database is opened (and its directory
/// created) on first use and checked for integrity; a file that is not a database, is corrupt, or holds another
/// schema is an error, never a crash, and deleting the cache removes such a file.
public actor SQLiteFeedStore: FeedStore {
    /// Why the store failed. Every case names the database file.
    public enum Error: Swift.Error, CustomStringConvertible {
        /// The database could not be opened or created.
        case cannotOpen(path: String, reason: String)
        /// The file is not a feed cache: not a database, corrupt, or another schema.
        case notAFeedCache(path: String, reason: String)
        /// The database was written by a newer version of the store.
        case unsupportedSchemaVersion(path: String, found: Int)
        /// A statement failed.
        case failed(path: String, operation: String, reason: String)

        /// A one-line explanation naming the database.
        public var description: String {
            switch self {
            case .cannotOpen(let path, let reason): "Cannot open the feed cache database \(path): \(reason)"
            case .notAFeedCache(let path, let reason): "The file \(path) is not a feed cache database: \(reason)"
            case .unsupportedSchemaVersion(let path, let found):
                "The feed cache database \(path) has schema version \(found); this version reads "
                    + "\(SQLiteFeedStore.schemaVersion)"
            case .failed(let path, let operation, let reason):
                "The feed cache database \(path) failed to \(operation): \(reason)"
            }
        }
    }

    /// The schema version this store reads and writes.
    public static let schemaVersion = 1

    /// The database file.
    public nonisolated let fileURL: URL
    private var connection: Connection?

    /// Creates a store for the database at `fileURL`. Nothing is touched on disk until the first operation.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// Runs `changes` in one SQLite transaction (`BEGIN IMMEDIATE` … `COMMIT`), rolled back when `changes` throws,
    /// so a reader, a crash or a full disk sees the old feed or the new one. Deleting a database that is not a feed
    /// cache (corrupt, another schema) removes its files instead.
    public func transaction<Result: Sendable>(
        _ changes: @Sendable (any FeedStoreTransaction) throws -> Result
    ) throws -> Result {
        let transaction = Transaction(path: path, connection: connection)
        defer { connection = transaction.connection }
        let result: Result
        do {
            result = try changes(transaction)
        } catch {
            transaction.rollback()
            throw error
        }
        try transaction.commit()
        return result
    }

    /// The changes of one transaction, made on the store's connection inside `BEGIN IMMEDIATE` … `COMMIT`.
    private final class Transaction: FeedStoreTransaction {
        private let path: String
        /// The connection, opened on first use; handed back to the store afterwards.
        private(set) var connection: Connection?
        private var isOpen = false

        init(path: String, connection: Connection?) {
            self.path = path
            self.connection = connection
        }

        /// Empties the cache; a database that is not a feed cache is removed instead (nothing in it is a feed).
        func deleteCachedFeed() throws {
            do {
                let db = try begin()
                try db.guarded(path: path, operation: "delete the feed") {
                    try db.execute("DELETE FROM feed_image; DELETE FROM cache;")
                }
            } catch Error.notAFeedCache, Error.unsupportedSchemaVersion {
                try removeBrokenDatabase()
            } catch let error as Error {
                guard let db = connection, db.isCorrupt else { throw error }
                try removeBrokenDatabase()
            }
        }

        /// Replaces the rows of the cache with `feed` saved at `timestamp`.
        func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
            let db = try begin()
            try db.guarded(path: path, operation: "store the feed") {
                try db.execute("DELETE FROM feed_image; DELETE FROM cache;")
                try db.run(
                    "INSERT INTO cache (id, timestamp) VALUES (1, ?)",
                    [.double(timestamp.timeIntervalSinceReferenceDate)])
                let insert = try db.prepare(
                    "INSERT INTO feed_image (position, id, description, location, url, photographer) "
                        + "VALUES (?, ?, ?, ?, ?, ?)")
                for (position, image) in feed.enumerated() {
                    try insert.run([
                        .integer(Int64(position)), .text(image.id), .optionalText(image.description),
                        .optionalText(image.location), .text(image.url.absoluteString),
                        .optionalText(image.photographer),
                    ])
                }
            }
        }

        /// Commits what the transaction changed.
        func commit() throws {
            guard isOpen, let db = connection else { return }
            isOpen = false
            do {
                try db.guarded(path: path, operation: "save the changes") { try db.execute("COMMIT") }
            } catch {
                db.rollBack()
                throw error
            }
        }

        /// Rolls back what the transaction changed.
        func rollback() {
            guard isOpen else { return }
            isOpen = false
            connection?.rollBack()
        }

        /// The connection with the write transaction open, opening both on first use.
        private func begin() throws -> Connection {
            let db = try connection ?? SQLiteFeedStore.openConnection(path: path)
            connection = db
            if !isOpen {
                try db.guarded(path: path, operation: "start a change") { try db.execute("BEGIN IMMEDIATE") }
                isOpen = true
            }
            return db
        }

        /// Closes the connection and removes the database file with its journal files.
        private func removeBrokenDatabase() throws {
            rollback()
            connection = nil
            try SQLiteFeedStore.removeDatabaseFiles(path: path)
        }
    }

    /// The cached feed, or `nil` when nothing is cached.
    public func retrieve() throws -> CachedFeed? {
        let db = try open()
        return try db.transaction(path: path, operation: "read the feed") { () throws -> CachedFeed? in
            let header = try db.prepare("SELECT timestamp FROM cache WHERE id = 1")
            guard try header.step() else { return nil }
            let timestamp = Date(timeIntervalSinceReferenceDate: header.double(at: 0))
            let rows = try db.prepare(
                "SELECT id, description, location, url, photographer FROM feed_image ORDER BY position")
            var feed: [LocalFeedImage] = []
            while try rows.step() {
                let address = rows.text(at: 3) ?? ""
                guard let id = rows.text(at: 0), let url = URL(string: address), FeedImage.isWebAddress(url) else {
                    throw Error.notAFeedCache(
                        path: path, reason: "image \(feed.count) has no id or an address that is not http(s)")
                }
                feed.append(
                    LocalFeedImage(
                        id: id, description: rows.text(at: 1), location: rows.text(at: 2), url: url,
                        photographer: rows.text(at: 4)))
            }
            return CachedFeed(feed: feed, timestamp: timestamp)
        }
    }

    private var path: String { fileURL.path }

    /// The open connection, opening and checking the database (and creating its schema) on first use.
    private func open() throws -> Connection {
        if let connection { return connection }
        let db = try Self.openConnection(path: path)
        connection = db
        return db
    }

    /// Opens and checks the database at `path`, creating its directory and schema when missing.
    fileprivate static func openConnection(path: String) throws -> Connection {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try POSIX.createDirectory(directory)
        } catch {
            throw Error.cannotOpen(path: path, reason: "cannot create its directory (\(error))")
        }
        // SQLite would wait forever on a FIFO and read a device without end.
        if let kind = POSIX.nonRegularKind(at: path), kind != .directory {
            throw Error.cannotOpen(path: path, reason: "it is \(kind.rawValue), not a regular file")
        }
        let db = try Connection(path: path)
        try db.prepareSchema(path: path)
        return db
    }

    /// Removes the database file at `path` with its journal files.
    fileprivate static func removeDatabaseFiles(path: String) throws {
        for suffix in ["", "-journal", "-wal", "-shm"] {
            do {
                try POSIX.removeFile(path + suffix)
            } catch {
                throw Error.failed(path: path, operation: "remove the broken database", reason: "\(error)")
            }
        }
    }
}

extension SQLiteFeedStore {
    /// One SQLite connection. Not thread-safe: used only from inside the store's actor.
    final class Connection {
        private let handle: OpaquePointer
        /// Whether the last failure said the database is corrupt or not a database.
        private(set) var isCorrupt = false

        init(path: String) throws {
            var handle: OpaquePointer?
            let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
            let code = sqlite3_open_v2(path, &handle, flags, nil)
            guard code == SQLITE_OK, let handle else {
                let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
                sqlite3_close_v2(handle)
                throw Error.cannotOpen(path: path, reason: reason)
            }
            self.handle = handle
            sqlite3_busy_timeout(handle, 10_000)
        }

        deinit {
            sqlite3_close_v2(handle)
        }

        /// Checks the file is an intact feed cache of a supported version, creating the schema in a new database.
        func prepareSchema(path: String) throws {
            do {
                let verdict = try quickCheck()
                guard verdict == "ok" else {
                    throw Error.notAFeedCache(path: path, reason: "the integrity check says: \(verdict)")
                }
                // A read first: a database with the schema needs no write lock, which another process may hold
                // for the length of its save.
                let current = try transaction(path: path, operation: "read the schema version") { try userVersion() }
                if current != SQLiteFeedStore.schemaVersion {
                    try transaction(path: path, operation: "create the schema", immediate: true) {
                        let version = try userVersion()
                        if version == 0 {
                            guard try tableCount() == 0 else {
                                throw Error.notAFeedCache(path: path, reason: "it holds other tables")
                            }
                            try execute(Self.schema)
                        } else if version != SQLiteFeedStore.schemaVersion {
                            throw Error.unsupportedSchemaVersion(path: path, found: version)
                        }
                    }
                }
                for query in Self.expectedQueries {
                    _ = try prepare(query)
                }
            } catch let error as Error {
                throw error
            } catch let error as SQLiteFailure {
                if error.isCorruption { throw Error.notAFeedCache(path: path, reason: error.message) }
                if error.code == SQLITE_ERROR { throw Error.notAFeedCache(path: path, reason: error.message) }
                throw Error.cannotOpen(path: path, reason: error.message)
            }
        }

        private static let schema = """
            CREATE TABLE cache (id INTEGER PRIMARY KEY CHECK (id = 1), timestamp REAL NOT NULL);
            CREATE TABLE feed_image (
                position INTEGER PRIMARY KEY,
                id TEXT NOT NULL,
                description TEXT,
                location TEXT,
                url TEXT NOT NULL,
                photographer TEXT
            );
            PRAGMA user_version = \(SQLiteFeedStore.schemaVersion);
            """

        /// Statements that compile only against the expected schema.
        private static let expectedQueries = [
            "SELECT id, timestamp FROM cache",
            "SELECT position, id, description, location, url, photographer FROM feed_image",
        ]

        /// SQLite's verdict on the database's integrity: `ok`, or the first problem found.
        private func quickCheck() throws -> String {
            let statement = try prepare("PRAGMA quick_check(1)")
            return try statement.step() ? statement.text(at: 0) ?? "" : ""
        }

        private func userVersion() throws -> Int {
            let statement = try prepare("PRAGMA user_version")
            return try statement.step() ? Int(statement.integer(at: 0)) : 0
        }

        private func tableCount() throws -> Int {
            let statement = try prepare("SELECT count(*) FROM sqlite_master")
            return try statement.step() ? Int(statement.integer(at: 0)) : 0
        }

        /// Runs `body` in a read transaction, committing on success and rolling back on any error.
        /// SQLite failures become `SQLiteFeedStore.Error`s naming `operation`.
        func transaction<T>(path: String, operation: String, immediate: Bool = false, _ body: () throws -> T) throws
            -> T
        {
            try guarded(path: path, operation: operation) {
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
        }

        /// Runs `body`, turning SQLite failures into `SQLiteFeedStore.Error`s naming `operation`: `notAFeedCache`
        /// for a corrupt database, `failed` otherwise. Writers start with `BEGIN IMMEDIATE`, so they take the write
        /// lock up front (waiting for it with the busy timeout) instead of upgrading a read lock, which SQLite
        /// refuses at once when another connection is writing.
        func guarded<T>(path: String, operation: String, _ body: () throws -> T) throws -> T {
            do {
                return try body()
            } catch let failure as SQLiteFailure {
                isCorrupt = failure.isCorruption
                if failure.isCorruption { throw Error.notAFeedCache(path: path, reason: failure.message) }
                throw Error.failed(path: path, operation: operation, reason: failure.message)
            }
        }

        /// Rolls back the open transaction, if any.
        func rollBack() {
            if sqlite3_get_autocommit(handle) == 0 { _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
        }

        func execute(_ sql: String) throws {
            let code = sqlite3_exec(handle, sql, nil, nil, nil)
            guard code == SQLITE_OK else { throw failure(code) }
        }

        func run(_ sql: String, _ values: [Value]) throws {
            try prepare(sql).run(values)
        }

        func prepare(_ sql: String) throws -> Statement {
            var statement: OpaquePointer?
            let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
            guard code == SQLITE_OK, let statement else {
                sqlite3_finalize(statement)
                throw failure(code)
            }
            return Statement(handle: statement, connection: self)
        }

        func failure(_ code: Int32) -> SQLiteFailure {
            SQLiteFailure(code: code, message: String(cString: sqlite3_errmsg(handle)))
        }
    }

    /// A value bound to a statement parameter.
    enum Value {
        case integer(Int64)
        case double(Double)
        case text(String)
        case optionalText(String?)
    }

    /// A failed SQLite call.
    struct SQLiteFailure: Swift.Error {
        let code: Int32
        let message: String

        var isCorruption: Bool {
            let primary = code & 0xFF
            return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
        }
    }

    /// A prepared statement, finalized when released.
    final class Statement {
        private let handle: OpaquePointer
        private let connection: Connection
        /// Tells SQLite to copy bound text, since Swift's C strings are temporary.
        private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

        init(handle: OpaquePointer, connection: Connection) {
            self.handle = handle
            self.connection = connection
        }

        deinit {
            sqlite3_finalize(handle)
        }

        /// Binds `values`, steps the statement to completion and resets it for another run.
        func run(_ values: [Value]) throws {
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

        func integer(at column: Int32) -> Int64 {
            sqlite3_column_int64(handle, column)
        }

        func double(at column: Int32) -> Double {
            sqlite3_column_double(handle, column)
        }

        func text(at column: Int32) -> String? {
            guard let text = sqlite3_column_text(handle, column) else { return nil }
            return String(cString: text)
        }
    }
}
