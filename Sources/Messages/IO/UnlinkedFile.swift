import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A temporary file without a name: made in the temporary folder and unlinked at once, so that nothing is left
/// behind when the process ends, even when it is killed. It is read and written by position through its
/// descriptor. The one way the run's copy of the specs, the reports' spools and the runner processes' stream
/// journals spill to disk.
package enum UnlinkedFile {
    /// Makes one, its name starting with `prefix`; returns its descriptor (closed in processes this one starts), or
    /// what stopped it, naming the folder.
    package static func make(prefix: String) -> Result<Int32, UnlinkedFileError> {
        let folder = NSTemporaryDirectory()
        var template = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8CString.dropLast())
        template += Array((prefix + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard made >= 0 else {
            return .failure(UnlinkedFileError("cannot make a temporary file in \(folder)", code: errno))
        }
        template.withUnsafeBufferPointer { buffer in
            if let path = buffer.baseAddress { _ = unlink(path) }
        }
        // Above the descriptors a child process is given (0 to 9), and closed across `exec`.
        let descriptor = fcntl(made, F_DUPFD_CLOEXEC, 10)
        let code = errno
        close(made)
        guard descriptor >= 0 else {
            return .failure(UnlinkedFileError("cannot keep a temporary file open", code: code))
        }
        return .success(descriptor)
    }

    /// Writes all of `bytes` at `offset`.
    package static func write(
        _ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int
    ) -> UnlinkedFileError? {
        guard let base = bytes.baseAddress else { return nil }
        var done = 0
        while done < bytes.count {
            let written = pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done))
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return UnlinkedFileError("cannot write to it", code: written == 0 ? EIO : errno) }
            done += written
        }
        return nil
    }

    /// Fills `buffer` with the bytes at `offset`.
    package static func read(
        into buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, at offset: Int
    ) -> UnlinkedFileError? {
        guard let base = buffer.baseAddress else { return nil }
        var done = 0
        while done < buffer.count {
            let read = pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { return UnlinkedFileError("cannot read it back", code: read == 0 ? EIO : errno) }
            done += read
        }
        return nil
    }
}

/// Why an unlinked temporary file could not be made, written or read: what was done, and the system's reason.
package struct UnlinkedFileError: Error, CustomStringConvertible, Sendable {
    /// What was being done (`cannot write to it`).
    package let action: String
    /// The system's reason (`No space left on device`).
    package let reason: String

    init(_ action: String, code: Int32) {
        self.action = action
        reason = String(cString: strerror(code))
    }

    /// The action and the reason: `cannot write to it: No space left on device`.
    package var description: String { "\(action): \(reason)" }
}
