import CSQLite

extension SQLiteFeedStore {
    /// The tables of the cache: one row for the save's timestamp, one row per image in feed order.
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

    /// Checks that the database at `path`, open on `db`, is an intact feed cache of a supported version, creating
    /// the schema in a new database.
    static func prepareSchema(of db: SQLiteConnection, path: String) throws {
        do {
            let verdict = try db.quickCheck()
            guard verdict == "ok" else {
                throw Error.notAFeedCache(path: path, reason: "the integrity check says: \(verdict)")
            }
            // A read first: a database with the schema needs no write lock, which another process may hold
            // for the length of its save.
            let current = try SQLiteFeedStore.guarded(path: path, operation: "read the schema version") {
                try db.transaction { try db.userVersion() }
            }
            if current != schemaVersion {
                try SQLiteFeedStore.guarded(path: path, operation: "create the schema") {
                    try db.transaction(immediate: true) {
                        let version = try db.userVersion()
                        if version == 0 {
                            guard try db.schemaObjectCount() == 0 else {
                                throw Error.notAFeedCache(path: path, reason: "it holds other tables")
                            }
                            try db.execute(schema)
                        } else if version != schemaVersion {
                            throw Error.unsupportedSchemaVersion(path: path, found: version)
                        }
                    }
                }
            }
            for query in expectedQueries {
                _ = try db.prepare(query)
            }
        } catch let error as Error {
            throw error
        } catch let error as SQLiteFailure {
            if error.isCorruption { throw Error.notAFeedCache(path: path, reason: error.message) }
            if error.code == SQLITE_ERROR { throw Error.notAFeedCache(path: path, reason: error.message) }
            throw Error.cannotOpen(path: path, reason: error.message)
        }
    }
}
