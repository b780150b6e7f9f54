import Feed
import FeedInfrastructure
import Foundation

/// The store one scenario runs against, made fresh for that scenario: in memory, a JSON file in a new temporary
/// folder, or an SQLite database in a new temporary folder. `remove()` deletes the folder afterwards.
///
/// The app and the steps see the store through a `FailingFeedStore`, so a scenario can make the cache misbehave.
public struct StoreUnderTest: Sendable {
    /// Which store this is.
    public let kind: StoreKind
    /// The temporary folder holding the store's file, or nil for the in-memory store.
    public let folder: URL?
    /// The store's file, or nil for the in-memory store.
    public let fileURL: URL?
    /// The store the app uses: the real store behind the failure switches.
    public let store: FailingFeedStore

    /// Why the store could not be prepared or cleaned up.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, naming the path.
        public var description: String
    }

    /// Makes a fresh, empty store of `kind`. File and SQLite stores get a new folder under `temporaryRoot`.
    public init(kind: StoreKind, temporaryRoot: URL = StoreUnderTest.defaultTemporaryRoot) throws {
        self.kind = kind
        switch kind {
        case .memory:
            folder = nil
            fileURL = nil
            store = FailingFeedStore(InMemoryFeedStore())
        case .file, .sqlite:
            let folder = temporaryRoot.appendingPathComponent("feed-specs-\(kind)-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw Failure(description: "Cannot create the temporary folder \(folder.path) for the store: \(error)")
            }
            let fileURL = folder.appendingPathComponent(kind.fileName ?? "feed")
            self.folder = folder
            self.fileURL = fileURL
            store = FailingFeedStore(kind.makeStore(at: fileURL))
        }
    }

    /// Makes the cache unreadable. File and SQLite stores get bytes that are not a cache written over their file,
    /// so the real store fails to read it; the in-memory store, which has no file, fails through the decorator.
    public func makeUnreadable() async throws {
        guard let fileURL else {
            await store.configure(failsRetrieval: true)
            return
        }
        let garbage = Data("This is not a feed cache.\n".utf8) + Data((0..<256).map { UInt8(($0 * 37 + 11) % 256) })
        do {
            try garbage.write(to: fileURL)
        } catch {
            throw Failure(description: "Cannot write over the store's file \(fileURL.path): \(error)")
        }
        for suffix in ["-journal", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: fileURL.path + suffix)
        }
        // A new store instance, so that no connection opened before the garbage was written stays in use.
        await store.replaceDecoratee(with: kind.makeStore(at: fileURL))
    }

    /// Where the stores' temporary folders go: `$FEED_SPECS_TMPDIR` when set; else `/dev/shm` when it is a
    /// writable folder (memory-backed on Linux, so the stores' `fsync` calls cost nothing and scenarios stay fast
    /// while other tests load the disk; the stores run exactly the same code); else the system's temporary folder.
    public static let defaultTemporaryRoot: URL = {
        let environment = ProcessInfo.processInfo.environment
        if let override = environment["FEED_SPECS_TMPDIR"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        let shared = "/dev/shm"
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: shared, isDirectory: &isDirectory), isDirectory.boolValue,
            FileManager.default.isWritableFile(atPath: shared)
        {
            return URL(fileURLWithPath: shared, isDirectory: true)
        }
        return FileManager.default.temporaryDirectory
    }()

    /// Deletes the store's temporary folder and everything in it.
    public func remove() throws {
        guard let folder else { return }
        do {
            try FileManager.default.removeItem(at: folder)
        } catch CocoaError.fileNoSuchFile {
            return
        } catch {
            throw Failure(description: "Cannot remove the store's temporary folder \(folder.path): \(error)")
        }
    }
}
