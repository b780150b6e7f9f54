import Foundation
import Messages

extension RunHistory {
    /// The version of the file this harness writes (2: the keys once, each run's outcomes as two strings; 1 kept
    /// an object per scenario per run, and is still read); a file of a later version is never rewritten.
    public static let version = 2

    /// The history in `url`, and a warning when the file could not be used: a missing file is an empty history
    /// (no warning); a file that does not parse, or is not a history of this harness, is an empty history with a
    /// warning, never a failed run (`write(to:)` keeps such a file's bytes beside it, as `NAME.unreadable`); a
    /// history of a later version is an empty history with a warning naming both versions, and is left untouched
    /// (`write(to:)` and `add(_:to:limit:lockWait:)` refuse to replace it).
    public static func load(from url: URL, limit: Int = defaultLimit) -> (history: RunHistory, warning: String?) {
        let empty = RunHistory(limit: limit)
        switch contents(of: url, limit: limit) {
        case .missing: return (empty, nil)
        case .history(let history): return (history, nil)
        case .newer(let version): return (empty, newerWarning(url, version: version))
        case .notAFile(let kind):
            return (empty, "the run history \(url.path) is \(kind.description), not a file: no history is kept")
        case .cannotRead(let reason):
            return (empty, "the run history \(url.path) cannot be read (\(reason)): starting a new one")
        case .unreadable:
            return (
                empty,
                "\(url.path) is not a run history of this harness: starting a new one (the file is kept as "
                    + "\(url.lastPathComponent).unreadable)"
            )
        }
    }

    /// Writes the history to `url` atomically (a temporary file renamed over it); a file already there that is
    /// not a readable history is first moved aside to `NAME.unreadable`, so no one's data is lost.
    ///
    /// - Throws: `ReportError` naming the file when it cannot be written, or holds a history of a later version
    ///   (left untouched).
    public func write(to url: URL) throws(ReportError) {
        // Reading a FIFO would wait for a writer, and writing it would hand the history to whoever reads it.
        if let kind = Self.notAFile(url) {
            throw ReportError.cannotWrite(destination: url.path, reason: "it is \(kind.description), not a file")
        }
        try write(to: url, over: Self.contents(of: url, limit: limit))
    }

    /// Writes the history to `url`, whose contents were just read as `contents` (under the lock: not read again).
    private func write(to url: URL, over contents: Contents) throws(ReportError) {
        switch contents {
        case .newer(let version):
            throw ReportError.cannotWrite(
                destination: url.path,
                reason: "it is a run history of version \(version), newer than this harness's version "
                    + "\(Self.version): left untouched")
        case .unreadable:
            let aside = url.appendingPathExtension("unreadable")
            try? FileManager.default.removeItem(at: aside)
            try? FileManager.default.moveItem(at: url, to: aside)
        case .missing, .history, .notAFile, .cannotRead:
            break
        }
        let output = try reportFileOutput(at: url)  // a symbolic link stays one, its target replaced
        try output.write(encoded.jsonText + "\n")
        try output.close()
    }

