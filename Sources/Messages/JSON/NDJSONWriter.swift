import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes envelopes as NDJSON (one JSON object per line, each ending in `\n`) with `JSONWriter`: into memory,
/// or buffered and flushed in large chunks to a file descriptor such as standard output.
///
/// Writing is synchronous on purpose: an envelope is appended to memory in about a microsecond, and the
/// buffer reaches the output in one `write(2)` per `flushThreshold` bytes, so an `async` call per envelope would
/// cost more than the work. Call `flush()` when done to see errors; as a safety net, a writer that goes out of
/// scope flushes what is left, ignoring errors (unless a flush has already failed).
///
/// The writer is non-copyable (it owns its buffer); keep it in a `var`, pass it `inout`, or store it in the
/// actor or class that emits the messages.
public struct NDJSONWriter: ~Copyable, Sendable {
    private enum Output: Sendable {
        case memory
        case fileDescriptor(Int32, name: String)
        case fileHandle(FileHandle, name: String)
    }

    private var json: JSONWriter
    private let output: Output
    /// The number of buffered bytes at which `write(_:)` flushes to the output.
    public let flushThreshold: Int

    /// Creates a writer that keeps everything in memory; read it with `bytes` or `takeBytes()`.
    public init(capacity: Int = 1 << 16) {
        json = JSONWriter(capacity: capacity)
        output = .memory
        flushThreshold = .max
    }

    /// Creates a writer that flushes to an open file descriptor (not closed by the writer).
    /// `name` (e.g. a path) is used in error messages.
    public init(fileDescriptor: Int32, name: String, flushThreshold: Int = 1 << 18) {
        json = JSONWriter(capacity: flushThreshold + flushThreshold / 4)
        output = .fileDescriptor(fileDescriptor, name: name)
        self.flushThreshold = flushThreshold
    }

    /// Creates a writer that flushes to a file handle (not closed by the writer).
    /// `name` (e.g. a path) is used in error messages.
    public init(fileHandle: FileHandle, name: String, flushThreshold: Int = 1 << 18) {
        json = JSONWriter(capacity: flushThreshold + flushThreshold / 4)
        output = .fileHandle(fileHandle, name: name)
        self.flushThreshold = flushThreshold
    }

    /// A writer to the process's standard output.
    public static func standardOutput(flushThreshold: Int = 1 << 18) -> NDJSONWriter {
        NDJSONWriter(fileDescriptor: 1, name: "standard output", flushThreshold: flushThreshold)
    }

    private var hasFailed = false

    deinit {
        if !hasFailed { _ = writeBufferedBytes() }
    }

    /// A copy of the bytes written and not yet flushed (everything, for an in-memory writer).
    public var bytes: [UInt8] { json.bytes }

    /// The number of bytes written and not yet flushed.
    public var bufferedByteCount: Int { json.count }

    /// The number of bytes flushed to the output so far.
    public private(set) var flushedByteCount = 0

    /// Calls `body` with the bytes written and not yet flushed, without copying them.
    public func withUnsafeBufferedBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try json.withUnsafeBytes(body)
    }

    /// Returns the buffered bytes and empties the buffer.
    public mutating func takeBytes() -> [UInt8] {
        defer { json.removeAll() }
        return json.bytes
    }

    /// Appends one envelope as one line; flushes when the buffer reaches `flushThreshold`.
    public mutating func write(_ envelope: Envelope) throws(NDJSONWriteError) {
        envelope.write(to: &json)
        json.appendRaw(UInt8(ascii: "\n"))
        if json.count >= flushThreshold { try flush() }
    }

    /// Appends every envelope of `envelopes`, one per line.
    public mutating func write(contentsOf envelopes: some Sequence<Envelope>) throws(NDJSONWriteError) {
        for envelope in envelopes { try write(envelope) }
    }

    /// Writes the buffered bytes to the output and empties the buffer (does nothing for an in-memory writer).
    public mutating func flush() throws(NDJSONWriteError) {
        if let failure = writeBufferedBytes() {
            // Part of the buffer may have been written: the deinit must not write it again.
            hasFailed = true
            throw failure
        }
        if case .memory = output { return }
        flushedByteCount += json.count
        json.removeAll()
    }

    private func writeBufferedBytes() -> NDJSONWriteError? {
        switch output {
        case .memory:
            return nil
        case .fileDescriptor(let descriptor, let name):
            return json.withUnsafeBytes { buffer in
                DescriptorWrite.all(buffer, to: descriptor).map {
                    NDJSONWriteError(destination: name, reason: DescriptorWrite.reason($0))
                }
            }
        case .fileHandle(let handle, let name):
            do {
                try json.withUnsafeBytes { buffer in try handle.write(contentsOf: buffer) }
                return nil
            } catch {
                return NDJSONWriteError(destination: name, reason: "\(error)")
            }
        }
    }

    /// Encodes `envelopes` as NDJSON bytes.
    public static func encode(_ envelopes: some Sequence<Envelope>) -> [UInt8] {
        var json = JSONWriter(capacity: 1 << 16)
        for envelope in envelopes {
            envelope.write(to: &json)
            json.appendRaw(UInt8(ascii: "\n"))
        }
        return json.bytes
    }
}

/// Writing NDJSON to its destination failed.
public struct NDJSONWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The destination's name, e.g. a path or `standard output`.
    public var destination: String
    /// What went wrong, e.g. `No space left on device`.
    public var reason: String

    /// Creates a write error.
    public init(destination: String, reason: String) {
        self.destination = destination
        self.reason = reason
    }

    /// `cannot write messages to <destination>: <reason>`.
    public var description: String { "cannot write messages to \(destination): \(reason)" }
}

extension Envelope {
    /// The envelope's JSON as written on one NDJSON line, without the trailing newline.
    public func jsonLine() -> String {
        String(decoding: jsonBytes(), as: UTF8.self)
    }

    /// The envelope's JSON as UTF-8 bytes, without a trailing newline.
    public func jsonBytes() -> [UInt8] {
        var json = JSONWriter(capacity: 512)
        write(to: &json)
        return json.bytes
    }
}
