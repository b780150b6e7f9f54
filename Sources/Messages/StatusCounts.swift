/// How many scenarios or steps ended with each status: what summaries, reports and run results count.
///
/// ```swift
/// var counts = StatusCounts()
/// counts.add(.passed); counts.add(.passed); counts.add(.failed)
/// counts.description // "3 (1 failed, 2 passed)"
/// ```
public struct StatusCounts: Sendable, Hashable, CustomStringConvertible {
    /// One count per status, indexed by `TestStepResultStatus.severity` (no hashing per step).
    private var values = [Int](repeating: 0, count: TestStepResultStatus.allCases.count)

    /// Creates counts of zero.
    public init() {}

    /// The count of `status`.
    public subscript(status: TestStepResultStatus) -> Int {
        get { values[status.severity] }
        set { values[status.severity] = newValue }
    }

    /// The sum of every status's count.
    public var total: Int { values.reduce(0, +) }

    /// Adds one to the count of `status`.
    public mutating func add(_ status: TestStepResultStatus) {
        values[status.severity] += 1
    }

    /// Adds every count of `other`.
    public mutating func add(_ other: StatusCounts) {
        for index in values.indices { values[index] += other.values[index] }
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
