import Foundation
import Messages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a report's bytes go: memory, a file descriptor such as standard output, a file replaced atomically,
/// or any `TextOutputStream`.
///
/// Formatters buffer their output and call `write(_:)` with large chunks, then `close()` once at the end.
/// An output is used from one task at a time.
public protocol ReportOutput: AnyObject {
    /// A name for error messages: a path, `standard output`...
    var name: String { get }
    /// Writes bytes (UTF-8 text for every formatter of this module).
    func write(_ bytes: UnsafeRawBufferPointer) throws(ReportError)
    /// Completes the output: an atomic file is renamed into place; a descriptor is left open.
    func close() throws(ReportError)
}

extension ReportOutput {
    /// Writes `bytes`.
    public func write(_ bytes: [UInt8]) throws(ReportError) {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ReportError) in try write(buffer) }
        }
        try result.get()
    }

    /// Writes the UTF-8 bytes of `text`.
    public func write(_ text: String) throws(ReportError) {
        try write(Array(text.utf8))
    }
}

/// Keeps everything written in memory; read it with `bytes` or `text`.
public final class MemoryOutput: ReportOutput {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether `close()` has been called.
    public private(set) var isClosed = false
    /// `memory`, or the name given.
    public let name: String

    /// Creates an empty in-memory output.
    public init(name: String = "memory") {
        self.name = name
    }

    /// The bytes written so far, decoded as UTF-8.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(ReportError) {
        self.bytes.append(contentsOf: bytes)
    }

    /// Marks the output closed.
    public func close() throws(ReportError) {
        isClosed = true
    }
}

/// Writes to an open file descriptor (standard output, standard error, a pipe), which it never closes.
public final class FileDescriptorOutput: ReportOutput {
    private let descriptor: Int32
    /// The name used in error messages.
    public let name: String

    /// Creates an output writing to `descriptor`; `name` is used in error messages.
    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// The process's standard output.
    public static func standardOutput() -> FileDescriptorOutput {
        FileDescriptorOutput(descriptor: 1, name: "standard output")
    }

    /// The process's standard error.
    public static func standardError() -> FileDescriptorOutput {
        FileDescriptorOutput(descriptor: 2, name: "standard error")
    }

    /// Writes every byte, retrying after interruptions.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(ReportError) {
        if let reason = writeAll(bytes, to: descriptor) {
            throw ReportError.cannotWrite(destination: name, reason: reason)
        }
    }

    /// Does nothing: the descriptor belongs to the caller.
    public func close() throws(ReportError) {}
}

/// Forwards the text written to any `TextOutputStream` (for example a `String`).
public final class TextStreamOutput<Stream: TextOutputStream>: ReportOutput {
    /// The stream the text goes to.
    public private(set) var stream: Stream
    /// The name used in error messages.
    public let name: String

    /// Creates an output that appends to `stream`.
    public init(_ stream: Stream, name: String = "text stream") {
        self.stream = stream
        self.name = name
    }

    /// Decodes `bytes` as UTF-8 and appends the text to the stream.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(ReportError) {
        stream.write(String(decoding: bytes, as: UTF8.self))
    }

    /// Does nothing.
    public func close() throws(ReportError) {}
}

/// Writes a report to a temporary file in the destination's directory and renames it into place on `close()`,
/// so that readers never see a truncated report: an interrupted run, a full disk or a failed write leaves either
/// the previous complete file or the new complete file, and no temporary file.
///
/// The directory is created if needed. The destination must be a regular file or not exist yet (a device, a FIFO
/// or a symbolic link is written through instead: open those with `reportFileOutput(at:)`). A write that fails
/// removes the temporary file at once and every later call throws the same error; so does an output discarded (or
/// deallocated) without `close()`. A replaced report keeps the previous one's permissions.
public final class AtomicFileOutput: ReportOutput {
    /// Where the report ends up.
    public let destination: URL
    /// The temporary file being written, beside `destination`.
    package let temporaryURL: URL
    private var descriptor: Int32
    private var isFinished = false
    private var failure: ReportError?

