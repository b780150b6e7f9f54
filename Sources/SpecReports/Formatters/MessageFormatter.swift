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
    /// The `uri` and line of each scenario to rerun, in the order the test cases first started.
    private let entries: SpoolFile
    private let ordered: OrderedFragments
    private var last: (uri: String, line: Int)?
    /// Whether the entries came sorted (as a run in the defined order gives them), so they need no sorting.
    private var isSorted = true

    /// Creates a rerun formatter writing to `output`; `separator` goes between files (a newline by default).
    public init(output: any ReportOutput, separator: String = "\n", query: RunQuery = RunQuery()) {
        self.query = query
        buffer = OutputBuffer(output)
        self.separator = separator
        entries = SpoolFile(purpose: "the rerun report (\(output.name))")
        ordered = OrderedFragments(purpose: "the rerun report (\(output.name))")
    }

    /// The lines of the scenarios to rerun, by file, sorted (once the stream has been consumed).
    package var linesByFile: [(uri: String, lines: [Int])] {
        var lines: [String: Set<Int>] = [:]
        try? forEachEntry { uri, line in lines[uri, default: []].insert(line) }
        for run in query.unsettledRuns {
            if let (uri, line) = entry(of: run) { lines[uri, default: []].insert(line) }
        }
        return lines.keys.sorted().map { ($0, (lines[$0] ?? []).sorted()) }
    }

    /// Notes the place of each scenario that settled without passing.
    public func receive(_ envelope: Envelope) throws(ReportError) {
        guard case .testCaseFinished = envelope, let run = query.justSettled else { return }
        try ordered.add(run.ordinal, piece(of: run), to: keep)
    }

    private func entry(of run: TestCaseRun) -> (String, Int)? {
        guard let attempt = run.counted, attempt.status != .passed, let pickle = attempt.pickle,
            let line = query.lineage(of: pickle)?.line ?? pickle.location?.line
        else { return nil }
        return (pickle.uri, line)
    }

    private func piece(of run: TestCaseRun) -> [UInt8] {
        guard let (uri, line) = entry(of: run) else { return [] }
        var writer = SpoolWriter(capacity: uri.utf8.count + 8)
        writer.string(uri)
        writer.int(line)
        return writer.bytes
    }

    private func keep(_ ordinal: Int, _ piece: [UInt8]) throws(ReportError) {
        guard !piece.isEmpty else { return }
        let (uri, line) = piece.withUnsafeBytes { bytes in
            var reader = SpoolReader(bytes)
            return (reader.string(), reader.int())
        }
        if let last, uri < last.uri || (uri == last.uri && line < last.line) { isSorted = false }
        last = (uri, line)
        entries.append(piece)
        if let error = entries.error { throw error }
    }

    private func forEachEntry(_ body: (String, Int) throws(ReportError) -> Void) throws(ReportError) {
        var position = 0
        var bytes: [UInt8] = []
        while position < entries.count {
            entries.read(offset: position, length: min(1 << 16, entries.count - position), into: &bytes)
            var chunk: [(String, Int)] = []
            var consumed = 0
            bytes.withUnsafeBytes { raw in
                var reader = SpoolReader(raw)
                while !reader.isAtEnd {
                    let uri = reader.string()
                    let line = reader.int()
                    if reader.isDamaged { break }
                    consumed = reader.position
                    chunk.append((uri, line))
                }
            }
            for (uri, line) in chunk { try body(uri, line) }
            // An entry cut by the end of the chunk is read again with the next one.
            guard consumed > 0 else { return }
            position += consumed
        }
    }

    /// Writes the `file:line:line` entries and closes the output.
    public func finish() throws(ReportError) {
        let unsettled = Dictionary(query.unsettledRuns.map { ($0.ordinal, $0) }) { first, _ in first }
        try ordered.finish(upTo: query.runCount, making: { unsettled[$0].map(piece) }, to: keep)
        if let error = entries.error { throw error }
        var first = true
        func write(_ uri: String, _ lines: [Int]) throws(ReportError) {
            if !first { buffer.append(separator) }
            first = false
            buffer.append(uri)
            for line in lines { buffer.append(":\(line)") }
            try buffer.flushIfNeeded()
        }
        if isSorted {
            var group: (uri: String, lines: [Int])?
            try forEachEntry { uri, line throws(ReportError) in
                if group?.uri == uri {
                    if group?.lines.last != line { group?.lines.append(line) }
                    return
                }
                if let group { try write(group.uri, group.lines) }
                group = (uri, [line])
            }
            if let group { try write(group.uri, group.lines) }
        } else {
            for entry in linesByFile { try write(entry.uri, entry.lines) }
        }
        if !first && separator == "\n" { buffer.append("\n") }
        try buffer.close()
    }
}
