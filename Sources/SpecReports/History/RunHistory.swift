import Foundation
import Messages

/// The outcome of each scenario over the last runs, kept in a small JSON file beside the reports
/// (`history.json`): the HTML report shows each scenario's last results as a strip, when it last changed, whether
/// it is flaky across runs and how its duration moves; the console lists what changed since the last run.
///
/// ```swift
/// var (history, warning) = RunHistory.load(from: url)   // missing: empty; corrupt or foreign: empty, and a warning
/// history.record(query)                                // this run, as the stream tells it
/// try history.write(to: url)                           // atomically; at most `limit` runs kept
/// ```
///
/// Runs that may end at once (several commands given one history) each add theirs with
/// `RunHistory.add(RunHistory.run(of: query), to: url)`, which reads, merges and writes under a lock.
///
/// A scenario is known across runs by its file, its name and, for an examples row, its position (its line would
/// change whenever a line is added above it).
public struct RunHistory: Sendable, Hashable {
    /// The most runs kept by default.
    public static let defaultLimit = 30
    /// What the file says it is: a file without it is not overwritten as a history.
    static let format = "feedspecs-run-history"

    /// One run.
    public struct Run: Sendable, Hashable {
        /// When it started, ISO 8601.
        public var startedAt: String
        /// Whether it passed.
        public var success: Bool
        /// Each scenario's outcome, by its key (`RunHistory.key(of:in:)`).
        public var scenarios: [String: Outcome]
        /// How long the run took, from `testRunStarted` to `testRunFinished`, in milliseconds (nil when unknown:
        /// an interrupted run, or a run recorded before this was kept).
        public var milliseconds: Int?
        /// Where it happened (`ReportEnvironment`: the CI's facts, the team's own), names and values in order.
        public var environment: [ReportEnvironment.Entry]

        /// Creates a run.
        public init(
            startedAt: String, success: Bool, scenarios: [String: Outcome], milliseconds: Int? = nil,
            environment: [ReportEnvironment.Entry] = []
        ) {
            self.startedAt = startedAt
            self.success = success
            self.scenarios = scenarios
            self.milliseconds = milliseconds
            self.environment = environment
        }
    }

    /// What a scenario did in one run.
    ///
    /// Kept in 8 bytes (a history holds one per scenario per run: 960,000 for 30 runs of 32,000 scenarios).
    public struct Outcome: Sendable, Hashable {
        private var code: UInt8
        private var storedMilliseconds: UInt32

        /// `passed`, `failed`, `undefined`, `pending`, `ambiguous`, `skipped`, `unknown`, or `flaky` (failed, then
        /// passed on a retry); a status this harness does not know is `unknown`.
        public var status: String {
            get { HistoryStatus.status(of: code) ?? "unknown" }
            set { code = HistoryStatus.code(of: newValue) }
        }

        /// How long its counted attempt took, in milliseconds (at most `UInt32.max`, 49 days).
        public var milliseconds: Int {
            get { Int(storedMilliseconds) }
            set { storedMilliseconds = UInt32(clamping: newValue) }
        }

        /// Creates an outcome.
        public init(status: String, milliseconds: Int) {
            code = HistoryStatus.code(of: status)
            storedMilliseconds = UInt32(clamping: milliseconds)
        }

        /// An outcome of a version 2 file's status character (`HistoryStatus`).
        init(code: UInt8, milliseconds: Int) {
            self.code = code
            storedMilliseconds = UInt32(clamping: milliseconds)
        }

        /// Its status character in a version 2 file.
        var statusCode: UInt8 { code }
    }

    /// The runs, oldest first.
    public private(set) var runs: [Run]
    /// The most runs kept: recording one more forgets the oldest.
    public var limit: Int
    /// The file this history was read from, as it was then (`FileStamp`): a run adding to the same file, still
    /// unchanged under the lock, uses this history instead of reading the file again.
    var source: (url: URL, stamp: FileStamp)?

    /// Two histories are equal when their runs and limit are (where they were read from aside).
    public static func == (lhs: RunHistory, rhs: RunHistory) -> Bool {
        lhs.runs == rhs.runs && lhs.limit == rhs.limit
    }

