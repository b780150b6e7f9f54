import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin, throwing wrappers over the few POSIX calls the file-backed stores need.
enum POSIX {
    /// A failed system call: what was attempted and the system's explanation.
    struct Failure: Error, CustomStringConvertible {
        let operation: String
        let code: Int32

        var description: String { "\(operation): \(String(cString: strerror(code)))" }
    }

    /// Writes `data` to a new file at `path` (which must not exist) and flushes it to disk.
    static func writeNewFile(_ data: Data, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(operation: "create \(path)", code: errno) }
        var closed = false
        defer { if !closed { _ = close(fd) } }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Failure(operation: "write \(path)", code: errno)
                }
                offset += written
            }
        }
        guard fsync(fd) == 0 else { throw Failure(operation: "flush \(path)", code: errno) }
        closed = true
        guard close(fd) == 0 else { throw Failure(operation: "close \(path)", code: errno) }
    }

    /// The whole content of the regular file at `path`, or `nil` when there is no such file.
    ///
    /// Anything but a regular file (a folder, a FIFO, a device, a socket) is an error rather than a hang or an
    /// endless read, and so is a file larger than `maximumSize` bytes.
    static func readFile(_ path: String, maximumSize: Int) throws -> Data? {
        // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw Failure(operation: "open \(path)", code: code)
        }
        defer { _ = close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw Failure(operation: "inspect \(path)", code: errno) }
        if let kind = FileKind(mode: status.st_mode) { throw NotARegularFile(path: path, kind: kind) }
        guard Int(status.st_size) <= maximumSize else {
            throw TooLarge(path: path, size: Int(status.st_size), maximumSize: maximumSize)
        }
        var data = Data()
        data.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "read \(path)", code: errno)
            }
            if count == 0 { return data }
            // The file may grow while it is read: the bound holds for what is read, not only for what fstat said.
            guard data.count + count <= maximumSize else {
                throw TooLarge(path: path, size: data.count + count, maximumSize: maximumSize)
            }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    /// What kind of file, other than a regular file, a path names; `nil` for a regular file or no file at all.
    /// Symbolic links are followed.
    static func nonRegularKind(at path: String) -> FileKind? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileKind(mode: status.st_mode)
    }

    /// What kind of entry, other than a regular file or a symbolic link, `path` names in its folder; `nil` for a
    /// regular file, a symbolic link (which removing only unlinks) or no entry at all.
    static func nonRegularEntry(at path: String) -> FileKind? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFLNK else { return nil }
        return FileKind(mode: status.st_mode)
    }

    /// Whether entries of `directory` can be removed or replaced by this process; throws the system's reason when
    /// not. A missing directory passes: there is nothing to remove in it.
    static func checkWritableDirectory(_ directory: String) throws {
        guard access(directory, W_OK | X_OK) != 0 else { return }
        let code = errno
        if code == ENOENT { return }
        throw Failure(operation: "change \(directory)", code: code)
    }

    /// A kind of file that is not a regular file.
    enum FileKind: String {
        case directory = "a folder"
        case fifo = "a FIFO (named pipe)"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case socket = "a socket"
        case other = "not a regular file"

        /// The kind of a file of mode `mode`, or `nil` for a regular file.
        init?(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: return nil
            case S_IFDIR: self = .directory
            case S_IFIFO: self = .fifo
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFSOCK: self = .socket
            default: self = .other
            }
        }
    }

    /// The path names something other than a regular file.
    struct NotARegularFile: Error, CustomStringConvertible {
        let path: String
        let kind: FileKind

        var description: String { "\(path) is \(kind.rawValue), not a regular file" }
    }

    /// The file is larger than a store reads.
    struct TooLarge: Error, CustomStringConvertible {
        let path: String
        let size: Int
        let maximumSize: Int

        var description: String {
            "\(path) holds more than \(maximumSize) bytes (\(size) or more), more than a feed cache can be"
        }
    }

    /// Atomically replaces `destination` with `source` (both in the same directory).
    static func rename(_ source: String, to destination: String) throws {
        #if canImport(Darwin)
            let result = Darwin.rename(source, destination)
        #elseif canImport(Glibc)
            let result = Glibc.rename(source, destination)
        #else
            let result = Musl.rename(source, destination)
        #endif
        guard result == 0 else { throw Failure(operation: "rename \(source) to \(destination)", code: errno) }
    }

    /// Flushes a directory's entries (a rename inside it) to disk; best effort.
    static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        _ = close(fd)
    }

    /// Removes the file at `path`. Returns `false` when there was no such file; throws on any other failure,
    /// including when `path` is a directory.
    @discardableResult
    static func removeFile(_ path: String) throws -> Bool {
        if unlink(path) == 0 { return true }
        let code = errno
        if code == ENOENT { return false }
        throw Failure(operation: "remove \(path)", code: code)
    }

    /// Creates `directory` and its parents when missing.
    static func createDirectory(_ directory: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
}
