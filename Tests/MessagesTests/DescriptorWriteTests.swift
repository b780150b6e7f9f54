import Foundation
import Testing

@testable import Messages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Writing whole buffers to a descriptor")
struct DescriptorWriteTests {
    /// `body`'s value, worked out on a thread of its own: blocking reads and writes keep off the cooperative pool.
    static func onThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    /// Every byte of `descriptor`, to its end; closes it.
    static func drain(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        close(descriptor)
        return bytes
    }

    @Test(
        "every byte reaches a pipe many times its buffer, blocking or not (a full non-blocking pipe is waited for)",
        arguments: [false, true])
    func wholeBuffer(nonBlocking: Bool) async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        if nonBlocking { _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK) }
        let sent = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        async let received = Self.onThread { Self.drain(readEnd) }
        let failure = await Self.onThread {
            defer { close(writeEnd) }
            return sent.withUnsafeBytes { DescriptorWrite.all($0, to: writeEnd) }
        }
        #expect(failure == nil)
        #expect(await received == sent)
    }

    @Test("a descriptor that cannot be written gives its errno and the system's words for it; nothing is no error")
    func failures() {
        let bytes: [UInt8] = Array("text".utf8)
        let code = bytes.withUnsafeBytes { DescriptorWrite.all($0, to: -1) }
        #expect(code == EBADF)
        #expect(DescriptorWrite.reason(EBADF) == String(cString: strerror(EBADF)))
        #expect([UInt8]().withUnsafeBytes { DescriptorWrite.all($0, to: -1) } == nil)
    }
}
