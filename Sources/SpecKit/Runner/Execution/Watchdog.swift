/// Something the watchdog checks against the clock.
protocol Watched: AnyObject, Sendable {
    /// The timeout it is watched against (the polling interval is a tenth of the shortest).
    var limit: Duration { get }
    /// Times it out if it is past its deadline at `now`; returns whether to stop watching it.
    func expire(ifDueAt now: ContinuousClock.Instant) -> Bool
    /// The running body's deadline, if a body runs and was not timed out.
    var deadline: ContinuousClock.Instant? { get }
}

/// Times out running bodies: one polling task while anything is watched.
package final class Watchdog: Sendable {
    struct State {
        var entries: [ObjectIdentifier: any Watched] = [:]
        var isPolling = false
    }

    package static let shared = Watchdog()
    private let state = Locked(State())

    /// Watches `watched` until `forget(_:)` or until it expires.
    func watch(_ watched: any Watched) {
        let startPolling = state.withLock { state in
            state.entries[ObjectIdentifier(watched)] = watched
            defer { state.isPolling = true }
            return !state.isPolling
        }
        if startPolling { Task.detached { await self.poll() } }
    }

    /// Whether a body it watches is past its deadline by more than `grace` at `now`: one it has not timed out,
    /// because its polling task could not run (every thread of the pool held). Safe to call from any thread.
    package func hasOverdueBody(by grace: Duration, at now: ContinuousClock.Instant = .now) -> Bool {
        let watched = state.withLock { Array($0.entries.values) }
        return watched.contains { $0.deadline.map { $0.advanced(by: grace) < now } ?? false }
    }

    /// Stops watching something that ended.
    func forget(_ watched: any Watched) {
        _ = state.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(watched)) }
    }

    private func poll() async {
        while true {
            let tick = state.withLock { state -> Duration? in
                guard let shortest = state.entries.values.map(\.limit).min() else {
                    state.isPolling = false
                    return nil
                }
                return min(shortest / 10, .milliseconds(50))
            }
            guard let tick else { return }
            try? await Task.sleep(for: tick)
            let now = ContinuousClock.now
            let entries = state.withLock { Array($0.entries.values) }
            let done = entries.filter { $0.expire(ifDueAt: now) }
            if !done.isEmpty {
                state.withLock { state in
                    for watched in done { state.entries.removeValue(forKey: ObjectIdentifier(watched)) }
                }
            }
        }
    }
}