    /// The path named in messages: the destination's, or the one given (a symbolic link to it).
    public let name: String

    /// Opens a new temporary file beside `destination` (creating the directory if needed); `name` is the path
    /// named in messages (by default the destination's).
    ///
    /// - Throws: `ReportError.notAFile` when `destination` exists and is not a regular file,
    ///   `ReportError.notAFolder` or `ReportError.cannotCreate` when the directory or the temporary file cannot
    ///   be created.
    public init(_ destination: URL, name: String? = nil) throws(ReportError) {
        self.destination = destination
        self.name = name ?? destination.path
        let directory = destination.deletingLastPathComponent()
        try makeReportFolder(directory)
        var previous = stat()
        var previousMode: mode_t?
        if lstat(destination.path, &previous) == 0 {
            guard previous.st_mode & S_IFMT == S_IFREG else {
                throw ReportError.notAFile(path: destination.path, kind: FileKind(mode: previous.st_mode).description)
            }
            previousMode = previous.st_mode & 0o7777
        }
        let unique = UUID().uuidString.prefix(8).lowercased()
        temporaryURL = directory.appendingPathComponent(".\(destination.lastPathComponent).\(unique).tmp")
        descriptor = open(temporaryURL.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0 {
            throw ReportError.cannotCreate(path: temporaryURL.path, reason: String(cString: strerror(errno)))
        }
        if let previousMode { _ = fchmod(descriptor, previousMode) }
    }

    deinit {
        if !isFinished { discard() }
    }

    /// Writes to the temporary file. On failure the temporary file is removed and the destination left as it was.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(ReportError) {
        if let failure { throw failure }
        guard !isFinished else {
            throw ReportError.cannotWrite(destination: name, reason: "the report was already closed")
        }
        if let reason = writeAll(bytes, to: descriptor) {
            try fail(reason)
        }
    }

    /// Flushes the temporary file to disk and renames it to `destination`, replacing any previous report. When
    /// anything fails (an earlier write, the flush, the rename), the temporary file is removed, the destination is
    /// left as it was, and the error says why.
    public func close() throws(ReportError) {
        if let failure { throw failure }
        guard !isFinished else { return }
        if fsync(descriptor) != 0 && errno != EINVAL && errno != EROFS {
            try fail(String(cString: strerror(errno)))
        }
        isFinished = true
        if systemClose(descriptor) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryURL.path)
            throw ReportError.cannotWrite(destination: name, reason: reason)
        }
        if rename(temporaryURL.path, destination.path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryURL.path)
            throw ReportError.cannotWrite(destination: name, reason: "cannot rename the finished report: \(reason)")
        }
        syncFolder(of: destination)
    }

    /// Abandons the report: removes the temporary file and leaves `destination` untouched.
    public func discard() {
        guard !isFinished else { return }
        isFinished = true
        _ = systemClose(descriptor)
        unlink(temporaryURL.path)
    }

    /// Abandons the report after a failure, remembers why, and throws.
    private func fail(_ reason: String) throws(ReportError) {
        discard()
        let error = ReportError.cannotWrite(destination: name, reason: reason)
        failure = error
        throw error
    }
}

/// Writes a complete report to `url`: atomically (temporary file, then rename) for a regular file or a new one,
/// written through for a device, a FIFO or a symbolic link (see `reportFileOutput(at:)`).
package func writeAtomically(_ bytes: [UInt8], to url: URL) throws(ReportError) {
    let output = try reportFileOutput(at: url)
    try output.write(bytes)
    try output.close()
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

/// Writes every byte of `bytes` to `descriptor` (`DescriptorWrite.all`); returns the reason on failure.
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
    DescriptorWrite.all(bytes, to: descriptor).map(DescriptorWrite.reason)
}
