import Foundation
import Gherkin
import Messages

/// A whole run's spec files read as a stream, so memory is bounded by the largest file and the test cases in
/// flight rather than by the number of files.
///
/// The first pass (`read`) reads each file, keeps its bytes (`SourceSnapshot`), parses it, emits its messages and
/// forgets it, remembering only where its ids started and how many of its scenarios are selected. Each later pass
/// (`forEach`) parses the kept bytes again with a cursor at the same ids, so its pickles are those emitted, id for
/// id. Files are in path order, scenarios as written, or both reversed.
struct SpecStream: SelectedPickles {
    /// What the stream remembers of a file between passes: as little as it can, since a run may have hundreds of
    /// thousands of files (its name is in `sources`, at the same position, its kept pickles in `keptSelections`).
    struct RememberedFile: Sendable {
        /// How many of its scenarios are selected.
        let selected: Int32
        let firstId: Int
        let slot: SourceSnapshot.Slot
    }

    /// One file parsed in a pass, with its selected pickles in run order.
    private struct ParsedFile: Sendable {
        let document: SpecPlan.Document
        let index: PlanIndex
        let selected: [PlanIndex.PickleEntry]
        let firstId: Int
        let slot: SourceSnapshot.Slot
        let bytes: Int

        /// Its selected pickles, in run order, each with the Gherkin steps it comes from; `position` is the file's
        /// among the run's.
        func selection(at position: Int) -> [SelectedPickle] {
            SpecStream.selection(selected, steps: index.steps, file: position, firstId: firstId)
        }
    }

    let files: [RememberedFile]
    /// The run's files, shared with the caller's list.
    private let sources: SpecFiles
    /// The selected pickles and the steps they come from of the first files (positions in `files`), kept while
    /// the files kept so far are small.
    private let keptSelections: [Int: [SelectedPickle]]
    let count: Int
    let testCaseIdCount: Int
    private let languages: GherkinLanguages
    private let selector: ScenarioSelector
    private let reversed: Bool
    private let ids: IdSource
    private let snapshot: SourceSnapshot

    /// The first pass: reads and parses `files` in order on a thread of their own (drawing their ids from `ids`),
    /// and emits each file's `source`, `gherkinDocument` and selected `pickle`s (or `parseError`s) on this one.
    ///
    /// The selected pickles of a run of at most `budget.keptSourceBytes` of Gherkin are kept for the later passes,
    /// which then need not parse it again: a suite of usual size is parsed once. A larger run keeps those of its
    /// first files (`budget.keptSourceBytesOfLargerRuns`) and parses the others again (`Keeping`). `idCount` says
    /// how many ids the test case of a selected pickle draws (of so many steps, so tagged), for `testCaseIdCount`.
    ///
    /// - Returns: the stream, for the later passes, and the parse errors.
    /// - Throws: `SpecRunError` when a file cannot be read (the files before it were emitted).
    static func read(
        _ files: SpecFiles, languages: GherkinLanguages, selector: ScenarioSelector, reversed: Bool, ids: IdSource,
        snapshot: SourceSnapshot, budget: MemoryBudget, idCount: (_ steps: Int, _ tags: [String]) -> Int,
        emit: (Envelope) -> Void
    ) throws(SpecRunError) -> (stream: SpecStream, parseErrors: [GherkinError]) {
        // The reader thread reads and parses (drawing the ids in file order); this one selects and emits.
        let handover = readAhead(Array(0..<files.count), name: "spec-reader", capacity: 8) {
            position throws(SpecRunError) -> (SpecPlan.Document, firstId: Int, SourceSnapshot.Slot, bytes: Int) in
            let file = files[position]
            let data = try file.read()
            let slot = try snapshot.keep(data, of: file.path)
            let (document, firstId) = ids.draw { cursor in
                SpecFiles.parse(data, of: file, languages: languages, cursor: &cursor)
            }
            return (document, firstId, slot, data.count)
        }
        var remembered: [RememberedFile] = []
        remembered.reserveCapacity(files.count)
        var keeping = Keeping(budget: budget)

        var parseErrors: [GherkinError] = []
        var count = 0
        var testCaseIdCount = 0
        while let (document, firstId, slot, bytes) = try handover.nextValue() {
            let parsed = select(
                document, selector: selector, reversed: reversed, firstId: firstId, slot: slot, bytes: bytes)
            let selectedIds = Set(parsed.selected.map(\.pickle.id))
            for envelope in parsed.document.result.envelopes {
                if case .pickle(let pickle) = envelope, !selectedIds.contains(pickle.id) { continue }
                emit(envelope)
            }
            parseErrors += parsed.document.result.errors
            count += parsed.selected.count
            for entry in parsed.selected { testCaseIdCount += idCount(entry.pickle.steps.count, entry.info.tags) }
            keeping.offer(parsed, at: remembered.count, snapshot: snapshot)
            remembered.append(
                RememberedFile(
                    selected: Int32(parsed.selected.count), firstId: parsed.firstId, slot: parsed.slot))
        }
        keeping.finish(snapshot: snapshot)
        let stream = SpecStream(
            files: remembered, sources: files, keptSelections: keeping.selections, count: count,
            testCaseIdCount: testCaseIdCount, languages: languages, selector: selector, reversed: reversed, ids: ids,
            snapshot: snapshot)
        return (stream, parseErrors)
    }

