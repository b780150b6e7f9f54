import Synchronization

/// Mutable state behind a lock, shared by reference: the runner's shared counters, buffers and flags, and the
/// bridge's results (a `Mutex` cannot be captured by the closures that share them).
///
/// Package plumbing only; user worlds are actors and need nothing like it. The lock is a `Mutex` stored
/// inline, so a `Locked` is one allocation.
package final class Locked<State>: @unchecked Sendable {
    // @unchecked: `state` is only touched under `mutex`; it is not inside the `Mutex` so that a value of any type
    // (not only a `sending` one) can be kept and copied out.
    private let mutex = Mutex<Void>(())
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in
            try body(&state)
        }
    }

    package var value: State {
        withLock { $0 }
    }
}
