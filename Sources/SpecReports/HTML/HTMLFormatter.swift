import Messages

/// A single self-contained HTML report for product owners: no network access (inline CSS and JavaScript pinned
/// by a Content Security Policy; images as data URIs), readable on a laptop and a phone, printable.
///
/// It shows the verdict and the counts by status at the top (a banner when the run was interrupted or failed
/// outside the steps), then what failed (each failing scenario's step, message and `file:line`, linked to its
/// card), a search box and filters by status and tag (kept in the URL's fragment, so a filtered view can be
/// shared), links to every feature, then every feature with its description, rules and backgrounds, every outline
/// with its steps once and an examples table giving each row's status, and every scenario with its steps
/// coloured by status, data tables, doc strings, errors with `file:line`, snippets for undefined steps and
/// attachments (text inline, images shown). The step catalog at the end lists every step definition with its
/// pattern, source location and use count, flagging unused ones.
///
/// Every piece of text from the stream is HTML-escaped: feature text cannot inject markup or script.
public final class HTMLFormatter: ReportFormatter {
    /// The index of the stream.
    public let query: RunQuery
    /// Where the writing functions write: the page, or a piece of it while one is made.
    var buffer: OutputBuffer
    private let page: OutputBuffer
    private let piece = OutputBuffer.fragment()
    let title: String
    /// Where the run happened, beside the totals (the CI's facts from the stream, the team's own).
    public var environment = ReportEnvironment()
    /// The failure categories "What failed" groups the failing scenarios by (the built-in ones unless given).
    public var categories = FailureCategories()
    let tagLinks: TagLinks
    /// The runs before this one, when the report keeps a history.
    let previousRuns: RunHistory?
    /// Each pickle's key in the history, by pickle id (made when first needed, from a query keeping everything).
    private var historyKeys: [String: String]?

    /// The most scenarios the page details: a run with more shows every scenario that did not pass, up to this
    /// many, and counts the others by feature (which the page says), so its page opens in a browser.
    package static let defaultDetailLimit = 10_000
    let detailLimit: Int

    /// What the page shows of one scenario, noted when its test case settled (or at the end, if it never ran).
    struct Card {
        var pickleOrdinal: Int
        var pickleId: String
        var scenarioId: String?
        var rowId: String?
        var uri: String
        var status: TestStepResultStatus
        /// Where its card is in `cards`; nil when it is only counted.
        var slot: MessageSpool.Slot?
    }

    private let cards: SpoolFile
    /// The cards of each document whose scenarios have not all ended, by document position.
    private var openDocuments: [Int: [Card]] = [:]
    /// Cards of pickles without a document, or that their document's feature does not hold.
    var orphans: [Card] = []
    /// The documents whose feature was written.
    private var written = BitSet()
    /// Each feature's navigation entry and article (or row of the folded features), in the features' order.
    private let features: OrderedFragments
    private let navigation: SpoolFile
    private let articles: SpoolFile
    let foldedRows: SpoolFile
    var foldedFeatures = 0
    var foldedScenarios = StatusCounts()
    private var navigationEntries = 0
    var statuses = StatusCounts()
    var tagCounts: [String: Int] = [:]
    var ranPickles = 0
    /// The first failing scenarios ("What failed"), by the order their test cases started, and how many fail.
    var failing: [(ordinal: Int, item: [UInt8], categories: [String])] = []
    var failingCount = 0
    /// How many failing scenarios each category holds (a scenario in two categories counts in both).
    var categoryCounts: [String: Int] = [:]
    let failingShown = 50
    /// Whether the run has more scenarios than `detailLimit` (decided when the first test case ends).
    var isLarge: Bool?
    var detailedCount = 0
    /// The attempts of the run on the timeline (`HTMLFormatter+Timeline.swift`), and each worker's lane.
    var timeline: [TimelineBar] = []
    var timelineWorkers: [String: Int] = [:]

    /// Creates an HTML formatter writing to `output`, with `title` as the page title; tags matching `tagLinks`
    /// link to their tracker; with `history` (the runs before this one), each scenario shows its last results and
    /// the page what changed since the last run.
    public convenience init(
        output: any ReportOutput, title: String = "Acceptance specs",
        tagLinks: TagLinks = TagLinks(), history: RunHistory? = nil, query: RunQuery = RunQuery()
    ) {
        self.init(
            output: output, title: title, tagLinks: tagLinks, history: history,
            detailLimit: Self.defaultDetailLimit, query: query)
    }

    /// Creates an HTML formatter that details at most `detailLimit` scenarios.
    init(
        output: any ReportOutput, title: String, tagLinks: TagLinks, history: RunHistory?,
        detailLimit: Int, query: RunQuery
    ) {
        self.query = query
        page = OutputBuffer(output)
        buffer = page
        self.title = title
        self.tagLinks = tagLinks
        previousRuns = history
        self.detailLimit = max(detailLimit, 0)
        let purpose = "the HTML report (\(output.name))"
        cards = SpoolFile(purpose: purpose)
        features = OrderedFragments(purpose: purpose)
        navigation = SpoolFile(purpose: purpose)
        articles = SpoolFile(purpose: purpose)
        foldedRows = SpoolFile(purpose: purpose)
    }

