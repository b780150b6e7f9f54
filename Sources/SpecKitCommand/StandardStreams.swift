import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered writes of whole strings or byte buffers to standard output and standard error.
enum StandardStreams {
    private static let outputClosed = Atomic<Bool>(false)

    /// Whether a write to standard output found its reader gone (EPIPE, with SIGPIPE ignored).
    static var outputWasClosed: Bool { outputClosed.load(ordering: .relaxed) }

    /// Whether standard output can take a short write now without blocking (a pipe with room, a file, a
    /// terminal): false for a full pipe whose reader has stopped.
    static var outputIsWritableNow: Bool {
        var output = pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)
        return poll(&output, 1, 0) == 1 && output.revents & Int16(POLLOUT) != 0
    }

    /// Writes text to standard output.
    static func write(_ text: String) {
        writeAll(1, Array(text.utf8))
    }

    /// Writes text to standard error.
    static func writeError(_ text: String) {
        writeAll(2, Array(text.utf8))
    }

    /// Writes every byte to a file descriptor, retrying short writes; gives up on a closed pipe (remembered for
    /// standard output: `outputWasClosed`).
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written < 0 && errno == EPIPE && descriptor == 1 { outputClosed.store(true, ordering: .relaxed) }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

/// `write(2)`, whichever C library this platform has.
@inline(__always)
func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
        return Darwin.write(descriptor, pointer, count)
    #elseif canImport(Musl)
        return Musl.write(descriptor, pointer, count)
    #else
        return Glibc.write(descriptor, pointer, count)
    #endif
}
