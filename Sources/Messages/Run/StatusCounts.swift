/// How many scenarios or steps ended with each status: what summaries, reports and run results count.
///
/// ```swift
/// var counts = StatusCounts()
/// counts.add(.passed); counts.add(.passed); counts.add(.failed)
/// counts.description // "3 (1 failed, 2 passed)"
/// ```
public struct StatusCounts: Sendable, Hashable, CustomStringConvertible {
    // One count per status, as fields: a value with no storage of its own to allocate or copy, so a test case can
    // count its steps in it and hand it on as cheaply as an integer.
    private var unknown = 0
    private var passed = 0
    private var skipped = 0
    private var pending = 0
    private var undefined = 0
    private var ambiguous = 0
    private var failed = 0

    /// Creates counts of zero.
    public init() {}

    /// The count of `status`.
    public subscript(status: TestStepResultStatus) -> Int {
        get {
            switch status {
            case .unknown: unknown
            case .passed: passed
            case .skipped: skipped
            case .pending: pending
            case .undefined: undefined
            case .ambiguous: ambiguous
            case .failed: failed
            }
        }
        set {
            switch status {
            case .unknown: unknown = newValue
            case .passed: passed = newValue
            case .skipped: skipped = newValue
            case .pending: pending = newValue
            case .undefined: undefined = newValue
            case .ambiguous: ambiguous = newValue
            case .failed: failed = newValue
            }
        }
    }

    /// The sum of every status's count.
    public var total: Int { unknown + passed + skipped + pending + undefined + ambiguous + failed }

    /// Adds one to the count of `status`.
    public mutating func add(_ status: TestStepResultStatus) {
        self[status] += 1
    }

    /// Adds every count of `other`.
    public mutating func add(_ other: StatusCounts) {
        for status in TestStepResultStatus.allCases { self[status] += other[status] }
    }

    /// The statuses in the order Cucumber reports them (`failed, ambiguous, undefined, pending, skipped,
    /// passed`), then `unknown`.
    public static let reportOrder: [TestStepResultStatus] = [
        .failed, .ambiguous, .undefined, .pending, .skipped, .passed, .unknown,
    ]

    /// `12 (1 failed, 11 passed)`, in `reportOrder`; `0` when empty.
    public var description: String {
        let parts = Self.reportOrder.compactMap { status in
            self[status] > 0 ? "\(self[status]) \(status.rawValue.lowercased())" : nil
        }
        return parts.isEmpty ? "0" : "\(total) (\(parts.joined(separator: ", ")))"
    }
}
