import Messages
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

    /// Writes every byte to a file descriptor (`DescriptorWrite.all`); gives up on a closed pipe (remembered for
    /// standard output: `outputWasClosed`) or another error.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        let failure = bytes.withUnsafeBytes { DescriptorWrite.all($0, to: descriptor) }
        if failure == EPIPE && descriptor == 1 { outputClosed.store(true, ordering: .relaxed) }
    }
}
