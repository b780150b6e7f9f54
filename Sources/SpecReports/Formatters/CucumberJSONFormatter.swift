import Foundation
import Messages

/// The legacy Cucumber JSON report, read by many CI plugins and report generators.
///
/// Features (in the order they first ran) hold `elements`: for each scenario attempt that counts, a
/// `background` element with the background steps (when there are any) and a `scenario` element with the
/// scenario's steps and its hooks as `before` and `after`. Steps have `result.status`, `result.duration` in
/// nanoseconds, `result.error_message`, `match.location` (the step definition's `file:line`), `doc_string` and
/// `rows`; scenario ids are `feature-name;scenario-name`, with `;examples-name;N` for an examples row (N counts
/// the header as row 1, as Cucumber-JVM does).
///
/// Two styles:
/// - `legacy` (the default, `cucumber.json`): a JSON array of features, with `embeddings` (`mime_type`, `data`
///   in Base64, `name`) for attachments on steps and hooks, as Cucumber-JVM writes them.
/// - `canonical`: `{"implementation": ..., "features": [...]}` without embeddings, the strict common subset of
///   the canonical Cucumber JSON schema.
///
/// The schema's statuses have no `ambiguous`: an ambiguous step is `failed` with an error message naming the
/// matching definitions. A file that could not be parsed has no scenarios to report, which CI plugins would read
/// as nothing wrong: it becomes a feature named after the file, with one `Parse error` scenario holding one failed
/// step per error (`uri:line:column: message`), so every tool that counts failed steps counts it.
public final class CucumberJSONFormatter: ReportFormatter {
    /// The shape of the JSON.
    public enum Style: Sendable, Hashable {
        /// A JSON array of features, with embeddings.
        case legacy
        /// An object with `implementation` and `features`, without embeddings.
        case canonical
    }

    /// The index of the stream.
    public let query: RunQuery
    private let output: any ReportOutput
    let style: Style
    /// The scenarios written so far, in the order they first started: each with its feature's URI and, when it
    /// starts a run of scenarios of another feature than the one before, that feature's head.
    private let elements: SpoolFile
    private let ordered: OrderedFragments
    private var lastURI: String?
    private var seenURIs: Set<Int> = []
    /// Whether a feature's scenarios are not all next to each other (a shuffled or parallel order): the features
    /// are then gathered before they are written.
    private var needsGathering = false

    /// Creates a Cucumber JSON formatter writing to `output`.
    public init(output: any ReportOutput, style: Style = .legacy, query: RunQuery = RunQuery()) {
        self.query = query
        self.output = output
        self.style = style
        elements = SpoolFile(purpose: "the Cucumber JSON report (\(output.name))")
        ordered = OrderedFragments(purpose: "the Cucumber JSON report (\(output.name))")
    }

    /// Writes each scenario once it has settled (to a temporary place: features group their scenarios).
    public func receive(_ envelope: Envelope) throws(ReportError) {
        guard case .testCaseFinished = envelope, let run = query.justSettled else { return }
        try ordered.add(run.ordinal, render(run), to: keep)
    }

    /// The piece of a test case: its URI, its feature's head and its elements (empty without a pickle).
    private func render(_ run: TestCaseRun) -> [UInt8] {
        guard let attempt = run.counted, let pickle = attempt.pickle else { return [] }
        var json = JSONWriter(capacity: 1 << 12)
        writeFeatureHead(uri: pickle.uri, lineage: query.lineage(of: pickle), to: &json)
        var piece = SpoolWriter(capacity: json.count * 4)
        piece.string(pickle.uri)
        json.withUnsafeBytes { piece.raw($0) }
        json.removeAll()
        json.beginArray()
        writeElements(of: attempt, pickle: pickle, to: &json)
        json.withUnsafeBytes { bytes in piece.raw(UnsafeRawBufferPointer(rebasing: bytes.dropFirst())) }
        return piece.bytes
    }

    /// Keeps a piece in the order the test cases first started, with its feature's head only when it starts a
    /// run of another feature's scenarios.
    private func keep(_ ordinal: Int, _ piece: [UInt8]) throws(ReportError) {
        guard !piece.isEmpty else { return }
        var record = SpoolWriter(capacity: piece.count)
        piece.withUnsafeBytes { bytes in
            var reader = SpoolReader(bytes)
            let uri = reader.string()
            let head = reader.rawBytes()
            let body = reader.rawBytes()
            let startsRun = uri != lastURI
            if startsRun {
                if !seenURIs.insert(uri.hashValue).inserted { needsGathering = true }
                lastURI = uri
            }
            record.string(uri)
            record.bool(startsRun)
            if startsRun { record.raw(head) }
            record.raw(body)
        }
        var length = UInt32(record.bytes.count).littleEndian
        withUnsafeBytes(of: &length) { _ = elements.append($0) }
        elements.append(record.bytes)
        if let error = elements.error { throw error }
    }