    /// Notes each scenario as its test case ends, and writes each feature (to a temporary place: the page starts
    /// with the totals) once all its scenarios have ended.
    public func receive(_ envelope: Envelope) throws(ReportError) {
        if case .testCaseFinished = envelope, let run = query.justSettled { note(run) }
        for document in query.justCompletedDocuments { try complete(document) }
        if let error = cards.error { throw error }
    }

    /// Writes the page and closes the output.
    public func finish() throws(ReportError) {
        for run in query.unsettledRuns { note(run) }
        let incomplete = query.incompleteDocuments
        try noteScenariosThatDidNotRun(of: incomplete)
        for document in incomplete { try complete(document) }
        try features.finish(upTo: query.featureCount, making: { _ in nil }, to: keep)
        let statistics = query.statistics()
        writeHead(statistics)
        writeBanners()
        writeTotals(statistics)
        writeFailures()
        if let history = historyWithThisRun() {
            writeChanges(history.history, keys: history.keys)
            writeTrends(history.history, keys: history.keys)
        }
        writeTimeline()
        writeToolbar()
        if query.featureCount > 1 && navigationEntries > 0 {
            buffer.append("<nav class=\"feature-nav\" aria-label=\"Features\"><ul>")
            try buffer.flush()
            try navigation.copy(into: buffer.output)
            buffer.append("</ul></nav>\n")
        }
        writeRunHookFailures()
        buffer.append("<section id=\"features\" aria-label=\"Features\">\n")
        try buffer.flush()
        try articles.copy(into: buffer.output)
        try writeFoldedFeatures()
        try writeOrphans()
        if query.pickleCount == 0 && query.documents.isEmpty {
            buffer.append("<p class=\"not-run\">No scenarios in this run.</p>\n")
        }
        buffer.append("</section>\n")
        writeCatalog()
        buffer.append("</main>\n<footer><div class=\"wrap\">Generated by FeedSpecs from the Cucumber Messages stream")
        if let meta = query.meta {
            buffer.append(" (protocol ")
            buffer.appendHTML(meta.protocolVersion)
            buffer.append(")")
        }
        buffer.append(".</div></footer>\n<script>")
        buffer.append(HTMLAssets.script)
        buffer.append("</script>\n</body>\n</html>\n")
        try buffer.close()
    }

    /// The key of the pickle with `id` in the run history (a query keeping everything: made from every pickle).
    func historyKey(ofPickle id: String) -> String? {
        if historyKeys == nil {
            var seen: [String: Int] = [:]
            var keys: [String: String] = [:]
            for pickle in query.pickles {
                let base = RunHistory.baseKey(of: pickle)
                let number = seen[base, default: 0] + 1
                seen[base] = number
                keys[pickle.id] = RunHistory.key(base: base, number)
            }
            historyKeys = keys
        }
        return historyKeys?[id]
    }

    /// Renders what `body` writes as a piece of the page, and returns it.
    private func rendering(_ body: () -> Void) -> [UInt8] {
        buffer = piece
        body()
        buffer = page
        return piece.takeFragment()
    }

    // MARK: Noting scenarios

    /// Notes the scenario of a test case that settled (or did not, at the end): its counts, its place in "What
    /// failed", and its card.
    private func note(_ run: TestCaseRun) {
        noteOnTimeline(run)
        guard let attempt = run.counted else { return }
        let status = attempt.status
        statuses.add(status)
        for tag in attempt.pickle?.tags ?? [] { tagCounts[tag.name, default: 0] += 1 }
        guard let pickle = attempt.pickle else { return }
        ranPickles += 1
        if attempt.isFailing(by: query.verdict) {
            failingCount += 1
            let names = categories.names(of: attempt, query: query)
            for name in names { categoryCounts[name, default: 0] += 1 }
            if failing.count < failingShown || run.ordinal < (failing.last?.ordinal ?? .max) {
                let item = rendering { writeFailure(attempt, pickle: pickle) }
                let position = failing.firstIndex { $0.ordinal > run.ordinal } ?? failing.endIndex
                failing.insert((run.ordinal, item, names), at: position)
                if failing.count > failingShown { failing.removeLast() }
            }
        }
        var slot: MessageSpool.Slot?
        if isDetailed(status) {
            let bytes = rendering { writeScenario(pickle, lineage: query.lineage(of: pickle), run: run) }
            slot = MessageSpool.Slot(offset: cards.append(bytes), length: bytes.count)
        }
        let card = Card(
            pickleOrdinal: run.pickleOrdinal ?? .max, pickleId: pickle.id, scenarioId: pickle.astNodeIds.first,
            rowId: pickle.astNodeIds.last, uri: pickle.uri, status: status,
            slot: slot)
        if let document = run.documentOrdinal, !written.contains(document) {
            openDocuments[document, default: []].append(card)
        } else {
            orphans.append(card)
        }
    }

