import Foundation
import Testing

@testable import Messages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way the harness spills to disk: a temporary file with no name, read and written by position.
@Suite struct UnlinkedFileTests {
    @Test func `bytes written at an offset read back from it, and the file has no name`() throws {
        let descriptor = try UnlinkedFile.make(prefix: "unlinked-file-test").get()
        defer { close(descriptor) }
        #expect(descriptor >= 10)
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0, "closed in the processes the harness starts")
        #if os(Linux)
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
            #expect(target.hasSuffix("(deleted)"), "\(target)")
        #endif
        let first = Array("first piece\n".utf8)
        let second = Array("second piece\n".utf8)
        #expect(first.withUnsafeBytes { UnlinkedFile.write($0, to: descriptor, at: 0) } == nil)
        #expect(second.withUnsafeBytes { UnlinkedFile.write($0, to: descriptor, at: 1 << 20) } == nil)
        var read = [UInt8](repeating: 0, count: second.count)
        #expect(read.withUnsafeMutableBytes { UnlinkedFile.read(into: $0, from: descriptor, at: 1 << 20) } == nil)
        #expect(read == second)
        read = [UInt8](repeating: 0, count: first.count)
        #expect(read.withUnsafeMutableBytes { UnlinkedFile.read(into: $0, from: descriptor, at: 0) } == nil)
        #expect(read == first)
    }

    @Test func `reading past the end or from a closed descriptor says what failed and why`() throws {
        let descriptor = try UnlinkedFile.make(prefix: "unlinked-file-test").get()
        var buffer = [UInt8](repeating: 0, count: 4)
        let pastEnd = buffer.withUnsafeMutableBytes { UnlinkedFile.read(into: $0, from: descriptor, at: 0) }
        #expect(pastEnd?.action == "cannot read it back")
        close(descriptor)
        let closed = Array("x".utf8).withUnsafeBytes { UnlinkedFile.write($0, to: descriptor, at: 0) }
        #expect(closed?.description == "cannot write to it: \(String(cString: strerror(EBADF)))")
    }
}
