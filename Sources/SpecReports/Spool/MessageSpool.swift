import Messages

/// The static messages of a stream (documents with their sources, pickles, test cases) kept in spool files, for a
/// `RunQuery` whose retention is `.streaming`: a run sends them all before its first scenario starts, so holding
/// them in memory would hold the whole run.
///
/// A test case is found again by its id when it starts, a pickle when its test case arrives. Both usually come in
/// the order they were spooled, so a cursor walks each file and finds them without any index; one that comes out
/// of order is looked for a little ahead (the records passed over are remembered), and when that fails too (a
/// shuffled or merged stream), every id is indexed once and looked up from then on.
final class MessageSpool {
    /// Where a record is in its spool file.
    struct Slot: Hashable {
        var offset: Int
        var length: Int
    }

    private let documents: SpoolFile
    private let pickles: RecordFile
    private let testCases: RecordFile
    private var writer = SpoolWriter(capacity: 1 << 14)
    private var scratch: [UInt8] = []

    /// An empty spool keeping up to `memoryBudget` bytes of each kind of message in memory.
    init(memoryBudget: Int = 256 << 10) {
        documents = SpoolFile(purpose: "the run's Gherkin documents", memoryBudget: memoryBudget)
        pickles = RecordFile(SpoolFile(purpose: "the run's pickles", memoryBudget: memoryBudget))
        testCases = RecordFile(SpoolFile(purpose: "the run's test cases", memoryBudget: memoryBudget))
    }

    /// The first error met writing or reading a spool file.
    var error: ReportError? { documents.error ?? pickles.file.error ?? testCases.file.error }

    // MARK: Documents

    /// Keeps `document` and the source it was parsed from.
    func append(_ document: GherkinDocument, source: Source?) -> Slot {
        writer.removeAll()
        writer.optional(source) { $0.source($1) }
        writer.document(document)
        let offset = documents.append(writer.bytes)
        return Slot(offset: offset, length: writer.bytes.count)
    }

    /// The document kept at `slot`, and its source.
    func document(at slot: Slot) -> (GherkinDocument, Source?) {
        documents.read(offset: slot.offset, length: slot.length, into: &scratch)
        return scratch.withUnsafeBytes { bytes in
            var reader = SpoolReader(bytes)
            let source = reader.optional { $0.source() }
            return (reader.document(), source)
        }
    }

    // MARK: Pickles

    /// What is kept with a pickle.
    struct PickleRecord {
        var pickle: Pickle
        /// Its position among the stream's pickles.
        var ordinal: Int
        /// The position of its document among the stream's documents.
        var document: Int?
        /// Its number among the pickles of the same file and name (for a run history), or 0.
        var keyNumber: Int
    }

    /// Keeps `pickle` and what is known of it.
    func append(_ record: PickleRecord) -> Slot {
        writer.removeAll()
        writer.string(record.pickle.id)
        writer.int(record.ordinal)
        writer.int(record.document ?? -1)
        writer.int(record.keyNumber)
        writer.pickle(record.pickle)
        return pickles.append(writer.bytes)
    }

    /// The pickle kept at `slot`.
    func pickle(at slot: Slot) -> PickleRecord {
        pickles.file.read(offset: slot.offset, length: slot.length, into: &scratch)
        return scratch.withUnsafeBytes { bytes in
            var reader = SpoolReader(bytes)
            _ = reader.string()
            return Self.record(&reader, including: { _ in true })
                ?? PickleRecord(
                    pickle: Pickle(id: "", uri: "", name: "", language: "", steps: [], tags: [], astNodeIds: []),
                    ordinal: 0, document: nil, keyNumber: 0)
        }
    }

    private static func record(_ reader: inout SpoolReader, including: (Int) -> Bool) -> PickleRecord? {
        let ordinal = reader.int()
        let document = reader.int()
        let keyNumber = reader.int()
        guard including(document) else { return nil }
        return PickleRecord(
            pickle: reader.pickle(), ordinal: ordinal, document: document >= 0 ? document : nil, keyNumber: keyNumber)
    }

    /// The slot of the pickle with `id`, found for its test case (each pickle is asked for once, in order).
    func claimPickle(id: String) -> Slot? {
        pickles.claim(id)
    }

    /// The pickles kept whose document's position `includes` (-1 for none), in order.
    func pickles(ofDocuments includes: (Int) -> Bool) -> [PickleRecord] {
        var found: [PickleRecord] = []
        var position = 0
        while let slot = pickles.slot(at: position) {
            position = slot.offset + slot.length
            pickles.file.read(offset: slot.offset, length: slot.length, into: &scratch)
            let match: PickleRecord? = scratch.withUnsafeBytes { bytes in
                var reader = SpoolReader(bytes)
                _ = reader.string()
                return Self.record(&reader, including: includes)
            }
            if let match { found.append(match) }
        }
        return found
    }

    /// The number of bytes of pickles kept: the offset of the next one.
    var pickleEnd: Int { pickles.file.count }

