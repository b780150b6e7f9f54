import Messages

/// A thread-safe source of message ids, shared by everything one runner emits (documents, pickles,
/// definitions, test cases) so that ids never collide, even when scenarios run concurrently.
package final class IdSource: Sendable {
    private let generator: Locked<any IdGenerator>

    /// Creates a source drawing from `generator`.
    package init(_ generator: some IdGenerator) {
        self.generator = Locked(generator)
    }

    /// Ids `"0"`, `"1"`, `"2"`, ... (reproducible; the default).
    package static func incrementing() -> IdSource {
        IdSource(IncrementingIdGenerator())
    }

    /// Random UUIDs (unique across processes, e.g. for shards whose streams are merged).
    package static func uuid() -> IdSource {
        IdSource(UUIDIdGenerator())
    }

    /// Returns a new id.
    package func next() -> String {
        generator.withLock { generator in generator.next() }
    }
}

/// Lets Gherkin's `inout some IdGenerator` APIs draw from an `IdSource`.
struct SharedIdGenerator: IdGenerator {
    let source: IdSource

    mutating func next() -> String {
        source.next()
    }
}
