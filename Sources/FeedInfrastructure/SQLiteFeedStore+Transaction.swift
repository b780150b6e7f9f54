import Feed
import Foundation

extension SQLiteFeedStore {
    /// The changes of one transaction, made on the store's connection inside `BEGIN IMMEDIATE` … `COMMIT`.
    final class Transaction: FeedStoreTransaction {
        private let path: String
        /// The connection, opened on first use; handed back to the store afterwards.
        private(set) var connection: SQLiteConnection?
        private var isOpen = false

        init(path: String, connection: SQLiteConnection?) {
            self.path = path
            self.connection = connection
        }

        /// Empties the cache; a database that is not a feed cache is removed instead (nothing in it is a feed).
        func deleteCachedFeed() throws {
            do {
                let db = try begin()
                try SQLiteFeedStore.guarded(path: path, operation: "delete the feed") {
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
            try SQLiteFeedStore.guarded(path: path, operation: "store the feed") {
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
                try SQLiteFeedStore.guarded(path: path, operation: "save the changes") { try db.execute("COMMIT") }
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
        private func begin() throws -> SQLiteConnection {
            let db = try connection ?? SQLiteFeedStore.openConnection(path: path)
            connection = db
            if !isOpen {
                try SQLiteFeedStore.guarded(path: path, operation: "start a change") {
                    try db.execute("BEGIN IMMEDIATE")
                }
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
}
