#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing whole buffers to a file descriptor: the one loop the message writer, the reports and the console share.
package enum DescriptorWrite {
    /// Writes every byte of `bytes` to `descriptor`: retries an interrupted or short write, and waits while a
    /// non-blocking descriptor is full. Returns the `errno` of the write that failed (`EPIPE` when a pipe's reader
    /// has gone), or nil once every byte is written.
    package static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard var pointer = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, pointer, remaining)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&request, 1, -1)
                    continue
                }
                return code
            }
            // A write of nothing for a non-empty buffer would repeat for ever: say so as an I/O error.
            guard written > 0 else { return EIO }
            pointer += written
            remaining -= written
        }
        return nil
    }

    /// The system's words for `code` (`No space left on device`).
    package static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