    /// Which files' selected pickles the first pass keeps for the later passes: every file's while the run is at
    /// most `budget.keptSourceBytes` of Gherkin, and once it proves larger, only its first files', up to
    /// `budget.keptSourceBytesOfLargerRuns`. A file kept beyond that keeps its bytes (in the snapshot) until the
    /// run's size is known: a larger run drops its pickles and parses it again.
    private struct Keeping {
        let budget: MemoryBudget
        private(set) var selections: [Int: [SelectedPickle]] = [:]
        private var bytes = 0
        private var provisional: [(position: Int, slot: SourceSnapshot.Slot, bytes: Int)] = []
        private var isLarger = false

        init(budget: MemoryBudget) {
            self.budget = budget
        }

        /// Keeps the selected pickles of `parsed`, the file at `position`, if the budget allows.
        mutating func offer(_ parsed: ParsedFile, at position: Int, snapshot: SourceSnapshot) {
            guard !parsed.selected.isEmpty else { return }
            if !isLarger, bytes + parsed.bytes > budget.keptSourceBytes {
                // Larger than a run parsed once: only the first files' pickles stay.
                isLarger = true
                for file in provisional {
                    selections[file.position] = nil
                    bytes -= file.bytes
                }
                provisional = []
            }
            guard bytes + parsed.bytes <= (isLarger ? budget.keptSourceBytesOfLargerRuns : budget.keptSourceBytes)
            else { return }
            bytes += parsed.bytes
            selections[position] = parsed.selection(at: position)
            if bytes <= budget.keptSourceBytesOfLargerRuns {
                snapshot.forget(parsed.slot)
            } else {
                provisional.append((position, parsed.slot, parsed.bytes))
            }
        }

        /// Ends the first pass: the run was parsed whole, so the files kept provisionally forget their bytes.
        mutating func finish(snapshot: SourceSnapshot) {
            for file in provisional { snapshot.forget(file.slot) }
            provisional = []
        }
    }

