import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test that could hang (a server that never answers, a child that never ends, an input
    /// that once took cubic time): long enough that a slow machine never trips it, short enough that a hang ends
    /// the run well inside CI's half hour.
    ///
    /// Swift Testing starts every test at once and counts a test's time from then, waiting for a thread included:
    /// a limit of one minute failed 40 tests when a CI machine whose disk really flushes took 7 minutes over the
    /// whole run. Speed is measured by the benchmarks, never here.
    package static var hangLimit: Self { .timeLimit(.minutes(5)) }
}
