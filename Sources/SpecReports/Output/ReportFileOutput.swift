import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The output for a report written to the path `url`, chosen by what is there:
///
/// - nothing, or a regular file: an `AtomicFileOutput` (a temporary file renamed into place once complete);
/// - a symbolic link to a regular file (or to nothing yet): the same, at the link's target, so the link stays;
/// - a device (`/dev/null`, a terminal), a FIFO, or a link to one: an output that opens it and writes through,
///   never replacing it (a FIFO without a reader is waited for, at most `fifoReaderWait`);
/// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`: that descriptor of this process;
/// - a folder, a socket or a link loop: `ReportError.notAFile`, naming the path.
///
/// A missing folder on the way is created.
public func reportFileOutput(at url: URL, fifoReaderWait: Duration = .seconds(10)) throws(ReportError)
    -> any ReportOutput
{
    let path = url.path
    if let descriptor = ownDescriptor(named: path) {
        let copy = dup(descriptor)
        guard copy >= 0 else {
            throw ReportError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        return WriteThroughOutput(descriptor: copy, name: path)
    }
    var status = stat()
    guard lstat(path, &status) == 0 else { return try AtomicFileOutput(url) }
    let kind = FileKind(mode: status.st_mode)
    switch kind {
    case .regularFile:
        return try AtomicFileOutput(url)
    case .characterDevice, .blockDevice, .fifo:
        return try WriteThroughOutput(path: path, readerWait: fifoReaderWait)
    case .folder, .socket, .other:
        throw ReportError.notAFile(path: path, kind: kind.description)
    case .symbolicLink:
        break
    }
    let targetPath: String
    switch resolveSymbolicLinks(path) {
    case .loop:
        throw ReportError.notAFile(path: path, kind: "a symbolic link that leads nowhere (a loop)")
    case .descriptor(let descriptor):
        let copy = dup(descriptor)
        guard copy >= 0 else {
            throw ReportError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        return WriteThroughOutput(descriptor: copy, name: path)
    case .procFileSystem:
        return try WriteThroughOutput(path: path, readerWait: fifoReaderWait)
    case .path(let resolved):
        targetPath = resolved
    }
    guard lstat(targetPath, &status) == 0 else {
        return try AtomicFileOutput(URL(fileURLWithPath: targetPath), name: path)
    }
    let targetKind = FileKind(mode: status.st_mode)
    switch targetKind {
    case .regularFile:
        return try AtomicFileOutput(URL(fileURLWithPath: targetPath), name: path)
    case .characterDevice, .blockDevice, .fifo:
        return try WriteThroughOutput(path: path, readerWait: fifoReaderWait)
    case .folder, .socket, .other, .symbolicLink:
        throw ReportError.notAFile(path: path, kind: "a symbolic link to \(targetKind.description)")
    }
}

/// Writes a report through to something that is not a regular file (a device, a FIFO, a descriptor), which it
/// opens and never replaces, creates or truncates. What was written stays written: such a target cannot be
/// replaced atomically.
package final class WriteThroughOutput: ReportOutput {
    private var descriptor: Int32
    /// The path given, for error messages.
    package let name: String

    /// Opens `path` for writing. A FIFO no process reads yet is waited for, at most `readerWait`.
    ///
    /// - Throws: `ReportError.cannotWrite` naming the path when it cannot be opened, or when no reader came.
    package init(path: String, readerWait: Duration = .seconds(10)) throws(ReportError) {
        name = path
        let flags = O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK
        var opened = open(path, flags)
        let clock = ContinuousClock()
        let deadline = clock.now + readerWait
        // A FIFO opened without blocking fails with ENXIO until a process opens it for reading.
        while opened < 0 && errno == ENXIO && clock.now < deadline {
            usleep(20_000)
            opened = open(path, flags)
        }
        guard opened >= 0 else {
            let code = errno
            let reason =
                code == ENXIO
                ? "no process opened the FIFO for reading within \(readerWait.components.seconds) s"
                : String(cString: strerror(code))
            throw ReportError.cannotWrite(destination: path, reason: reason)
        }
        // Written to blocking from now on, as a shell redirection would.
        let current = fcntl(opened, F_GETFL)
        if current >= 0 { _ = fcntl(opened, F_SETFL, current & ~O_NONBLOCK) }
        descriptor = opened
    }

    /// Writes to an open descriptor, which the output owns and closes.
    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    deinit {
        if descriptor >= 0 { _ = closeDescriptor(descriptor) }
    }

    /// Writes every byte, retrying after interruptions.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(ReportError) {
        guard descriptor >= 0 else {
            throw ReportError.cannotWrite(destination: name, reason: "the report was already closed")
        }
        if let reason = writeAll(bytes, to: descriptor) {
            throw ReportError.cannotWrite(destination: name, reason: reason)
        }
    }

    /// Closes the descriptor.
    package func close() throws(ReportError) {
        guard descriptor >= 0 else { return }
        let result = closeDescriptor(descriptor)
        descriptor = -1
        if result != 0 && errno != EINTR {
            throw ReportError.cannotWrite(destination: name, reason: String(cString: strerror(errno)))
        }
    }
}

/// What a path is, as `lstat` says.
enum FileKind: Equatable {
    case regularFile, folder, symbolicLink, characterDevice, blockDevice, fifo, socket, other

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFDIR: self = .folder
        case S_IFLNK: self = .symbolicLink
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// `a folder`, `a FIFO`...
    var description: String {
        switch self {
        case .regularFile: "a regular file"
        case .folder: "a folder"
        case .symbolicLink: "a symbolic link"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .other: "neither a file nor a folder"
        }
    }
}

/// Creates `folder` and the missing folders above it. Something on the way that is not a folder (a file, a
/// FIFO...) is `ReportError.notAFolder`, naming it.
func makeReportFolder(_ folder: URL) throws(ReportError) {
    var status = stat()
    if stat(folder.path, &status) == 0 {
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw ReportError.notAFolder(path: folder.path, kind: FileKind(mode: status.st_mode).description)
        }
        return
    }
    // The nearest existing folder on the way must be a folder.
    var ancestor = folder.deletingLastPathComponent()
    while ancestor.path != "/" && stat(ancestor.path, &status) != 0 {
        ancestor = ancestor.deletingLastPathComponent()
    }
    if stat(ancestor.path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
        throw ReportError.notAFolder(path: ancestor.path, kind: FileKind(mode: status.st_mode).description)
    }
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
        throw ReportError.cannotCreate(path: folder.path, reason: (error as NSError).localizedDescription)
    }
}