    /// Whether a scenario of `status` gets a card (every one, unless the run is larger than `detailLimit`).
    private func isDetailed(_ status: TestStepResultStatus) -> Bool {
        if isLarge == nil { isLarge = query.pickleCount > detailLimit }
        guard isLarge == true else { return true }
        guard status != .passed, detailedCount < detailLimit else { return false }
        detailedCount += 1
        return true
    }

    /// Notes the scenarios of `documents` (and those without a document) that never started.
    private func noteScenariosThatDidNotRun(of documents: [Int]) throws(ReportError) {
        // Every pickle ran (the usual case): nothing to look for in the spooled pickles.
        guard query.pickleCount > ranPickles else { return }
        let ran = Set(openDocuments.values.joined().map(\.pickleOrdinal) + orphans.map(\.pickleOrdinal))
        for record in query.pickles(ofDocuments: Set(documents + [-1])) where !ran.contains(record.ordinal) {
            let pickle = record.pickle
            var slot: MessageSpool.Slot?
            if isDetailed(.unknown) {
                let bytes = rendering { writeScenario(pickle, lineage: query.lineage(of: pickle), run: nil) }
                slot = MessageSpool.Slot(offset: cards.append(bytes), length: bytes.count)
            }
            let card = Card(
                pickleOrdinal: record.ordinal, pickleId: pickle.id, scenarioId: pickle.astNodeIds.first,
                rowId: pickle.astNodeIds.last, uri: pickle.uri,
                status: .unknown, slot: slot)
            if let document = record.document, documents.contains(document) {
                openDocuments[document, default: []].append(card)
            } else {
                orphans.append(card)
            }
        }
        if let error = cards.error { throw error }
    }

    /// Writes the feature of the document at `ordinal`, whose scenarios have all ended (or the run is over).
    private func complete(_ ordinal: Int) throws(ReportError) {
        guard written.insert(ordinal) else { return }
        let noted = (openDocuments.removeValue(forKey: ordinal) ?? []).sorted { $0.pickleOrdinal < $1.pickleOrdinal }
        let entry = query.documents[ordinal]
        guard entry.featureIndex >= 0, let (document, source) = query.document(at: ordinal),
            let feature = document.feature
        else {
            orphans += noted
            return
        }
        let index = Int(entry.featureIndex)
        var byScenario: [String: [Card]] = [:]
        for card in noted {
            if let scenarioId = card.scenarioId { byScenario[scenarioId, default: []].append(card) }
        }
        var placed: Set<Int> = []
        let uri = document.uri ?? ""
        var counts = StatusCounts()
        for card in noted where card.uri == uri { counts.add(card.status) }
        let folds = isLarge == true && !noted.contains { $0.slot != nil }
        let entryBytes =
            folds
            ? []
            : rendering { writeNavigationEntry(index: index, name: feature.name.isEmpty ? uri : feature.name, counts) }
        let body = rendering {
            if folds {
                writeFoldedRow(index: index, name: feature.name, uri: uri, counts: counts)
            } else {
                writeFeature(
                    feature, id: "f-\(index)", uri: uri, source: source, cardsByScenario: byScenario, placed: &placed)
            }
        }
        if folds {
            placed = Set(noted.map(\.pickleOrdinal))
            foldedScenarios.add(counts)
        }
        orphans += noted.filter { !placed.contains($0.pickleOrdinal) }
        var bytes = SpoolWriter(capacity: entryBytes.count + body.count + 16)
        bytes.bool(folds)
        entryBytes.withUnsafeBytes { bytes.raw($0) }
        body.withUnsafeBytes { bytes.raw($0) }
        try features.add(index, bytes.bytes, to: keep)
    }

    /// Keeps a feature's navigation entry and article (or folded row), in the features' order.
    private func keep(_ index: Int, _ bytes: [UInt8]) throws(ReportError) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in
            var reader = SpoolReader(raw)
            let folds = reader.bool()
            let entry = reader.rawBytes()
            let body = reader.rawBytes()
            if !entry.isEmpty {
                navigation.append(entry)
                navigationEntries += 1
            }
            if folds {
                foldedFeatures += 1
                if foldedFeatures <= detailLimit { foldedRows.append(body) }
            } else {
                articles.append(body)
            }
        }
        if let error = navigation.error ?? articles.error ?? foldedRows.error { throw error }
    }

    /// The card kept at `slot`.
    func writeCard(_ slot: MessageSpool.Slot) {
        var bytes: [UInt8] = []
        cards.read(offset: slot.offset, length: slot.length, into: &bytes)
        buffer.append(bytes)
    }
}
