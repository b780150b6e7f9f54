/// Runs a step or hook body against the clock, in an unstructured task, so that a body ignoring cancellation
/// cannot hold the run: on timeout the body is cancelled and abandoned (it keeps running in the background).
///
/// One watchdog task per process checks the deadlines of running bodies every few milliseconds (a tenth of
/// the shortest timeout, at most 50 ms), instead of a timer task per body.
enum Timeout {
    enum Result: Sendable {
        /// The body returned (nil) or threw.
        case finished((any Error)?)
        /// The body was still running after the limit.
        case timedOut
    }

    /// Resumes a continuation once; later calls are ignored.
    final class Gate: Sendable {
        private let continuation: Locked<CheckedContinuation<Result, Never>?>

        init(_ continuation: CheckedContinuation<Result, Never>) {
            self.continuation = Locked(continuation)
        }

        @discardableResult
        func resume(_ result: Result) -> Bool {
            let continuation = self.continuation.withLock { continuation in
                defer { continuation = nil }
                return continuation
            }
            continuation?.resume(returning: result)
            return continuation != nil
        }
    }

    /// Runs `body` with `context` as `SpecContext.current`; returns how it ended, or `.timedOut` after `limit`.
    static func run(
        limit: Duration, context: SpecContext?, _ body: @escaping @Sendable () async throws -> Void
    ) async -> Result {
        let watched = Locked<WatchedBody?>(nil)
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
            let gate = Gate(continuation)
            let work = Task {
                do {
                    try await SpecContext.$currentValue.withValue(context) { try await body() }
                    gate.resume(.finished(nil))
                } catch {
                    gate.resume(.finished(error))
                }
            }
            let body = WatchedBody(limit: limit, gate: gate, work: work)
            Watchdog.shared.watch(body)
            watched.withLock { $0 = body }
        }
        if let body = watched.value { Watchdog.shared.forget(body) }
        return result
    }

    /// `10 s`, `0.25 s`.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(Double(seconds) + Double(attoseconds) / 1e18) s"
    }
}

/// Something the watchdog checks against the clock.
protocol Watched: AnyObject, Sendable {
    /// The timeout it is watched against (the polling interval is a tenth of the shortest).
    var limit: Duration { get }
    /// Times it out if it is past its deadline at `now`; returns whether to stop watching it.
    func expire(ifDueAt now: ContinuousClock.Instant) -> Bool
}

/// One body run with `Timeout.run`, with a fixed deadline.
final class WatchedBody: Watched {
    let limit: Duration
    let deadline: ContinuousClock.Instant
    let gate: Timeout.Gate
    let work: Task<Void, Never>

    init(limit: Duration, gate: Timeout.Gate, work: Task<Void, Never>) {
        self.limit = limit
        deadline = ContinuousClock.now.advanced(by: limit)
        self.gate = gate
        self.work = work
    }

    func expire(ifDueAt now: ContinuousClock.Instant) -> Bool {
        guard deadline <= now else { return false }
        if gate.resume(.timedOut) { work.cancel() }
        return true
    }
}

/// Times out running bodies: one polling task while anything is watched.
final class Watchdog: Sendable {
    struct State {
        var entries: [ObjectIdentifier: any Watched] = [:]
        var isPolling = false
    }

    static let shared = Watchdog()
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
