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
    private var connection: SQLiteConnection?

    /// Where the store's work runs: a queue of its own, off the cooperative pool, since it waits on the disk.
    private let executor = DiskExecutor(label: "feed-store.sqlite")

    /// The store's queue, which runs its work one job at a time (see `DiskExecutor`).
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

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

    /// The cached feed, or `nil` when nothing is cached.
    public func retrieve() throws -> CachedFeed? {
        let db = try open()
        return try Self.guarded(path: path, operation: "read the feed") { () throws -> CachedFeed? in
            try db.transaction { () throws -> CachedFeed? in
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
    }

    private var path: String { fileURL.path }

    /// The open connection, opening and checking the database (and creating its schema) on first use.
    private func open() throws -> SQLiteConnection {
        if let connection { return connection }
        let db = try Self.openConnection(path: path)
        connection = db
        return db
    }

    /// Opens and checks the database at `path`, creating its directory and schema when missing.
    static func openConnection(path: String) throws -> SQLiteConnection {
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
        let db: SQLiteConnection
        do {
            db = try SQLiteConnection(path: path)
        } catch let failure as SQLiteFailure {
            throw Error.cannotOpen(path: path, reason: failure.message)
        }
        try prepareSchema(of: db, path: path)
        return db
    }

    /// Removes the database file at `path` with its journal files.
    static func removeDatabaseFiles(path: String) throws {
        for suffix in ["", "-journal", "-wal", "-shm"] {
            do {
                try POSIX.removeFile(path + suffix)
            } catch {
                throw Error.failed(path: path, operation: "remove the broken database", reason: "\(error)")
            }
        }
    }

    /// Runs `body`, turning SQLite failures into `Error`s naming `operation`: `notAFeedCache` for a corrupt
    /// database, `failed` otherwise. Writers start with `BEGIN IMMEDIATE`, so they take the write lock up front
    /// (waiting for it with the busy timeout) instead of upgrading a read lock, which SQLite refuses at once when
    /// another connection is writing.
    static func guarded<T>(path: String, operation: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as SQLiteFailure {
            if failure.isCorruption { throw Error.notAFeedCache(path: path, reason: failure.message) }
            throw Error.failed(path: path, operation: operation, reason: failure.message)
        }
    }
}
