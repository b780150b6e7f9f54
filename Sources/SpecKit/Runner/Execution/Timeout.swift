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

    /// Runs `body` with `context` as `SpecContext.current`; returns how it ended, or `.timedOut` once it has run for
    /// `limit`.
    static func run(
        limit: Duration, context: SpecContext?, _ body: @escaping @Sendable () async throws -> Void
    ) async -> Result {
        let watched = Locked<WatchedBody?>(nil)
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
            let gate = Gate(continuation)
            let began = Locked<ContinuousClock.Instant?>(nil)
            let work = Task {
                began.withLock { $0 = .now }
                do {
                    try await SpecContext.$currentValue.withValue(context) { try await body() }
                    gate.resume(.finished(nil))
                } catch {
                    gate.resume(.finished(error))
                }
            }
            let body = WatchedBody(limit: limit, began: began, gate: gate, work: work)
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
