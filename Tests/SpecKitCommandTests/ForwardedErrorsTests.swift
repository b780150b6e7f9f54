import Foundation
import TestSupport
import Testing

@testable import SpecKitCommand

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A runner process's standard error, forwarded by the command: read to what the runner process wrote, without
/// waiting for a process it left running (a server in the background) that holds the same pipe.
@Suite struct ForwardedErrorsTests {
    /// A pipe whose read end `ForwardedErrors` reads, forwarding to `/dev/null`; its write end.
    static func forwarded() throws -> (errors: ForwardedErrors, writeEnd: Int32, sink: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let sink = open("/dev/null", O_WRONLY)
        try #require(sink >= 0)
        return (ForwardedErrors(descriptor: ends[0], forwardingTo: sink), ends[1], sink)
    }

    static func send(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    @Test func `what the runner process wrote is all read while a process it left running holds the pipe`() async throws
    {
        let (errors, writeEnd, sink) = try Self.forwarded()
        defer { close(sink) }
        // The process left running: a second holder of the write end, open until the end of the test.
        let leftRunning = dup(writeEnd)
        defer { close(leftRunning) }
        Self.send("Fatal error: the store is gone\n", to: writeEnd)
        close(writeEnd)
        let (text, drained) = await offThePool { errors.finish(waitingAtMost: .seconds(60)) }
        #expect(drained, "finish() waited for the pipe's end, which the process left running holds")
        #expect(text == "Fatal error: the store is gone\n")
    }

    @Test func `without another holder, finish() reads to the pipe's end`() async throws {
        let (errors, writeEnd, sink) = try Self.forwarded()
        defer { close(sink) }
        let text = String(repeating: "a line of the runner process's standard error\n", count: 500)
        Self.send(text, to: writeEnd)
        close(writeEnd)
        let finished = await offThePool { errors.finish(waitingAtMost: .seconds(60)) }
        #expect(finished.drained)
        #expect(finished.text == text, "every byte written before the end is kept (under the 64 KiB kept)")
    }
}
