import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a small file that must be a regular file (a languages file, a configuration file): a device, a FIFO or a
/// folder is refused saying what it is, without reading it (`/dev/zero` would never end) and without waiting for
/// a writer (opening a FIFO does not block); a file larger than the limit is refused without reading it all.
package enum RegularFile {
    /// Why a file could not be read: a sentence naming no path (the caller's error names it).
    package struct Failure: Error, Sendable, Equatable {
        /// `not a regular file but a character device`, `larger than 16 MiB`, `cannot read the file (...)`.
        package let reason: String
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    ///
    /// - Throws: `Failure` when it cannot be opened or read, is not a regular file, or holds more than `limit`
    ///   bytes.
    package static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Failure(reason: "cannot read the file (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw Failure(reason: "cannot read the file (\(String(cString: strerror(errno))))")
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else { throw Failure(reason: "not a regular file but \(describe(kind))") }
        guard Int64(status.st_size) <= Int64(limit) else { throw Failure(reason: "larger than \(size(limit))") }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: "cannot read the file (\(String(cString: strerror(errno))))")
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
            // A file growing while read: refused as a large one, never read for ever.
            guard data.count <= limit else { throw Failure(reason: "larger than \(size(limit))") }
        }
    }

    /// `a character device`, `a FIFO`, `a folder`...
    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a folder"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// `16 MiB`, `512 KiB`, `100 bytes`.
    private static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// The system's `read`, by a name the enum's own `read` does not hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}
