import Foundation
import Messages

extension RunHistory {
    /// The history in `url`, and a warning when the file could not be used: a missing file is an empty history
    /// (no warning); a file that does not parse, or is not a history of this harness, is an empty history with a
    /// warning, never a failed run (`write(to:)` keeps such a file's bytes beside it, as `NAME.unreadable`).
    public static func load(from url: URL, limit: Int = defaultLimit) -> (history: RunHistory, warning: String?) {
        let empty = RunHistory(limit: limit)
        guard FileManager.default.fileExists(atPath: url.path) else { return (empty, nil) }
        if let kind = notAFile(url) {
            return (empty, "the run history \(url.path) is \(kind.description), not a file: no history is kept")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return (
                empty, "the run history \(url.path) cannot be read (\(error.localizedDescription)): starting a new one"
            )
        }
        guard let history = try? decode(data, limit: limit) else {
            return (
                empty,
                "\(url.path) is not a run history of this harness: starting a new one (the file is kept as "
                    + "\(url.lastPathComponent).unreadable)"
            )
        }
        return (history, nil)
    }

    /// Writes the history to `url` atomically (a temporary file renamed over it); a file already there that is
    /// not a readable history is first moved aside to `NAME.unreadable`, so no one's data is lost.
    ///
    /// - Throws: `ReportError` naming the file when it cannot be written.
    public func write(to url: URL) throws(ReportError) {
        // Reading a FIFO would wait for a writer, and writing it would hand the history to whoever reads it.
        if let kind = Self.notAFile(url) {
            throw ReportError.cannotWrite(destination: url.path, reason: "it is \(kind.description), not a file")
        }
        if let data = try? Data(contentsOf: url), (try? Self.decode(data, limit: limit)) == nil {
            let aside = url.appendingPathExtension("unreadable")
            try? FileManager.default.removeItem(at: aside)
            try? FileManager.default.moveItem(at: url, to: aside)
        }
        let output = try reportFileOutput(at: url)  // a symbolic link stays one, its target replaced
        try output.write(encoded.jsonText + "\n")
        try output.close()
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
    /// `{"startedAt":…,"success":…,"scenarios":{KEY:{"status":…,"ms":…}}}`.
    var encoded: JSONValue {
        .object([
            "format": .string(Self.format), "version": 1, "limit": .number(Double(limit)),
            "runs": .array(
                runs.map { run in
                    .object([
                        "startedAt": .string(run.startedAt), "success": .bool(run.success),
                        "scenarios": .object(
                            run.scenarios.mapValues { outcome in
                                .object([
                                    "status": .string(outcome.status), "ms": .number(Double(outcome.milliseconds)),
                                ])
                            }),
                    ])
                }),
        ])
    }

    /// Reads the JSON `encoded` writes; nil when it is anything else.
    static func decode(_ data: Data, limit: Int) throws -> RunHistory? {
        let value = try JSONValue(parsing: data)
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
            runs.append(Run(startedAt: startedAt, success: success, scenarios: outcomes))
        }
        return RunHistory(runs: runs, limit: limit)
    }
}
