import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A runner process's standard error: forwarded to the command's own as it comes, its last 64 KiB kept for a crash's
/// message.
///
/// A process a step started and left running (a server in the background) inherits the pipe and may hold it open
/// long after the runner process ended: once that one has ended, `finish()` waits only until what it wrote has been
/// read, and the forwarding goes on, for the other process, until the pipe's end.
final class ForwardedErrors: Sendable {
    private static let kept = 1 << 16
    private let tail = Mutex<[UInt8]>([])
    /// Set by `finish()`: the runner process has ended, so the pipe holds nothing more of its own once empty.
    private let draining = Atomic<Bool>(false)
    /// Signalled once, when the pipe was found empty while draining, or at its end.
    private let drained = DispatchSemaphore(value: 0)

    /// Starts reading `descriptor`, writing what comes to `forwardingTo` (the command's standard error).
    init(descriptor: Int32, forwardingTo output: Int32 = 2) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 1 << 14)
            var signalled = false
            while true {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let polled = poll(&ready, 1, draining.load(ordering: .acquiring) && !signalled ? 0 : 100)
                if polled < 0 && errno != EINTR { break }
                if polled <= 0 {
                    if polled == 0 && draining.load(ordering: .acquiring) && !signalled {
                        signalled = true
                        drained.signal()
                    }
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                guard count > 0 else { break }
                buffer.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < count {
                        let written = write(output, bytes.baseAddress?.advanced(by: offset), count - offset)
                        if written < 0 && errno == EINTR { continue }
                        guard written > 0 else { break }
                        offset += written
                    }
                }
                self.tail.withLock { tail in
                    tail.append(contentsOf: buffer[0..<count])
                    if tail.count > Self.kept { tail.removeFirst(tail.count - Self.kept) }
                }
            }
            close(descriptor)
            if !signalled { drained.signal() }
        }
        thread.name = "spec-runner-stderr"
        thread.start()
    }

    /// Once the runner process has ended: waits until what it wrote to its standard error has been read (`limit` at
    /// most, should a process it left running write without a pause); returns the last part, and whether all of
    /// it was read within the limit.
    func finish(waitingAtMost limit: DispatchTimeInterval = .seconds(2)) -> (text: String, drained: Bool) {
        draining.store(true, ordering: .releasing)
        let drained = self.drained.wait(timeout: .now() + limit) == .success
        return (String(decoding: tail.withLock { $0 }, as: UTF8.self), drained)
    }
}
