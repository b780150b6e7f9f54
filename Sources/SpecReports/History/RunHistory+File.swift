import Foundation
import Messages

extension RunHistory {
    /// The version of the file this harness writes; a file of a later version is never rewritten.
    public static let version = 1

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
        switch Self.contents(of: url, limit: limit) {
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
    public static func add(
        _ run: Run, to url: URL, limit: Int = defaultLimit, lockWait: Duration = .seconds(60)
    ) -> String? {
        let lock: HistoryLock
        switch HistoryLock.acquire(beside: url, wait: lockWait) {
        case .success(let acquired): lock = acquired
        case .failure(let failure): return "this run is not added to the run history \(url.path): \(failure.reason)"
        }
        defer { lock.release() }
        var history: RunHistory
        switch contents(of: url, limit: limit) {
        case .history(let onDisk): history = onDisk
        case .newer(let version): return newerWarning(url, version: version)
        case .notAFile(let kind):
            return "the run history \(url.path) is \(kind.description), not a file: no history is kept"
        case .missing, .unreadable, .cannotRead: history = RunHistory(limit: limit)
        }
        history.append(run)
        do throws(ReportError) {
            try history.write(to: url)
            return nil
        } catch {
            return "the run history cannot be written: \(error)"
        }
    }

    /// Whether `url` holds a run history of a later version than this harness's.
    package static func isNewer(_ url: URL) -> Bool {
        if case .newer = contents(of: url, limit: defaultLimit) { return true }
        return false
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
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .cannotRead(reason: error.localizedDescription)
        }
        // Parsed once, for its version and its runs (a 30-run history of 32,000 scenarios is 84 MB).
        guard let value = try? JSONValue(parsing: data) else { return .unreadable }
        if let version = newerVersion(in: value) { return .newer(version: version) }
        guard let history = decode(value, limit: limit) else { return .unreadable }
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

    /// The history as JSON: `{"format":"feedspecs-run-history","version":1,"limit":30,"runs":[…]}`, each run
    /// `{"startedAt":…,"success":…,"ms":…,"environment":[[NAME,VALUE],…],"scenarios":{KEY:{"status":…,"ms":…}}}`
    /// (a run's own `ms`, its duration, is left out when unknown, its `environment` when empty; readers that
    /// predate them ignore them).
    var encoded: JSONValue {
        .object([
            "format": .string(Self.format), "version": 1, "limit": .number(Double(limit)),
            "runs": .array(
                runs.map { run in
                    var fields: [String: JSONValue] = [
                        "startedAt": .string(run.startedAt), "success": .bool(run.success),
                        "scenarios": .object(
                            run.scenarios.mapValues { outcome in
                                .object([
                                    "status": .string(outcome.status), "ms": .number(Double(outcome.milliseconds)),
                                ])
                            }),
                    ]
                    if let milliseconds = run.milliseconds { fields["ms"] = .number(Double(milliseconds)) }
                    if !run.environment.isEmpty {
                        fields["environment"] = .array(
                            run.environment.map { .array([.string($0.name), .string($0.value)]) })
                    }
                    return .object(fields)
                }),
        ])
    }

    /// Reads the JSON value `encoded` makes; nil when it is anything else.
    static func decode(_ value: JSONValue, limit: Int) -> RunHistory? {
        guard case .string(format)? = value["format"], case .array(let items)? = value["runs"] else { return nil }
        var runs: [Run] = []
        for item in items {
            guard case .string(let startedAt)? = item["startedAt"], case .bool(let success)? = item["success"],
                case .object(let scenarios)? = item["scenarios"]
            else { return nil }
            var outcomes: [String: Outcome] = [:]
            for (key, entry) in scenarios {
                guard case .string(let status)? = entry["status"], case .number(let milliseconds)? = entry["ms"],
                    milliseconds.isFinite, milliseconds >= 0, milliseconds < 1e15
                else { return nil }
                outcomes[key] = Outcome(status: status, milliseconds: Int(milliseconds))
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
}
