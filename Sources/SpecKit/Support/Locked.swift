import Synchronization

/// Mutable state behind a lock: the runner's shared counters, buffers and flags.
///
/// Internal plumbing only; user worlds are actors and need nothing like it. The lock is a `Mutex` stored
/// inline, so a `Locked` is one allocation (an `NSLock` would add two more).
final class Locked<State>: @unchecked Sendable {
    // `Mutex` wants `State` sendable across the lock; the value never leaves `withLock` except as a copy
    // returned by the caller's body, which is what `@unchecked` vouches for here, as it did with `NSLock`.
    private let mutex = Mutex<Void>(())
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in
            try body(&state)
        }
    }

    var value: State {
        withLock { $0 }
    }
}
