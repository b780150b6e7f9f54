import Synchronization

/// Mutable state behind a lock, shared by reference: the runner's shared counters, buffers and flags, and the
/// bridge's results (a `Mutex` cannot be captured by the closures that share them, so this class holds one).
///
/// Package plumbing only; user worlds are actors and need nothing like it. The state lives inside the `Mutex`,
/// stored inline, so a `Locked` is one allocation and its `Sendable` conformance is checked by the compiler.
package final class Locked<State: Sendable>: Sendable {
    private let mutex: Mutex<State>

    package init(_ state: State) {
        mutex = Mutex(state)
    }

    package func withLock<Result: Sendable>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try mutex.withLock { state in try body(&state) }
    }

    package var value: State {
        withLock { $0 }
    }
}
