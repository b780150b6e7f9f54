import Foundation
import Gherkin

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Watches the `.feature` files under some paths (files or folders) and says which were created or changed. It
/// waits on the file system's events where the platform has them (inotify on Linux) and polls twice a second
/// elsewhere; it never spins. A change is a new modification time or size whose content differs (a hash of every
/// byte), so an editor saving the same text runs nothing. A folder removed and made again (a branch switch), the
/// watched folder itself included, is watched again.
final class SpecWatcher {
    /// What one wait found.
    struct Changes: Equatable {
        /// `.feature` files created or changed, sorted.
        var changed: [String]
        /// `.feature` files that went away, sorted.
        var removed: [String]
    }

    /// A file's modification time and size (to skip reading it again), and its content (what counts): its size
    /// and a hash of every byte.
    private struct Stamp {
        var seconds: Int
        var nanoseconds: Int
        var size: Int64
        var content: Content
    }

    /// What a file holds, as compared between two scans.
    struct Content: Hashable {
        var size: Int
        var hash: Int

        /// The content of the regular file at `path`: its size and a hash of every byte (`Data.hashValue` covers
        /// only the first 80), read in pieces into `buffer`, never the whole file at once (a watched folder of many
        /// files costs no memory per file); nil when it cannot be read.
        init?(file path: String, buffer: inout [UInt8]) {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: 64 * 1024) }
            var hasher = Hasher()
            var total = 0
            while true {
                let count = buffer.withUnsafeMutableBytes { bytes in
                    let count = read(descriptor, bytes.baseAddress, bytes.count)
                    if count > 0 { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[..<count])) }
                    return count
                }
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { return nil }
                if count == 0 { break }
                total += count
            }
            size = total
            hash = hasher.finalize()
        }

        /// A file that cannot be read.
        static let unreadable = Content(size: -1, hash: 0)

        private init(size: Int, hash: Int) {
            self.size = size
            self.hash = hash
        }
    }

    private let paths: [String]
    private var stamps: [String: Stamp] = [:]
    #if os(Linux)
        /// A folder watched, as it was when its watch was added (a folder made again is another inode).
        private struct Watch {
            var descriptor: Int32
            var device: UInt64
            var inode: UInt64
        }

        private var events: Int32 = -1
        private var watched: [String: Watch] = [:]
    #endif

    /// How the watcher waits: `"inotify"` or `"polling"`.
    let mechanism: String

    /// Watches the `.feature` files under `paths` as they are now.
    init(paths: [String]) {
        self.paths = paths
        #if os(Linux)
            events = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
            mechanism = events >= 0 ? "inotify" : "polling"
        #else
            mechanism = "polling"
        #endif
        stamps = scan()
        addWatches()
    }

    deinit {
        #if os(Linux)
            if events >= 0 { close(events) }
        #endif
    }

    /// Blocks until some `.feature` file is created, changed or removed, and says which.
    func waitForChanges() -> Changes {
        while true {
            waitForActivity()
            let now = scan(previous: stamps)
            addWatches()
            var changes = Changes(changed: [], removed: [])
            for (path, stamp) in now where stamps[path]?.content != stamp.content { changes.changed.append(path) }
            for path in stamps.keys where now[path] == nil { changes.removed.append(path) }
            stamps = now
            if !changes.changed.isEmpty || !changes.removed.isEmpty {
                changes.changed.sort()
                changes.removed.sort()
                return changes
            }
        }
    }

    /// Returns after the file system reports activity under the paths (then 100 ms of quiet, so one save made of
    /// several writes is one change), or after half a second when polling.
    private func waitForActivity() {
        #if os(Linux)
            if events >= 0 {
                var descriptor = pollfd(fd: events, events: Int16(POLLIN), revents: 0)
                while poll(&descriptor, 1, -1) < 0 && errno == EINTR {}
                repeat { drainEvents() } while poll(&descriptor, 1, 100) > 0
                return
            }
        #endif
        usleep(500_000)
    }

    #if os(Linux)
        /// Reads every queued event. A watch the kernel dropped (its folder was removed) is forgotten, so the folder
        /// is watched again once it is made again.
        private func drainEvents() {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(events, $0.baseAddress, $0.count) }
                guard count > 0 else { return }
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let (descriptor, mask, length) = buffer.withUnsafeBytes { bytes in
                        let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                        return (event.wd, event.mask, Int(event.len))
                    }
                    if mask & UInt32(IN_IGNORED) != 0 {
                        watched = watched.filter { $0.value.descriptor != descriptor }
                    }
                    offset += header + length
                }
            }
        }
    #endif

    /// Watches every folder under the paths (new folders included), so saves by rename are seen too; a path that
    /// does not exist (yet, or any more) is waited for in the nearest folder above it that exists.
    private func addWatches() {
        #if os(Linux)
            guard events >= 0 else { return }
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY)
            var wanted = folders()
            for path in paths where !FileManager.default.fileExists(atPath: path) {
                if let ancestor = nearestExistingFolder(above: path) { wanted.append(ancestor) }
            }
            for folder in wanted {
                var info = stat()
                guard stat(folder, &info) == 0 else { continue }
                let device = UInt64(info.st_dev)
                let inode = UInt64(info.st_ino)
                if let known = watched[folder] {
                    if known.device == device && known.inode == inode { continue }
                    // Removed and made again between two looks: the old watch is on a folder that is gone.
                    inotify_rm_watch(events, known.descriptor)
                    watched[folder] = nil
                }
                let descriptor = inotify_add_watch(events, folder, mask)
                if descriptor >= 0 { watched[folder] = Watch(descriptor: descriptor, device: device, inode: inode) }
            }
        #endif
    }

    /// The nearest folder above `path` that exists.
    private func nearestExistingFolder(above path: String) -> String? {
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while true {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue {
                return folder.path
            }
            if folder.path == "/" { return nil }
            folder = folder.deletingLastPathComponent()
        }
    }

    private func folders() -> [String] {
        var folders: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                folders.append(URL(fileURLWithPath: path).deletingLastPathComponent().path)
                continue
            }
            folders.append(path)
            guard let enumerator = FileManager.default.enumerator(atPath: path) else { continue }
            while let relative = enumerator.nextObject() as? String {
                let full = (path as NSString).appendingPathComponent(relative)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), isFolder.boolValue {
                    folders.append(full)
                }
            }
        }
        return folders
    }

    /// The `.feature` files under the paths with their stamps; a file whose time and size are as in `previous`
    /// is not read again.
    private func scan(previous: [String: Stamp] = [:]) -> [String: Stamp] {
        var found: [String: Stamp] = [:]
        var buffer: [UInt8] = []
        for file in featureFiles() {
            var info = stat()
            guard stat(file, &info) == 0 else { continue }
            #if canImport(Darwin)
                let modified = info.st_mtimespec
            #else
                let modified = info.st_mtim
            #endif
            let seconds = Int(modified.tv_sec)
            let nanoseconds = Int(modified.tv_nsec)
            if let known = previous[file], known.seconds == seconds, known.nanoseconds == nanoseconds,
                known.size == Int64(info.st_size)
            {
                found[file] = known
                continue
            }
            found[file] = Stamp(
                seconds: seconds, nanoseconds: nanoseconds, size: Int64(info.st_size),
                content: Content(file: file, buffer: &buffer) ?? .unreadable)
        }
        return found
    }

    private func featureFiles() -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: path) else { continue }
            while let relative = enumerator.nextObject() as? String {
                guard Gherkin.isSpecFile(relative) else { continue }
                files.append((path as NSString).appendingPathComponent(relative))
            }
        }
        return files
    }
}