    /// Adds `run` to the history in `url`, under an exclusive lock (`flock`) on `NAME.lock` beside it: the file is
    /// read inside the lock, `run` added to the runs it holds then (at most `limit` kept), and written, so runs
    /// writing one history at once each add theirs. Returns why the run was not added, if it was not (a warning,
    /// never a failed run): the lock still held by another after `lockWait`, a history of a later version (left
    /// untouched), or a file that cannot be written. A file that is not a readable history is moved aside to
    /// `NAME.unreadable` and a new history started, as `write(to:)` does.
    ///
    /// Blocks the calling thread while it waits for the lock (at most `lockWait`): call it from a thread that may
    /// block, such as a command's once its run has ended. The lock file stays beside the history (removing it
    /// could let two runs lock two files of one name).
    ///
    /// `read`, the history this run read from `url` when it started, is used instead of reading the file again
    /// when the file is still as it was then (the same file, size and modification time).
    public static func add(
        _ run: Run, to url: URL, limit: Int = defaultLimit, lockWait: Duration = .seconds(60), read: RunHistory? = nil
    ) -> String? {
        let lock: HistoryLock
        switch HistoryLock.acquire(beside: url, wait: lockWait) {
        case .success(let acquired): lock = acquired
        case .failure(let failure): return "this run is not added to the run history \(url.path): \(failure.reason)"
        }
        defer { lock.release() }
        var history: RunHistory
        let onDisk: Contents
        if let read, let source = read.source, source.url == url, FileStamp(of: url) == source.stamp,
            read.limit == limit
        {
            onDisk = .history(read)
        } else {
            onDisk = contents(of: url, limit: limit)
        }
        switch onDisk {
        case .history(let kept): history = kept
        case .newer(let version): return newerWarning(url, version: version)
        case .notAFile(let kind):
            return "the run history \(url.path) is \(kind.description), not a file: no history is kept"
        case .missing, .unreadable, .cannotRead: history = RunHistory(limit: limit)
        }
        history.append(run)
        do throws(ReportError) {
            try history.write(to: url, over: onDisk)
            return nil
        } catch {
            return "the run history cannot be written: \(error)"
        }
    }

    /// Whether `url` holds a run history of a later version than this harness's.
    package static func isNewer(_ url: URL) -> Bool {
        // Its version is all that is asked: the runs are not decoded.
        guard FileManager.default.fileExists(atPath: url.path), notAFile(url) == nil,
            let data = try? Data(contentsOf: url), let value = try? JSONValue(parsing: data)
        else { return false }
        return newerVersion(in: value) != nil
    }

    /// The warning for a history of a later version than this harness's.
    static func newerWarning(_ url: URL, version: Int) -> String {
        "the run history \(url.path) is version \(version), newer than this harness's version \(Self.version): it "
            + "is left untouched and this run is not added to it"
    }

    /// What a history file holds.
    enum Contents {
        case missing
        case history(RunHistory)
        /// A history of this harness, of a later version.
        case newer(version: Int)
        case notAFile(FileKind)
        case cannotRead(reason: String)
        /// Not a history of this harness (not JSON, another format, damaged).
        case unreadable
    }

