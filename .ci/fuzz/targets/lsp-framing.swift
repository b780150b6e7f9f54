// modules: Messages
// sources: Sources/SpecKitCommand/LanguageServer/Server/JSONRPCConnection.swift
// options: -max_len=65536 -timeout=10
//
// Fuzz target for the language server's base protocol: any bytes a client sends (headers, Content-Length values,
// bodies) are read frame by frame into messages or "malformed" until the input ends, never a crash, a hang or a
// read that consumes nothing; every message that is an object is written back as a frame that reads again as
// the same message.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `setPipeSize` (a GNU name the C importer does not see): sets a pipe's capacity.
private let setPipeSize: Int32 = 1031

/// A pipe holding `bytes`, its write end closed: the reader sees them, then the end of the input.
private func pipe(holding bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0, "pipe")
    #if os(Linux)
        _ = fcntl(ends[1], setPipeSize, Int32(max(bytes.count, 4096) * 2))
    #endif
    var written = 0
    while written < bytes.count {
        let count = write(ends[1], bytes.baseAddress.map { $0 + written }, bytes.count - written)
        precondition(count > 0, "the fuzz input does not fit the pipe")
        written += count
    }
    close(ends[1])
    return ends[0]
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguageServerFraming(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = pipe(holding: UnsafeBufferPointer(start: data, count: size))
    defer { close(input) }
    var echo: [Int32] = [0, 0]
    precondition(pipe(&echo) == 0, "pipe")
    #if os(Linux)
        _ = fcntl(echo[1], setPipeSize, Int32(1 << 20))
    #endif
    defer {
        close(echo[0])
        close(echo[1])
    }
    let connection = JSONRPCConnection(input: input, output: echo[1])
    let replies = JSONRPCConnection(input: echo[0], output: -1)
    // Every frame but the last takes at least its blank line (4 bytes): more reads than that is a read that
    // consumes nothing.
    var reads = 0
    while true {
        reads += 1
        precondition(reads <= size / 4 + 2, "\(reads) reads of \(size) bytes: a read consumed nothing")
        switch connection.read() {
        case .end:
            return 0
        case .malformed(let reason):
            precondition(!reason.isEmpty, "a malformed frame without a reason")
        case .local:
            preconditionFailure("reading the input gave the server's own event")
        case .message(let message):
            guard let object = message as? [String: Any], JSONSerialization.isValidJSONObject(object) else { continue }
            connection.send(object)
            guard case .message(let echoed) = replies.read() else {
                preconditionFailure("a message written back does not read again")
            }
            // Compared as JSON text with sorted keys: every value, every digit of every number.
            let sent = try? JSONSerialization.data(withJSONObject: object, options: .sortedKeys)
            let received = try? JSONSerialization.data(withJSONObject: echoed, options: .sortedKeys)
            precondition(sent != nil && sent == received, "a message written back reads as another")
        }
    }
}
