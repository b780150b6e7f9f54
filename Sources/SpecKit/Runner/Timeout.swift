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
        let token = Locked<Int?>(nil)
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
            let registered = Watchdog.shared.watch(gate: gate, work: work, limit: limit)
            token.withLock { $0 = registered }
        }
        if let registered = token.value { Watchdog.shared.forget(registered) }
        return result
    }

    /// `10 s`, `0.25 s`.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(Double(seconds) + Double(attoseconds) / 1e18) s"
    }
}

/// Times out running bodies: one polling task while any body runs.
final class Watchdog: Sendable {
    struct Entry {
        let deadline: ContinuousClock.Instant
        let limit: Duration
        let gate: Timeout.Gate
        let work: Task<Void, Never>
    }

    struct State {
        var entries: [Int: Entry] = [:]
        var nextToken = 0
        var isPolling = false
    }

    static let shared = Watchdog()
    private let state = Locked(State())

    /// Watches a body; returns a token for `forget(_:)`.
    func watch(gate: Timeout.Gate, work: Task<Void, Never>, limit: Duration) -> Int {
        let (token, startPolling) = state.withLock { state in
            let token = state.nextToken
            state.nextToken += 1
            state.entries[token] = Entry(
                deadline: ContinuousClock.now.advanced(by: limit), limit: limit, gate: gate, work: work)
            defer { state.isPolling = true }
            return (token, !state.isPolling)
        }
        if startPolling { Task.detached { await self.poll() } }
        return token
    }

    /// Stops watching a body that ended.
    func forget(_ token: Int) {
        _ = state.withLock { $0.entries.removeValue(forKey: token) }
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
            let expired = state.withLock { state in
                let expired = state.entries.filter { $0.value.deadline <= now }
                for token in expired.keys { state.entries.removeValue(forKey: token) }
                return Array(expired.values)
            }
            for entry in expired where entry.gate.resume(.timedOut) {
                entry.work.cancel()
            }
        }
    }
}
