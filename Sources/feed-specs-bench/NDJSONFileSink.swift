import Foundation
import Messages
import SpecKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes envelopes as NDJSON to a file (or standard output), buffered, with `Messages.NDJSONWriter`.
///
/// Encoding and writing happen on a writer thread of their own: `emit` only queues the envelope (in batches,
/// in the order received), so the run does not wait for JSON. At most a few batches are in flight; a run
/// producing faster than the disk takes waits for the writer rather than holding the stream in memory.
///
/// Call `close()` at the end: it writes what is queued, flushes, and reports the first write error, if any
/// (`emit` cannot throw, so a failed write is remembered and later envelopes are dropped).
final class NDJSONFileSink: MessageSink, @unchecked Sendable {
    private static let batchSize = 256
    private static let batchesInFlight = 8

    // `pending` and `isClosed` are guarded by `lock`; `writer`, `error` and `fileDescriptor` belong to the
    // writer queue (and to `close()` once the queue has drained), which is what makes `@unchecked` sound.
    private let lock = Mutex(())
    private var pending: [Envelope] = []
    private var isClosed = false
    private let queue = DispatchQueue(label: "SpecKit.NDJSONFileSink")
    private let slots = DispatchSemaphore(value: NDJSONFileSink.batchesInFlight)
    private var writer: NDJSONWriter
    private var error: NDJSONWriteError?
    private var fileDescriptor: Int32?

    /// Creates (or truncates) the file at `path` and writes to it.
    ///
    /// - Throws: `OutputFileError` naming the path when the file cannot be created.
    init(path: String) throws(OutputFileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw OutputFileError(message: "cannot write messages to \(path): \(reason)")
        }
        fileDescriptor = descriptor
        writer = NDJSONWriter(fileDescriptor: descriptor, name: path)
        pending.reserveCapacity(Self.batchSize)
    }

    /// Writes to an open file descriptor, which `close()` leaves open (e.g. 1 for standard output).
    init(fileDescriptor: Int32, name: String) {
        writer = NDJSONWriter(fileDescriptor: fileDescriptor, name: name)
        self.fileDescriptor = nil
        pending.reserveCapacity(Self.batchSize)
    }

    /// Queues `envelope` for writing (dropped after a write error or after `close()`).
    func emit(_ envelope: Envelope) {
        lock.withLock { _ in
            guard !isClosed else { return }
            pending.append(envelope)
            if pending.count >= Self.batchSize { sendPending() }
        }
    }

    /// Hands the pending batch to the writer queue; called under `lock`, so batches keep their order.
    private func sendPending() {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending = []
        pending.reserveCapacity(Self.batchSize)
        slots.wait()
        queue.async {
            self.write(batch)
            self.slots.signal()
        }
    }

    /// Runs on the writer queue.
    private func write(_ batch: [Envelope]) {
        guard error == nil else { return }
        do throws(NDJSONWriteError) {
            for envelope in batch { try writer.write(envelope) }
        } catch {
            self.error = error
        }
    }

    /// Writes what is queued, flushes, and closes the file (if this sink opened it).
    ///
    /// - Throws: the first write error, naming the file.
    func close() throws(NDJSONWriteError) {
        let wasClosed = lock.withLock { _ in
            let wasClosed = isClosed
            if !wasClosed { sendPending() }
            isClosed = true
            return wasClosed
        }
        let failure: NDJSONWriteError? = queue.sync {
            if !wasClosed, error == nil {
                do throws(NDJSONWriteError) {
                    try writer.flush()
                } catch {
                    self.error = error
                }
            }
            if let descriptor = fileDescriptor {
                closeFile(descriptor)
                fileDescriptor = nil
            }
            return error
        }
        if let failure { throw failure }
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

/// A file the bench cannot write its messages to.
struct OutputFileError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
