import Feed
import Foundation

/// A feed store that keeps the cache as one JSON file.
///
/// Every insertion writes a complete new file beside the old one, flushes it, and renames it over the old one, so
/// the file always holds one complete feed, even if the process is killed mid-save. The directory is created when
/// needed. A file that cannot be read or is not a feed cache is a retrieval error, never a crash; deleting the
/// cache removes such a file.
public actor FileFeedStore: FeedStore {
    /// Why the store failed. Every case names the file.
    public enum Error: Swift.Error, CustomStringConvertible {
        /// The file exists but cannot be read.
        case unreadable(path: String, reason: String)
        /// The file is not a feed cache (not JSON, wrong shape, or an unsupported format version).
        case corrupt(path: String, reason: String)
        /// The new feed could not be written.
        case unwritable(path: String, reason: String)
        /// The file could not be deleted.
        case undeletable(path: String, reason: String)

        /// A one-line explanation naming the file.
        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "Cannot read the feed cache \(path): \(reason)"
            case .corrupt(let path, let reason): "The feed cache \(path) is not a valid cache file: \(reason)"
            case .unwritable(let path, let reason): "Cannot write the feed cache \(path): \(reason)"
            case .undeletable(let path, let reason): "Cannot delete the feed cache \(path): \(reason)"
            }
        }
    }

    /// The version of the file format this store reads and writes.
    public static let formatVersion = 1

    /// The cache file.
    public nonisolated let fileURL: URL

    /// Where the store's work runs: a queue of its own, off the cooperative pool, since it waits on the disk.
    private let executor = DiskExecutor(label: "feed-store.file")

    /// The store's queue, which runs its work one job at a time (see `DiskExecutor`).
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Creates a store for the cache file at `fileURL`. Nothing is touched on disk until the first operation.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The largest cache file the store reads: 256 MB, far above any feed the app accepts (see `RemoteFeedLoader`).
    public static let maximumFileSize = 256 * 1024 * 1024

    /// Runs `changes` and commits them with one atomic step: an insertion writes a complete new file beside the
    /// cache and flushes it, and the commit renames it over the cache file (or, when the changes only delete,
    /// removes the cache file). Until then the old file is untouched, so a reader, a crash or a full disk sees the
    /// old feed or the new one.
    public func transaction<Result: Sendable>(
        _ changes: @Sendable (any FeedStoreTransaction) throws -> Result
    ) throws -> Result {
        let transaction = Transaction(fileURL: fileURL, temporaryPrefix: temporaryPrefix)
        let result: Result
        do {
            result = try changes(transaction)
        } catch {
            transaction.discard()
            throw error
        }
        try transaction.commit()
        if transaction.replaced { removeAbandonedTemporaryFiles(in: fileURL.deletingLastPathComponent()) }
        return result
    }

    /// The changes of one transaction, staged beside the cache file until they are committed.
    private final class Transaction: FeedStoreTransaction {
        /// What the transaction will do to the cache file.
        private enum Change {
            case none
            case delete
            /// Rename this fully written temporary file over the cache file.
            case replace(temporaryPath: String)
        }

        private let fileURL: URL
        private let temporaryPrefix: String
        private var change = Change.none
        private(set) var replaced = false

        init(fileURL: URL, temporaryPrefix: String) {
            self.fileURL = fileURL
            self.temporaryPrefix = temporaryPrefix
        }

        /// Checks that the cache file could be removed, and stages its removal. Anything but a regular file (a
        /// folder, a FIFO, a device) is left alone: the store did not make it.
        func deleteCachedFeed() throws {
            let path = fileURL.path
            do {
                if let kind = POSIX.nonRegularEntry(at: path) { throw POSIX.NotARegularFile(path: path, kind: kind) }
                try POSIX.checkWritableDirectory(fileURL.deletingLastPathComponent().path)
            } catch {
                throw Error.undeletable(path: path, reason: "\(error)")
            }
            discard()
            change = .delete
        }

        /// Writes `feed` to a new temporary file beside the cache file and flushes it; the commit renames it.
        func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
            let path = fileURL.path
            let directory = fileURL.deletingLastPathComponent()
            let data: Data
            do {
                data = try FileFeedStore.encoder.encode(CodableCache(feed: feed, timestamp: timestamp))
            } catch {
                throw Error.unwritable(path: path, reason: "the feed cannot be encoded (\(error))")
            }
            let temporary = directory.appendingPathComponent(temporaryPrefix + UUID().uuidString + ".tmp").path
            do {
                try POSIX.createDirectory(directory)
                try POSIX.writeNewFile(data, to: temporary)
            } catch {
                _ = try? POSIX.removeFile(temporary)
                throw Error.unwritable(path: path, reason: "\(error)")
            }
            discard()
            change = .replace(temporaryPath: temporary)
        }

        /// Makes the staged change visible in one step.
        func commit() throws {
            let path = fileURL.path
            switch change {
            case .none:
                return
            case .delete:
                do {
                    try POSIX.removeFile(path)
                } catch {
                    throw Error.undeletable(path: path, reason: "\(error)")
                }
            case .replace(let temporary):
                do {
                    try POSIX.rename(temporary, to: path)
                } catch {
                    _ = try? POSIX.removeFile(temporary)
                    throw Error.unwritable(path: path, reason: "\(error)")
                }
                replaced = true
            }
            change = .none
            POSIX.syncDirectory(fileURL.deletingLastPathComponent().path)
        }

        /// Drops the staged change, removing a temporary file it wrote.
        func discard() {
            if case .replace(let temporary) = change { _ = try? POSIX.removeFile(temporary) }
            change = .none
        }
    }

    /// The name prefix of the temporary files insertions write before renaming them over the cache file.
    private var temporaryPrefix: String { ".\(fileURL.lastPathComponent)." }

    /// Removes temporary files that an interrupted insertion (a killed process) left behind: those older than a
    /// minute, so a temporary file another process is still writing is left alone. Best effort.
    private func removeAbandonedTemporaryFiles(in directory: URL) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        let cutoff = Date().addingTimeInterval(-60)
        for name in names where name.hasPrefix(temporaryPrefix) && name.hasSuffix(".tmp") {
            let path = directory.appendingPathComponent(name).path
            guard let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                modified < cutoff
            else { continue }
            _ = try? POSIX.removeFile(path)
        }
    }

    /// The cached feed, or `nil` when there is no cache file.
    public func retrieve() throws -> CachedFeed? {
        let path = fileURL.path
        let data: Data
        do {
            guard let content = try POSIX.readFile(path, maximumSize: Self.maximumFileSize) else { return nil }
            data = content
        } catch {
            throw Error.unreadable(path: path, reason: "\(error)")
        }
        let version: Int
        do {
            version = try JSONDecoder().decode(VersionProbe.self, from: data).version
        } catch {
            throw Error.corrupt(path: path, reason: "no format version found (\(Self.describe(error)))")
        }
        guard version == Self.formatVersion else {
            throw Error.corrupt(
                path: path, reason: "format version \(version) is not supported (expected \(Self.formatVersion))")
        }
        do {
            let cache = try JSONDecoder().decode(CodableCache.self, from: data).cachedFeed
            if let index = cache.feed.firstIndex(where: { !$0.hasWebAddress }) {
                throw Error.corrupt(path: path, reason: "image \(index) has an address that is not http(s)")
            }
            return cache
        } catch let error as Error {
            throw error
        } catch {
            throw Error.corrupt(path: path, reason: Self.describe(error))
        }
    }

    fileprivate static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static func describe(_ error: any Swift.Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "the field \(key.stringValue) is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty
                ? "not JSON" : "bad value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: "\(error)"
        }
    }

    private struct VersionProbe: Decodable {
        let version: Int
    }

    fileprivate struct CodableCache: Codable {
        let version: Int
        /// Seconds since the reference date, kept as a double so the timestamp round-trips exactly.
        let timestamp: Double
        let feed: [CodableImage]

        init(feed: [LocalFeedImage], timestamp: Date) {
            self.version = FileFeedStore.formatVersion
            self.timestamp = timestamp.timeIntervalSinceReferenceDate
            self.feed = feed.map(CodableImage.init)
        }

        var cachedFeed: CachedFeed {
            CachedFeed(feed: feed.map(\.local), timestamp: Date(timeIntervalSinceReferenceDate: timestamp))
        }
    }

    fileprivate struct CodableImage: Codable {
        let id: String
        let description: String?
        let location: String?
        let url: URL
        let photographer: String?

        init(_ image: LocalFeedImage) {
            id = image.id
            description = image.description
            location = image.location
            url = image.url
            photographer = image.photographer
        }

        var local: LocalFeedImage {
            LocalFeedImage(id: id, description: description, location: location, url: url, photographer: photographer)
        }
    }
}
