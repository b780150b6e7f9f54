import Foundation

/// A source of unique ids for messages (AST nodes, pickles, test cases...).
///
/// Inject one so output is reproducible: `IncrementingIdGenerator` in tests and conformance runs,
/// `UUIDIdGenerator` when streams from several processes are merged.
public protocol IdGenerator: Sendable {
    /// Returns a new id, different from every id returned before by this generator.
    mutating func next() -> String
}

/// Ids `"0"`, `"1"`, `"2"`, ... as the official Cucumber implementations assign them in tests.
public struct IncrementingIdGenerator: IdGenerator, Hashable {
    /// The number the next id will carry.
    public private(set) var nextValue: Int

    /// Creates a generator whose first id is `"0"` (or `String(start)`).
    public init(start: Int = 0) {
        nextValue = start
    }

    /// Returns the current number as a string and advances.
    public mutating func next() -> String {
        defer { nextValue += 1 }
        return String(nextValue)
    }
}

/// Random version 4 UUIDs in lowercase, e.g. `"3f2b6c1e-..."`: unique across processes.
public struct UUIDIdGenerator: IdGenerator, Hashable {
    /// Creates a generator.
    public init() {}

    /// Returns a new random lowercase UUID string.
    public mutating func next() -> String {
        UUID().uuidString.lowercased()
    }
}