    /// Hashes the runs and the limit.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(runs)
        hasher.combine(limit)
    }

    /// An empty history.
    public init(runs: [Run] = [], limit: Int = RunHistory.defaultLimit) {
        self.limit = max(1, limit)
        self.runs = Array(runs.suffix(self.limit))
    }

    /// Adds the run `query` holds (its counted attempts), forgetting the oldest runs beyond `limit`.
    ///
    /// A `.streaming` query knows the outcomes of a run only if it was told to note them before the stream
    /// (`RunQuery.notesScenarioOutcomes`).
    public mutating func record(_ query: RunQuery) {
        append(Self.run(of: query))
    }

    /// The run `query` holds (its counted attempts), as a history keeps it, with where it happened
    /// (`environment` beside the CI's facts): what `record(_:)` adds, and what a command adds to the file at the
    /// end of its run (`add(_:to:limit:lockWait:)`).
    public static func run(of query: RunQuery, environment: ReportEnvironment = ReportEnvironment()) -> Run {
        var scenarios: [String: Outcome] = [:]
        for (key, outcome) in keyedOutcomes(query) { scenarios[key] = outcome.outcome }
        let startedAt = query.testRunStarted.map { ReportText.isoTimestamp($0.timestamp) } ?? ""
        var milliseconds: Int?
        if let started = query.testRunStarted?.timestamp, let finished = query.testRunFinished?.timestamp {
            milliseconds = max(0, Int(started.duration(to: finished).nanoseconds / 1_000_000))
        }
        let facts = environment.entries(meta: query.meta).map {
            ReportEnvironment.Entry(name: $0.name, value: $0.value)
        }
        return Run(
            startedAt: startedAt, success: query.success, scenarios: scenarios, milliseconds: milliseconds,
            environment: facts)
    }

    /// Adds `run`, forgetting the oldest runs beyond `limit`.
    mutating func append(_ run: Run) {
        runs.append(run)
        if runs.count > limit { runs.removeFirst(runs.count - limit) }
    }

    /// What `attempt` (which counts) did, as a history keeps it.
    static func outcome(of attempt: TestCaseAttempt, in query: RunQuery) -> Outcome {
        let status = query.isFlaky(attempt) ? "flaky" : attempt.status.rawValue.lowercased()
        return Outcome(status: status, milliseconds: max(0, Int(attempt.duration.nanoseconds / 1_000_000)))
    }

    /// `uri › scenario name`: a scenario's key before it is numbered.
    static func baseKey(of pickle: Pickle) -> String {
        "\(pickle.uri) › \(pickle.name)"
    }

    /// The key of the `number`-th scenario whose base key is `base`.
    static func key(base: String, _ number: Int) -> String {
        number == 1 ? base : "\(base) #\(number)"
    }

    /// The key, outcome and pickle of each counted attempt of `query`: `uri › scenario name`, with ` #N` for the
    /// N-th scenario of the same file and name (examples rows, scenarios named alike).
    static func keyedOutcomes(_ query: RunQuery) -> [(String, (outcome: Outcome, pickleId: String))] {
        if query.retention == .streaming {
            var outcomes = query.scenarioOutcomes
            for run in query.unsettledRuns {
                if let key = run.historyKey, let outcome = query.historyOutcome(of: run) { outcomes[key] = outcome }
            }
            return outcomes.map { ($0.key, $0.value) }
        }
        var seen: [String: Int] = [:]
        var keyed: [(String, (outcome: Outcome, pickleId: String))] = []
        for pickle in query.pickles {
            let base = baseKey(of: pickle)
            let number = seen[base, default: 0] + 1
            seen[base] = number
            guard let attempt = query.countedAttempt(of: pickle) else { continue }
            keyed.append((key(base: base, number), (outcome(of: attempt, in: query), attempt.testCase.pickleId)))
        }
        return keyed
    }

    /// The key of each pickle of `query` that ran, by pickle id.
    package static func keys(in query: RunQuery) -> [String: String] {
        Dictionary(keyedOutcomes(query).map { ($1.pickleId, $0) }) { first, _ in first }
    }

    /// What one scenario did over the runs: its outcome in each (nil where it did not run), oldest first.
    package func timeline(of key: String) -> [Outcome?] {
        runs.map { $0.scenarios[key] }
    }

    /// The scenarios whose status differs between the last two runs, with their old and new status, by key.
    package var changes: [(key: String, old: String, new: String)] {
        changes(in: runs.count - 1)
    }
}

extension RunHistory {
    /// A summary of one scenario's timeline, for the HTML report.
    package struct Trend: Sendable, Hashable {
        /// How many runs back its status last changed (1: in this run), nil when it never changed.
        package var changedRunsAgo: Int?
        /// The status before that change.
        package var changedFrom: String?
        /// Whether it is flaky across runs: flaky in a run, or passing and failing in turn more than once.
        package var isFlaky: Bool
        /// This run's duration divided by the median of the earlier runs' (nil without earlier runs).
        package var durationRatio: Double?
    }

    /// The trend of one scenario's timeline (the last run being this one).
    package func trend(of key: String) -> Trend {
        let outcomes = timeline(of: key).compactMap { $0 }
        var changedRunsAgo: Int?
        var changedFrom: String?
        var flips = 0
        for index in outcomes.indices.dropFirst() where outcomes[index].status != outcomes[index - 1].status {
            flips += 1
            changedRunsAgo = outcomes.count - index
            changedFrom = outcomes[index - 1].status
        }
        let isFlaky = outcomes.contains { $0.status == "flaky" } || flips >= 3
        var ratio: Double?
        if let last = outcomes.last, outcomes.count >= 2 {
            let earlier = outcomes.dropLast().map(\.milliseconds).sorted()
            let median = earlier[earlier.count / 2]
            ratio = Double(max(last.milliseconds, 1)) / Double(max(median, 1))
        }
        return Trend(changedRunsAgo: changedRunsAgo, changedFrom: changedFrom, isFlaky: isFlaky, durationRatio: ratio)
    }
}
