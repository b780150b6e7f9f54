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

    /// The whole content of the file at `path`, or `nil` when there is no such file.
    static func readFile(_ path: String) throws -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw Failure(operation: "open \(path)", code: code)
        }
        defer { _ = close(fd) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "read \(path)", code: errno)
            }
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
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