    /// What is in `url` now.
    static func contents(of url: URL, limit: Int) -> Contents {
        guard FileManager.default.fileExists(atPath: url.path) else { return .missing }
        if let kind = notAFile(url) { return .notAFile(kind) }
        let before = FileStamp(of: url)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .cannotRead(reason: error.localizedDescription)
        }
        // Parsed once, for its version and its runs.
        guard let value = try? JSONValue(parsing: data) else { return .unreadable }
        if let version = newerVersion(in: value) { return .newer(version: version) }
        guard var history = decode(value, limit: limit) else { return .unreadable }
        // What was read is what the stamp describes only if the file did not change while it was read.
        if let before, FileStamp(of: url) == before { history.source = (url, before) }
        return .history(history)
    }

    /// The version of a history of this harness's format later than `version`, if `value` is one.
    static func newerVersion(in value: JSONValue) -> Int? {
        guard case .string(format)? = value["format"], case .number(let number)? = value["version"],
            number.isFinite, number > Double(Self.version)
        else { return nil }
        return number < 1e15 ? Int(number) : Int.max
    }

    /// What `url` is when it exists and is not a regular file (after following symbolic links): a FIFO, a device,
    /// a folder or a socket, which cannot hold a history.
    static func notAFile(_ url: URL) -> FileKind? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        let kind = FileKind(mode: status.st_mode)
        return kind == .regularFile ? nil : kind
    }

    /// The history as JSON, version 2: `{"format":"feedspecs-run-history","version":2,"limit":30,"keys":[…],
    /// "runs":[…]}`. `keys` names every scenario of the kept runs once; each run is `{"startedAt":…,"success":…,
    /// "ms":…,"environment":[[NAME,VALUE],…],"statuses":"..F~ …","durations":"12,3,,40"}`: one character per key
    /// (`HistoryStatus`, a space for a scenario not in that run) and its duration in milliseconds, the durations
    /// separated by commas (empty for a scenario not in the run). A run's own `ms` is left out when unknown, its
    /// `environment` when empty.
    ///
    /// Version 1 held an object per scenario per run (`"scenarios":{KEY:{"status":…,"ms":…}}`): a 30-run history
    /// of 32,000 scenarios was an 84 MB file that cost 21 s and 1.2 GB to read and write at each run.
    var encoded: JSONValue {
        // One pass over every run's scenarios numbers each key as first met (one hash per scenario per run); the
        // keys are then sorted once, so the same history writes the same file.
        var position: [String: Int] = [:]
        var keys: [String] = []
        var entries: [[(index: Int, outcome: Outcome)]] = []
        entries.reserveCapacity(runs.count)
        for run in runs {
            var own: [(index: Int, outcome: Outcome)] = []
            own.reserveCapacity(run.scenarios.count)
            for (key, outcome) in run.scenarios {
                let index: Int
                if let known = position[key] {
                    index = known
                } else {
                    index = keys.count
                    position[key] = index
                    keys.append(key)
                }
                own.append((index, outcome))
            }
            entries.append(own)
        }
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        var rank = [Int](repeating: 0, count: keys.count)
        for (sorted, index) in order.enumerated() { rank[index] = sorted }
        var fieldsOfRuns: [JSONValue] = []
        for (run, own) in zip(runs, entries) {
            var statuses = [UInt8](repeating: UInt8(ascii: " "), count: keys.count)
            var durations = [Int](repeating: -1, count: keys.count)
            for (index, outcome) in own {
                statuses[rank[index]] = outcome.statusCode
                durations[rank[index]] = outcome.milliseconds
            }
            var text = ""
            text.reserveCapacity(keys.count * 4)
            for (offset, duration) in durations.enumerated() {
                if offset > 0 { text.append(",") }
                if duration >= 0 { text.append(String(duration)) }
            }
            var fields: [String: JSONValue] = [
                "startedAt": .string(run.startedAt), "success": .bool(run.success),
                "statuses": .string(String(decoding: statuses, as: UTF8.self)), "durations": .string(text),
            ]
            if let milliseconds = run.milliseconds { fields["ms"] = .number(Double(milliseconds)) }
            if !run.environment.isEmpty {
                fields["environment"] = .array(run.environment.map { .array([.string($0.name), .string($0.value)]) })
            }
            fieldsOfRuns.append(.object(fields))
        }
        return .object([
            "format": .string(Self.format), "version": .number(Double(Self.version)), "limit": .number(Double(limit)),
            "keys": .array(order.map { .string(keys[$0]) }), "runs": .array(fieldsOfRuns),
        ])
    }

    /// Reads the JSON value `encoded` makes (version 2), or a version 1 history; nil when it is anything else.
    static func decode(_ value: JSONValue, limit: Int) -> RunHistory? {
        guard case .string(format)? = value["format"], case .array(let items)? = value["runs"] else { return nil }
        var keys: [String]?
        if case .array(let names)? = value["keys"] {
            var strings: [String] = []
            strings.reserveCapacity(names.count)
            for name in names {
                guard case .string(let key) = name else { return nil }
                strings.append(key)
            }
            keys = strings
        }
        var runs: [Run] = []
        for item in items {
            guard case .string(let startedAt)? = item["startedAt"], case .bool(let success)? = item["success"]
            else { return nil }
            let outcomes: [String: Outcome]
            if let keys {
                guard case .string(let statuses)? = item["statuses"], case .string(let durations)? = item["durations"],
                    let decoded = decodeOutcomes(keys: keys, statuses: statuses, durations: durations)
                else { return nil }
                outcomes = decoded
            } else {
                guard case .object(let scenarios)? = item["scenarios"], let decoded = decodeOutcomes(scenarios)
                else { return nil }
                outcomes = decoded
            }
            var milliseconds: Int?
            if case .number(let value)? = item["ms"], value.isFinite, value >= 0, value < 1e15 {
                milliseconds = Int(value)
            }
            // Facts that are not [NAME, VALUE] pairs of strings are left out, not the run.
            var environment: [ReportEnvironment.Entry] = []
            if case .array(let pairs)? = item["environment"] {
                for pair in pairs {
                    guard case .array(let parts) = pair, parts.count == 2, case .string(let name) = parts[0],
                        case .string(let value) = parts[1]
                    else { continue }
                    environment.append(ReportEnvironment.Entry(name: name, value: value))
                }
            }
            runs.append(
                Run(
                    startedAt: startedAt, success: success, scenarios: outcomes, milliseconds: milliseconds,
                    environment: environment))
        }
        return RunHistory(runs: runs, limit: limit)
    }

    /// A version 2 run's outcomes: a status character and a duration per key; nil when the strings do not fit
    /// the keys (a damaged file).
    private static func decodeOutcomes(keys: [String], statuses: String, durations: String) -> [String: Outcome]? {
        let codes = Array(statuses.utf8)
        guard codes.count == keys.count else { return nil }
        var outcomes: [String: Outcome] = [:]
        outcomes.reserveCapacity(keys.count)
        var index = 0
        var number: Int?
        var failed = false
        func end() {
            guard index < keys.count else {
                failed = true
                return
            }
            let code = codes[index]
            if code == UInt8(ascii: " ") {
                failed = failed || number != nil
            } else if HistoryStatus.status(of: code) != nil, let number {
                outcomes[keys[index]] = Outcome(code: code, milliseconds: number)
            } else {
                failed = true
            }
            index += 1
            number = nil
        }
        for byte in durations.utf8 {
            if byte == UInt8(ascii: ",") {
                end()
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let (times, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                guard !overflow, !overflow2 else { return nil }
                number = sum
            } else {
                return nil
            }
            if failed { return nil }
        }
        if !keys.isEmpty { end() }
        return failed || index != keys.count ? nil : outcomes
    }

    /// A version 1 run's outcomes: an object per scenario.
    private static func decodeOutcomes(_ scenarios: [String: JSONValue]) -> [String: Outcome]? {
        var outcomes: [String: Outcome] = [:]
        for (key, entry) in scenarios {
            guard case .string(let status)? = entry["status"], case .number(let milliseconds)? = entry["ms"],
                milliseconds.isFinite, milliseconds >= 0, milliseconds < 1e15
            else { return nil }
            outcomes[key] = Outcome(status: status, milliseconds: Int(milliseconds))
        }
        return outcomes
    }
}

