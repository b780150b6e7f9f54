/// How a step timeout is said in messages. Bodies are timed out by the `Watchdog`: every body runs inline in a
/// watched task (`WorkerTask`), whose running body's deadline is the step timeout after it began (`BodyDeadline`).
enum Timeout {
    /// `10 s`, `0.25 s`.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(Double(seconds) + Double(attoseconds) / 1e18) s"
    }
}
