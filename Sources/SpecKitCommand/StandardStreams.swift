#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered writes of whole strings or byte buffers to standard output and standard error.
enum StandardStreams {
    /// Writes text to standard output.
    static func write(_ text: String) {
        writeAll(1, Array(text.utf8))
    }

    /// Writes text to standard error.
    static func writeError(_ text: String) {
        writeAll(2, Array(text.utf8))
    }

    /// Writes every byte to a file descriptor, retrying short writes; gives up silently on a closed pipe.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
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
