import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test that could hang (a server that never answers, a child that never ends, an input
    /// that once took cubic time): long enough that a slow machine never trips it, short enough that a hang ends
    /// the run well inside CI's half hour, and a minute longer than a child's hang guard
    /// (`childProcessHangGuardSeconds`), so that a hung child fails its test with the guard's account of what it
    /// was doing rather than with a bare time limit.
    ///
    /// Swift Testing starts every test at once and counts a test's time from then, waiting for a thread included:
    /// a limit of one minute failed 48 test cases when a CI run took seven and a half minutes (its disk flushing
    /// 70,000 `fsync` calls, as far as the numbers tell). Speed is measured by the benchmarks, never here.
    package static var hangLimit: Self { .timeLimit(.minutes(6)) }
}
