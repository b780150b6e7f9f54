import Foundation
import Gherkin
import Messages

/// The specs of a runner process, read once, as the run goes: the command read them first, emitted their documents
/// and every `testCase`, and said where their ids start and what their selected scenarios come to (`DocumentsRead`).
/// So the first test case runs as soon as its file is parsed, instead of after every file was read (as `SpecStream`'s
/// first pass must, to learn what the command already knows).
///
/// A thread of its own reads, parses (drawing each file's ids where the one before it stopped) and selects the files
/// in their order ahead of the run. Should the files have changed since the command read them (other ids, another
/// selection), the pass fails instead of running test cases the command did not emit.
struct OnePassSpecs: SelectedPickles {
    private let files: SpecFiles
    private let read: DocumentsRead
    private let languages: GherkinLanguages
    private let selector: ScenarioSelector
    private let ids: IdSource

    var count: Int { read.selected }
    var readsByFile: Bool { true }
    var testCaseIdCount: Int { read.testCaseIdCount }

    /// The specs `files`, which the command read as `read` says; draws the documents' ids from `ids` (whose next
    /// position must be where the command's documents started).
    ///
    /// - Throws: `SpecRunError` when `ids` is not where the command's documents started.
    init(
        _ files: SpecFiles, read: DocumentsRead, languages: GherkinLanguages, selector: ScenarioSelector, ids: IdSource
    ) throws(SpecRunError) {
        let limit = IdSource.positionLimit
        guard ids.nextPosition == read.firstId, read.endId >= read.firstId, read.endId < limit,
            (0..<limit).contains(read.selected), (0..<limit).contains(read.testCaseIdCount)
        else {
            throw SpecRunError(
                kind: .invalidConfiguration,
                message: "the command's documents (ids \(read.firstId)..<\(read.endId), \(read.selected) scenarios, "
                    + "\(read.testCaseIdCount) test case ids) cannot be this run's, whose ids are at "
                    + "\(ids.nextPosition) (a fault of the harness: please report it)")
        }
        guard files.count == read.files else {
            throw SpecRunError(
                kind: .unreadable,
                message: "the spec files changed while the run read them: the command found \(read.files) files, "
                    + "this runner process \(files.count)")
        }
        _ = ids.skip(read.endId - read.firstId)
        self.files = files
        self.read = read
        self.languages = languages
        self.selector = selector
        self.ids = ids
    }

    func forEach(parsingAhead: Bool, _ body: (SelectedPickle) -> Void) throws(SpecRunError) {
        let (files, languages, selector) = (self.files, self.languages, self.selector)
        // One thread parses the files in order, so each file's ids start where the one before it stopped.
        let cursor = Locked(ids.cursor(at: read.firstId))
        let handover = readAhead(Array(0..<files.count), name: "spec-reader", capacity: 8) {
            position throws(SpecRunError) -> [SelectedPickle] in
            let data = try files[position].read()
            return cursor.withLock { cursor in
                Self.selection(
                    of: data, at: position, in: files, languages: languages, selector: selector, cursor: &cursor)
            }
        }
        var selected = 0
        while let selection = try handover.nextValue() {
            for pickle in selection {
                selected += 1
                // Never more than the command emitted: what is beyond fails the pass below.
                if selected <= read.selected { body(pickle) }
            }
        }
        let endId = cursor.withLock { $0.position }
        guard selected == read.selected, endId == read.endId else {
            throw SpecRunError(
                kind: .unreadable,
                message: "the spec files changed while the run read them: the command selected \(read.selected) "
                    + "scenarios (ids \(read.firstId)..<\(read.endId)), this runner process \(selected) (ids "
                    + "\(read.firstId)..<\(endId))")
        }
    }

    /// The selected pickles of the one file `origin` names, its ids drawn from where `origin` says: what a worker
    /// process handed a test case of that file reads, and no other file.
    ///
    /// - Throws: `SpecRunError` when the run has no such file, or the file cannot be read.
    func selection(of origin: PickleOrigin) throws(SpecRunError) -> [SelectedPickle] {
        let position = Int(origin.file)
        guard files.count > position, position >= 0 else {
            throw SpecRunError(
                kind: .unreadable,
                message: "the spec files changed while the run read them: the command named file \(position + 1), "
                    + "and this runner process found \(files.count)")
        }
        let data = try files[position].read()
        var cursor = ids.cursor(at: origin.firstId)
        return Self.selection(
            of: data, at: position, in: files, languages: languages, selector: selector, cursor: &cursor)
    }

    /// The selected pickles of `data`, the file at `position` among `files`, its ids drawn from `cursor`.
    private static func selection(
        of data: Data, at position: Int, in files: SpecFiles, languages: GherkinLanguages,
        selector: ScenarioSelector, cursor: inout IdCursor
    ) -> [SelectedPickle] {
        let firstId = cursor.position
        let document = SpecFiles.parse(data, of: files[position], languages: languages, cursor: &cursor)
        let (index, selected) = SpecStream.selectedEntries(of: document, selector: selector, reversed: false)
        return SpecStream.selection(selected, steps: index.steps, file: position, firstId: firstId)
    }
}
