/// The stated ranges of the durations and counts a run takes, wherever they come from: the command line
/// (`--timeout`, `--retry`, `--parallel`), a configuration file's profile, the editor's settings, or Swift code
/// setting a `RunConfiguration`. A value outside its range, or not a finite number, is refused with an error naming
/// where it came from; none is clamped, and none can trap converting to a `Duration`.
public enum RunLimits {
    /// The step timeout, in seconds: at least a millisecond (the precision timeouts are kept in), at most a day.
    public static let stepTimeoutSeconds: ClosedRange<Double> = 0.001...86_400
    /// How many times a failing scenario may be retried.
    public static let retry: ClosedRange<Int> = 0...100
    /// How many scenarios may run at once.
    public static let parallel: ClosedRange<Int> = 1...256

    /// `a number of seconds from 0.001 to 86400 (a day)`, for errors and the usage.
    public static var stepTimeoutExpected: String {
        "a number of seconds from \(seconds(stepTimeoutSeconds.lowerBound)) to "
            + "\(seconds(stepTimeoutSeconds.upperBound)) (a day)"
    }

    /// `a whole number from 0 to 100`, for errors and the usage.
    public static func expected(_ range: ClosedRange<Int>) -> String {
        "a whole number from \(range.lowerBound) to \(range.upperBound)"
    }

    /// The step timeout of `seconds`, in whole milliseconds; nil unless `seconds` is finite and in
    /// `stepTimeoutSeconds`.
    public static func stepTimeout(seconds: Double) -> Duration? {
        guard seconds.isFinite, stepTimeoutSeconds.contains(seconds) else { return nil }
        // In range, the milliseconds fit an Int64 many times over: no conversion can trap.
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// The step timeout of `seconds` when in range; else a duration just outside the range on the same side (zero
    /// for a value below it or not a number), which `RunConfiguration.validate()` refuses. For values already
    /// checked where they were read, whose conversion must not trap whatever they are.
    package static func stepTimeoutOrOutOfRange(seconds: Double) -> Duration {
        if let timeout = stepTimeout(seconds: seconds) { return timeout }
        guard seconds > stepTimeoutSeconds.upperBound else { return .zero }
        return .seconds(Int64(stepTimeoutSeconds.upperBound) + 1)
    }

    /// Whether `duration` is a step timeout in range.
    static func contains(stepTimeout duration: Duration) -> Bool {
        duration >= .milliseconds(1) && duration <= .seconds(Int64(stepTimeoutSeconds.upperBound))
    }

    /// `0.001`, `86400`, `2.5`: a number of seconds as written, without a trailing `.0`.
    public static func seconds(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return "\(Int64(value))" }
        return "\(value)"
    }
}