/// A scenario's status in a version 2 history, one character each: Cucumber's progress letters (`.` passed, `F`
/// failed, `U` undefined, `P` pending, `A` ambiguous, `-` skipped), `~` flaky and `?` unknown.
enum HistoryStatus {
    static let codes: [(status: String, code: UInt8)] = [
        ("passed", UInt8(ascii: ".")), ("failed", UInt8(ascii: "F")), ("flaky", UInt8(ascii: "~")),
        ("undefined", UInt8(ascii: "U")), ("pending", UInt8(ascii: "P")), ("ambiguous", UInt8(ascii: "A")),
        ("skipped", UInt8(ascii: "-")), ("unknown", UInt8(ascii: "?")),
    ]

    /// The character of `status` (`?` for one this harness does not know).
    static func code(of status: String) -> UInt8 {
        codes.first { $0.status == status }?.code ?? UInt8(ascii: "?")
    }

    /// The status of `code`, nil for a character that is none.
    static func status(of code: UInt8) -> String? {
        codes.first { $0.code == code }?.status
    }
}

/// What tells one state of a file from another without reading it: its device and inode (a file renamed over it
/// is another), size, and modification and change times to the nanosecond.
struct FileStamp: Sendable, Hashable {
    private let fields: [Int]

    /// The stamp of the file at `url` now; nil when it cannot be had.
    init?(of url: URL) {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        #if canImport(Darwin)
            let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
        #else
            let (modified, changed) = (status.st_mtim, status.st_ctim)
        #endif
        fields = [
            Int(status.st_dev), Int(status.st_ino), Int(status.st_size), Int(modified.tv_sec), Int(modified.tv_nsec),
            Int(changed.tv_sec), Int(changed.tv_nsec),
        ]
    }
}