    func forEach(parsingAhead: Bool, _ body: (SelectedPickle) -> Void) throws(SpecRunError) {
        // Positions in `files`, not copies of its entries: a run of many files would hold the list two or three
        // times over.
        let files = self.files
        let indices = reversed ? Array(files.indices.reversed()) : Array(files.indices)
        let wanted = indices.filter { files[$0].selected > 0 }
        let keptSelections = self.keptSelections
        func handle(_ selection: [SelectedPickle]) {
            for selected in selection { body(selected) }
        }
        let lanes = min(ProcessInfo.processInfo.activeProcessorCount, 4, wanted.count)
        guard parsingAhead, lanes > 1 else {
            for index in wanted {
                if let kept = keptSelections[index] {
                    handle(kept)
                } else {
                    handle(try parseAgain(at: index).selection(at: index))
                }
            }
            return
        }
        // Each file's ids are known from the first pass, so files parse again in any order: one thread per
        // processor takes every `lanes`-th file, and they are handled here in run order.
        let handovers = (0..<lanes).map { lane in
            readAhead(
                stride(from: lane, to: wanted.count, by: lanes).map { wanted[$0] }.filter { keptSelections[$0] == nil },
                name: "spec-reparser", capacity: 2
            ) { [self] index throws(SpecRunError) in try parseAgain(at: index) }
        }
        var lane = 0
        do throws(SpecRunError) {
            for index in wanted {
                if let kept = keptSelections[index] {
                    handle(kept)
                } else if let parsed = try handovers[lane].nextValue() {
                    handle(parsed.selection(at: index))
                }
                lane = (lane + 1) % lanes
            }
        } catch {
            for handover in handovers { while handover.take() != nil {} }  // let every thread end
            throw error
        }
    }

    /// Parses the file at `index` again from the snapshot, with the ids it had.
    private func parseAgain(at index: Int) throws(SpecRunError) -> ParsedFile {
        let file = files[index]
        let data = try snapshot.bytes(at: file.slot)
        var cursor = ids.cursor(at: file.firstId)
        // The reader handed the files over in their order, one document each: the file at `index` is the run's.
        let source = sources[index]
        let document = SpecFiles.parse(data, of: source, languages: languages, cursor: &cursor)
        let parsed = Self.select(
            document, selector: selector, reversed: reversed, firstId: file.firstId, slot: file.slot,
            bytes: data.count)
        guard parsed.selected.count == Int(file.selected) else {
            throw SpecRunError(
                kind: .unreadable,
                message: "\(source.path) parsed differently the second time (\(parsed.selected.count) "
                    + "scenarios selected, not \(file.selected))")
        }
        return parsed
    }

    /// Indexes `document` and selects its pickles.
    private static func select(
        _ document: SpecPlan.Document, selector: ScenarioSelector, reversed: Bool, firstId: Int,
        slot: SourceSnapshot.Slot, bytes: Int
    ) -> ParsedFile {
        let (index, selected) = selectedEntries(of: document, selector: selector, reversed: reversed)
        return ParsedFile(
            document: document, index: index, selected: selected, firstId: firstId, slot: slot, bytes: bytes)
    }

    /// `selected`, the selected pickles of the file at `file` whose ids start at `firstId`, each with its Gherkin
    /// steps (from `steps`) and its origin.
    static func selection(
        _ selected: [PlanIndex.PickleEntry], steps: [String: PlanIndex.StepSource], file: Int, firstId: Int
    ) -> [SelectedPickle] {
        selected.enumerated().map { index, entry in
            SelectedPickle(
                entry, steps: steps, origin: PickleOrigin(file: Int32(file), index: Int32(index), firstId: firstId))
        }
    }

    /// `document` indexed, and the entries of its pickles `selector` selects, in run order.
    static func selectedEntries(
        of document: SpecPlan.Document, selector: ScenarioSelector, reversed: Bool
    ) -> (index: PlanIndex, selected: [PlanIndex.PickleEntry]) {
        var index = PlanIndex()
        index.add(document)
        var selected = index.scenarios.compactMap { scenario -> PlanIndex.PickleEntry? in
            guard let entry = index.pickles[scenario.pickleId], selector.selects(entry.info, lines: entry.lines)
            else { return nil }
            return entry
        }
        if reversed { selected.reverse() }
        return (index, selected)
    }
}