    // MARK: Test cases

    /// Keeps `testCase`, whose pickle is kept at `pickle`.
    func append(_ testCase: TestCase, pickle: Slot?) {
        writer.removeAll()
        writer.string(testCase.id)
        writer.optional(pickle) { writer, slot in
            writer.int(slot.offset)
            writer.int(slot.length)
        }
        writer.testCase(testCase)
        _ = testCases.append(writer.bytes)
    }

    /// The test case with `id` and the slot of its pickle, found when it first starts.
    func claimTestCase(id: String) -> (testCase: TestCase, pickle: Slot?)? {
        guard let slot = testCases.claim(id) else { return nil }
        testCases.file.read(offset: slot.offset, length: slot.length, into: &scratch)
        return scratch.withUnsafeBytes { bytes in
            var reader = SpoolReader(bytes)
            _ = reader.string()
            let pickle = reader.optional { reader in Slot(offset: reader.int(), length: reader.int()) }
            return (reader.testCase(), pickle)
        }
    }
}

/// A spool file of records, each its length (4 bytes) and then its bytes starting with its id, and the cursor
/// that finds records by id in the order they were written.
private final class RecordFile {
    let file: SpoolFile
    /// The offset of the next record the cursor has not passed.
    private var cursor = 0
    /// Records the cursor passed over without their being asked for, by id (a small window).
    private var passed: [String: MessageSpool.Slot] = [:]
    /// Every record not yet claimed, by id, once the cursor could not keep up (nil until then).
    private var index: [String: MessageSpool.Slot]?
    private var header: [UInt8] = []
    private var chunk: [UInt8] = []
    private var chunkStart = 0
    /// How far ahead the cursor looks for a record asked for out of order, and how many passed records it keeps.
    private let lookahead = 256
    private let passedLimit = 4096

    init(_ file: SpoolFile) {
        self.file = file
    }

    func append(_ bytes: [UInt8]) -> MessageSpool.Slot {
        var length = UInt32(bytes.count).littleEndian
        withUnsafeBytes(of: &length) { _ = file.append($0) }
        let offset = file.append(bytes)
        let slot = MessageSpool.Slot(offset: offset, length: bytes.count)
        if index != nil, let id = id(of: bytes) { index?[id] = slot }
        return slot
    }

    /// The slot of the record whose length prefix is at `position`.
    func slot(at position: Int) -> MessageSpool.Slot? {
        guard position + 4 <= file.count else { return nil }
        let length = readLength(at: position)
        guard position + 4 + length <= file.count else { return nil }
        return MessageSpool.Slot(offset: position + 4, length: length)
    }

    /// The record with `id`, which is then forgotten (each record is claimed once).
    func claim(_ id: String) -> MessageSpool.Slot? {
        if let found = passed.removeValue(forKey: id) { return found }
        if index != nil { return index?.removeValue(forKey: id) }
        var looked = 0
        while looked < lookahead, let slot = slot(at: cursor) {
            cursor = slot.offset + slot.length
            looked += 1
            guard let recordId = readId(of: slot) else { continue }
            if recordId == id { return slot }
            passed[recordId] = slot
            if passed.count > passedLimit { break }
        }
        buildIndex()
        return index?.removeValue(forKey: id)
    }

    /// Indexes every record the cursor has not passed, and those it passed unclaimed.
    private func buildIndex() {
        var all = passed
        passed = [:]
        while let slot = slot(at: cursor) {
            cursor = slot.offset + slot.length
            if let recordId = readId(of: slot) { all[recordId] = slot }
        }
        index = all
    }

    private func readLength(at position: Int) -> Int {
        read(at: position, length: 4)
        var value: UInt32 = 0
        for (shift, byte) in header.prefix(4).enumerated() { value |= UInt32(byte) << (8 * UInt32(shift)) }
        return Int(UInt32(littleEndian: value))
    }

    private func readId(of slot: MessageSpool.Slot) -> String? {
        read(at: slot.offset, length: min(slot.length, 10 + 256))
        let id = id(of: header)
        if let id, id.utf8.count <= 256 { return id }
        file.read(offset: slot.offset, length: slot.length, into: &header)
        return self.id(of: header)
    }

    private func id(of bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { raw in
            var reader = SpoolReader(raw)
            let id = reader.string()
            return reader.isDamaged ? nil : id
        }
    }

    /// Reads `length` bytes at `position` into `header`, through a read-ahead chunk (the cursor reads forward).
    private func read(at position: Int, length: Int) {
        let chunkEnd = chunkStart + chunk.count
        if position < chunkStart || position + length > chunkEnd {
            chunkStart = position
            file.read(offset: position, length: min(max(length, 1 << 16), file.count - position), into: &chunk)
        }
        header.removeAll(keepingCapacity: true)
        let start = position - chunkStart
        guard start >= 0, start + length <= chunk.count else { return }
        header.append(contentsOf: chunk[start..<start + length])
    }
}
