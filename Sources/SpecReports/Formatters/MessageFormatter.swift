import Messages

/// Cucumber's `message` formatter: the stream itself as NDJSON (one envelope per line), written with the fast
/// `JSONWriter` of `Messages` as envelopes arrive.
public final class MessageFormatter: ReportFormatter {
    /// The index of the stream (this formatter does not read it).
    public let query: RunQuery
    private let output: any ReportOutput
    private var json = JSONWriter(capacity: 1 << 17)
    private let flushThreshold = 1 << 16

    /// Creates a message formatter writing to `output`.
    public init(output: any ReportOutput, query: RunQuery = RunQuery()) {
        self.query = query
        self.output = output
    }

    /// Writes the envelope as one line (the query is not needed, so it is not updated).
    public func consume(_ envelope: Envelope) throws(ReportError) {
        try receive(envelope)
    }

    /// Writes the envelope as one line.
    public func receive(_ envelope: Envelope) throws(ReportError) {
        envelope.write(to: &json)
        json.appendRaw(UInt8(ascii: "\n"))
        if json.count >= flushThreshold { try flush() }
    }

    /// Writes the buffered lines and closes the output.
    public func finish() throws(ReportError) {
        try flush()
        try output.close()
    }

    private func flush() throws(ReportError) {
        guard json.count > 0 else { return }
        let result = json.withUnsafeBytes { bytes in
            Result { () throws(ReportError) in try output.write(bytes) }
        }
        json.removeAll()
        try result.get()
    }
}

/// Cucumber's `rerun` formatter: the `file:line` of every scenario that did not pass, grouped per file
/// (`features/a.feature:12:30`), one file per line, to run them again later (as `@rerun.txt`).
///
/// The line of a scenario outline's example is its examples row. Only the last attempt of a retried test case
/// counts; files and lines are sorted so that merged shards give the same file as a full run.
public final class RerunFormatter: ReportFormatter {
    /// The index of the stream.
    public let query: RunQuery
    private let buffer: OutputBuffer
    private let separator: String

    /// Creates a rerun formatter writing to `output`; `separator` goes between files (a newline by default).
    public init(output: any ReportOutput, separator: String = "\n", query: RunQuery = RunQuery()) {
        self.query = query
        buffer = OutputBuffer(output)
        self.separator = separator
    }

    /// The lines of the scenarios to rerun, by file, sorted.
    public var linesByFile: [(uri: String, lines: [Int])] {
        var lines: [String: Set<Int>] = [:]
        for attempt in query.countedAttempts where attempt.status != .passed {
            guard let pickle = attempt.pickle else { continue }
            let line = query.lineage(of: pickle)?.line ?? pickle.location?.line
            guard let line else { continue }
            lines[pickle.uri, default: []].insert(line)
        }
        return lines.keys.sorted().map { ($0, (lines[$0] ?? []).sorted()) }
    }

    /// Writes nothing until the end.
    public func receive(_ envelope: Envelope) throws(ReportError) {}

    /// Writes the `file:line:line` entries and closes the output.
    public func finish() throws(ReportError) {
        let entries = linesByFile.map { entry in
            ([entry.uri] + entry.lines.map(String.init)).joined(separator: ":")
        }
        buffer.append(entries.joined(separator: separator))
        if !entries.isEmpty && separator == "\n" { buffer.append("\n") }
        try buffer.close()
    }
}
