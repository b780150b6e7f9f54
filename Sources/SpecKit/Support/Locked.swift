import Foundation

/// Mutable state behind a lock: the runner's shared counters, buffers and flags.
///
/// Internal plumbing only; user worlds are actors and need nothing like it.
final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    var value: State {
        withLock { $0 }
    }
}