    /// Writes the report (feature by feature) and closes the output.
    public func finish() throws(ReportError) {
        let unsettled = Dictionary(query.unsettledRuns.map { ($0.ordinal, $0) }) { first, _ in first }
        try ordered.finish(upTo: query.runCount, making: { unsettled[$0].map(render) }, to: keep)
        var json = JSONWriter(capacity: 1 << 16)
        switch style {
        case .legacy:
            try emit("[")
        case .canonical:
            json.beginObject()
            json.field("implementation", query.meta?.implementation.name ?? "feed-specs")
            json.key("features")
            try emit(&json)
            try emit("[")
        }
        let featureCount = needsGathering ? try writeGatheredFeatures() : try writeFeaturesInOrder()
        for (index, file) in ReportText.parseErrorsByFile(query.parseErrors).enumerated() {
            writeUnparsedFeature(uri: file.uri, errors: file.errors, to: &json)
            if index > 0 || featureCount > 0 { try emit(",") }
            try emit(&json)
        }
        try emit(style == .legacy ? "]\n" : "]}\n")
        try output.close()
    }

    private struct Record {
        var uri: String
        /// Where the feature's head and the elements are in the record (the body ends it).
        var head: Range<Int>?
        var body: Range<Int>
    }

    /// Reads the kept records in order, with their bytes.
    private func forEachRecord(_ body: (Record, [UInt8]) throws(ReportError) -> Void) throws(ReportError) {
        var position = 0
        var bytes: [UInt8] = []
        while position + 4 <= elements.count {
            elements.read(offset: position, length: 4, into: &bytes)
            let length = bytes.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
            elements.read(offset: position + 4, length: length, into: &bytes)
            if let error = elements.error { throw error }
            position += 4 + length
            let record: Record = bytes.withUnsafeBytes { raw in
                var reader = SpoolReader(raw)
                let uri = reader.string()
                let head = reader.bool() ? reader.byteRange() : nil
                return Record(uri: uri, head: head, body: reader.byteRange())
            }
            try body(record, bytes)
        }
    }

    /// Writes the features of records whose feature's scenarios are next to each other; returns how many.
    private func writeFeaturesInOrder() throws(ReportError) -> Int {
        var count = 0
        try forEachRecord { record, bytes throws(ReportError) in
            if let head = record.head {
                if count > 0 { try emit("]},") }
                try write(bytes[head])
                count += 1
            } else {
                try emit(",")
            }
            try write(bytes[record.body])
        }
        if count > 0 { try emit("]}") }
        return count
    }

    /// Writes the features of records in any order, each feature gathering its scenarios (read again from the spool
    /// file); returns how many.
    private func writeGatheredFeatures() throws(ReportError) -> Int {
        var order: [String] = []
        var features: [String: [Range<Int>]] = [:]
        var position = 0
        try forEachRecord { record, _ in
            let start = position + 4
            let length = record.body.upperBound
            position = start + length
            if features[record.uri] == nil {
                order.append(record.uri)
                features[record.uri] = record.head.map { [$0.lowerBound + start..<$0.upperBound + start] } ?? [0..<0]
            }
            features[record.uri]?.append(record.body.lowerBound + start..<record.body.upperBound + start)
        }
        var bytes: [UInt8] = []
        for (index, uri) in order.enumerated() {
            guard let ranges = features.removeValue(forKey: uri) else { continue }
            if index > 0 { try emit(",") }
            for (rangeIndex, range) in ranges.enumerated() {
                if rangeIndex > 1 { try emit(",") }
                elements.read(offset: range.lowerBound, length: range.count, into: &bytes)
                if let error = elements.error { throw error }
                try write(bytes[...])
            }
            try emit("]}")
        }
        return order.count
    }

    private func write(_ bytes: ArraySlice<UInt8>) throws(ReportError) {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(ReportError) in try output.write(raw) }
        }
        try result.get()
    }

    private func emit(_ text: StaticString) throws(ReportError) {
        try output.write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private func emit(_ json: inout JSONWriter) throws(ReportError) {
        let result = json.withUnsafeBytes { bytes in
            Result { () throws(ReportError) in try output.write(bytes) }
        }
        json.removeAll()
        try result.get()
    }
}
