import Foundation
import Messages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Receives the Cucumber Messages a run emits, in order. Must be thread-safe: with parallel workers, `emit`
/// is called from several tasks (never at once for one test case, whose messages arrive in order).
public protocol MessageSink: Sendable {
    /// Receives one envelope.
    func emit(_ envelope: Envelope)
}

/// Keeps every envelope in memory, in the order received.
///
/// ```swift
/// let messages = MessageCollector()
/// let summary = try await runner.run(paths: ["Specs"], sink: messages)
/// for envelope in messages.envelopes { ... }
/// ```
public final class MessageCollector: MessageSink {
    private let storage = Locked<[Envelope]>([])

    /// Creates an empty collector.
    public init() {}

    /// Appends `envelope`.
    public func emit(_ envelope: Envelope) {
        storage.withLock { $0.append(envelope) }
    }

    /// The envelopes received so far.
    public var envelopes: [Envelope] { storage.value }

    /// Returns the envelopes received so far and forgets them.
    public func takeEnvelopes() -> [Envelope] {
        storage.withLock { envelopes in
            defer { envelopes = [] }
            return envelopes
        }
    }
}

/// Calls a closure for each envelope (under a lock, so the closure sees one envelope at a time, in order).
///
/// ```swift
/// let sink = ClosureSink { envelope in try? reporter.consume(envelope) }
/// ```
public final class ClosureSink: MessageSink {
    private let lock = NSLock()
    private let body: @Sendable (Envelope) -> Void

    /// Creates a sink calling `body`.
    public init(_ body: @escaping @Sendable (Envelope) -> Void) {
        self.body = body
    }

    /// Calls the closure with `envelope`.
    public func emit(_ envelope: Envelope) {
        lock.lock()
        defer { lock.unlock() }
        body(envelope)
    }
}

/// Writes envelopes as NDJSON to a file (or standard output), buffered, with `Messages.NDJSONWriter`.
///
/// Call `close()` at the end: it flushes and reports the first write error, if any (`emit` cannot throw, so a
/// failed write is remembered and later envelopes are dropped).
public final class NDJSONFileSink: MessageSink, @unchecked Sendable {
    // The writer is non-copyable, so it lives here behind `lock` rather than in `Locked`.
    private let lock = NSLock()
    private var writer: NDJSONWriter
    private var error: NDJSONWriteError?
    private var fileDescriptor: Int32?

    /// Creates (or truncates) the file at `path` and writes to it.
    ///
    /// - Throws: `SpecRunError` (`.unreadable`) naming the path when the file cannot be created.
    public init(path: String) throws(SpecRunError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw SpecRunError(kind: .unreadable, message: "cannot write messages to \(path): \(reason)")
        }
        fileDescriptor = descriptor
        writer = NDJSONWriter(fileDescriptor: descriptor, name: path)
    }

    /// Writes to an open file descriptor, which `close()` leaves open (e.g. 1 for standard output).
    public init(fileDescriptor: Int32, name: String) {
        writer = NDJSONWriter(fileDescriptor: fileDescriptor, name: name)
        self.fileDescriptor = nil
    }

    /// Writes `envelope` (dropped after a write error; `close()` reports it).
    public func emit(_ envelope: Envelope) {
        lock.lock()
        defer { lock.unlock() }
        guard error == nil else { return }
        do {
            try writer.write(envelope)
        } catch {
            self.error = error
        }
    }

    /// Flushes what is buffered and closes the file (if this sink opened it).
    ///
    /// - Throws: the first write error, naming the file.
    public func close() throws(NDJSONWriteError) {
        lock.lock()
        defer { lock.unlock() }
        if error == nil {
            do {
                try writer.flush()
            } catch {
                self.error = error
            }
        }
        if let descriptor = fileDescriptor {
            closeFile(descriptor)
            fileDescriptor = nil
        }
        if let error { throw error }
    }
}

private func closeFile(_ descriptor: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(descriptor)
    #elseif canImport(Musl)
        _ = Musl.close(descriptor)
    #elseif canImport(Darwin)
        _ = Darwin.close(descriptor)
    #endif
}
