import Messages
import Synchronization

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
package final class MessageCollector: MessageSink {
    private let storage = Locked<[Envelope]>([])

    /// Creates an empty collector.
    package init() {}

    /// Appends `envelope`.
    package func emit(_ envelope: Envelope) {
        storage.withLock { $0.append(envelope) }
    }

    /// The envelopes received so far.
    package var envelopes: [Envelope] { storage.value }

    /// Returns the envelopes received so far and forgets them.
    package func takeEnvelopes() -> [Envelope] {
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
package final class ClosureSink: MessageSink {
    private let lock = Mutex(())
    private let body: @Sendable (Envelope) -> Void

    /// Creates a sink calling `body`.
    package init(_ body: @escaping @Sendable (Envelope) -> Void) {
        self.body = body
    }

    /// Calls the closure with `envelope`.
    package func emit(_ envelope: Envelope) {
        lock.withLock { _ in body(envelope) }
    }
}