/// Flushes the folder holding `url` to disk, so a rename into it survives a power cut (best effort).
func syncFolder(of url: URL) {
    let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
    guard folder >= 0 else { return }
    _ = fsync(folder)
    _ = closeDescriptor(folder)
}

/// The descriptor `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N` names in this process.
private func ownDescriptor(named path: String) -> Int32? {
    switch path {
    case "/dev/stdout": return 1
    case "/dev/stderr": return 2
    default:
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            return Int32(path.dropFirst(prefix.count))
        }
        return nil
    }
}

/// Where a chain of symbolic links leads.
private enum LinkTarget {
    /// A path that is not a symbolic link (it may not exist).
    case path(String)
    /// A descriptor of this process (`/proc/self/fd/1`, where `/dev/stdout` leads).
    case descriptor(Int32)
    /// Somewhere else in `/proc`, whose links name open files rather than paths.
    case procFileSystem
    /// More than 40 links, as the kernel counts: a loop.
    case loop
}

/// Follows the symbolic links from `path`.
private func resolveSymbolicLinks(_ path: String) -> LinkTarget {
    var current = path
    for _ in 0..<40 {
        var status = stat()
        guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return .path(current) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(current, &buffer, buffer.count - 1)
        guard length >= 0 else { return .path(current) }
        let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        current =
            target.hasPrefix("/")
            ? target
            : (URL(fileURLWithPath: current).deletingLastPathComponent().path as NSString).appendingPathComponent(
                target)
        if let descriptor = ownDescriptor(named: current) { return .descriptor(descriptor) }
        if current.hasPrefix("/proc/") { return .procFileSystem }
    }
    return .loop
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
