import Foundation
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
    private let title: String
    private let strict: Bool
    private let tagLinks: TagLinks
    /// The runs before this one, when the report keeps a history.
    let previousRuns: RunHistory?
    /// Each pickle's key in the history, by pickle id (made when first needed, from a query keeping everything).
    private var historyKeys: [String: String]?

    /// The most scenarios the page details: a run with more shows every scenario that did not pass, up to this
    /// many, and counts the others by feature (which the page says), so its page opens in a browser.
    public static let defaultDetailLimit = 10_000
    private let detailLimit: Int

    /// What the page shows of one scenario, noted when its test case settled (or at the end, if it never ran).
    private struct Card {
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
    private var orphans: [Card] = []
    /// The documents whose feature was written.
    private var written = BitSet()
    /// Each feature's navigation entry and article (or row of the folded features), in the features' order.
    private let features: OrderedFragments
    private let navigation: SpoolFile
    private let articles: SpoolFile
    private let foldedRows: SpoolFile
    private var foldedFeatures = 0
    private var foldedScenarios = StatusCounts()
    private var navigationEntries = 0
    private var statuses = StatusCounts()
    private var tagCounts: [String: Int] = [:]
    private var ranPickles = 0
    /// The first failing scenarios ("What failed"), by the order their test cases started, and how many fail.
    private var failing: [(ordinal: Int, item: [UInt8])] = []
    private var failingCount = 0
    private let failingShown = 50
    /// Whether the run has more scenarios than `detailLimit` (decided when the first test case ends).
    private var isLarge: Bool?
    private var detailedCount = 0

    /// Creates an HTML formatter writing to `output`, with `title` as the page title; tags matching `tagLinks`
    /// link to their tracker; with `history` (the runs before this one), each scenario shows its last results and
    /// the page what changed since the last run.
    public convenience init(
        output: any ReportOutput, title: String = "Acceptance specs", strict: Bool = true,
        tagLinks: TagLinks = TagLinks(), history: RunHistory? = nil, query: RunQuery = RunQuery()
    ) {
        self.init(
            output: output, title: title, strict: strict, tagLinks: tagLinks, history: history,
            detailLimit: Self.defaultDetailLimit, query: query)
    }

    /// Creates an HTML formatter that details at most `detailLimit` scenarios.
    init(
        output: any ReportOutput, title: String, strict: Bool, tagLinks: TagLinks, history: RunHistory?,
        detailLimit: Int, query: RunQuery
    ) {
        self.query = query
        page = OutputBuffer(output)
        buffer = page
        self.title = title
        self.strict = strict
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
        let statistics = query.statistics(strict: strict)
        writeHead(statistics)
        writeBanners()
        writeTotals(statistics)
        writeFailures()
        if let history = historyWithThisRun() { writeChanges(history.history, keys: history.keys) }
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
        guard let attempt = run.counted else { return }
        let status = attempt.status
        statuses.add(status)
        for tag in attempt.pickle?.tags ?? [] { tagCounts[tag.name, default: 0] += 1 }
        guard let pickle = attempt.pickle else { return }
        ranPickles += 1
        if attempt.isFailing(strict: strict) {
            failingCount += 1
            if failing.count < failingShown || run.ordinal < (failing.last?.ordinal ?? .max) {
                let item = rendering { writeFailure(attempt, pickle: pickle) }
                let position = failing.firstIndex { $0.ordinal > run.ordinal } ?? failing.endIndex
                failing.insert((run.ordinal, item), at: position)
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
    private func writeCard(_ slot: MessageSpool.Slot) {
        var bytes: [UInt8] = []
        cards.read(offset: slot.offset, length: slot.length, into: &bytes)
        buffer.append(bytes)
    }

    // MARK: Head, banners, totals, toolbar

    private var verdict: (text: String, className: String) {
        if query.isInterrupted { return ("Interrupted", "verdict-interrupted") }
        return query.success ? ("Passed", "verdict-passed") : ("Failed", "verdict-failed")
    }

    private func writeHead(_ statistics: RunStatistics) {
        buffer.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        buffer.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        buffer.append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
        buffer.appendHTML(HTMLAssets.contentSecurityPolicy)
        buffer.append("\">\n<meta name=\"color-scheme\" content=\"light dark\">\n<title>")
        buffer.appendHTML("\(title) — \(verdict.text)")
        buffer.append("</title>\n<style>")
        buffer.append(HTMLAssets.css)
        buffer.append("</style>\n</head>\n<body>\n<header class=\"top\"><div class=\"wrap\"><div><h1>")
        buffer.appendHTML(title)
        buffer.append("</h1><p class=\"run-meta\">")
        var parts: [String] = []
        if let started = query.testRunStarted {
            parts.append(Self.readableDate(started.timestamp))
        }
        parts.append("took \(ReportText.humanDuration(statistics.runDuration))")
        if let meta = query.meta {
            let implementation = [meta.implementation.name, meta.implementation.version].compactMap { $0 }
            parts.append(implementation.joined(separator: " "))
            parts.append([meta.runtime.name, meta.runtime.version].compactMap { $0 }.joined(separator: " "))
            parts.append([meta.os.name, meta.os.version].compactMap { $0 }.joined(separator: " "))
            if let git = meta.ci?.git {
                parts.append([git.branch, String(git.revision.prefix(10))].compactMap { $0 }.joined(separator: " @ "))
            }
        }
        for part in parts where !part.isEmpty {
            buffer.append("<span>")
            buffer.appendHTML(part)
            buffer.append("</span>")
        }
        if let ci = query.meta?.ci, let url = ci.url, Self.isWebLink(url) {
            buffer.append("<span><a href=\"")
            buffer.appendHTML(url)
            buffer.append("\" rel=\"noopener noreferrer\">")
            buffer.appendHTML(ci.name + (ci.buildNumber.map { " #\($0)" } ?? ""))
            buffer.append("</a></span>")
        }
        if failingCount == 0 {
            buffer.append("</p></div><div class=\"verdict \(verdict.className)\" role=\"status\">\(verdict.text)</div>")
        } else {
            let count = failingCount
            buffer.append("</p></div><a class=\"verdict \(verdict.className)\" role=\"status\" href=\"#failures\">")
            buffer.append("\(verdict.text): \(count) scenario\(count == 1 ? "" : "s")</a>")
        }
        buffer.append("</div></header>\n<main class=\"wrap\">\n")
    }

    private func writeBanners() {
        if query.isInterrupted {
            buffer.append("<div class=\"banner banner-interrupted\" role=\"alert\"><strong>Interrupted.</strong> ")
            buffer.append("The run did not finish (the stream has no <code>testRunFinished</code> message): ")
            buffer.append("this report shows what ran before it stopped.</div>\n")
        }
        if let finished = query.testRunFinished, finished.exception != nil || finished.message != nil {
            buffer.append("<div class=\"banner banner-error\" role=\"alert\"><strong>The test run failed.</strong>")
            buffer.append("<pre>")
            buffer.appendHTML(finished.exception?.stackTrace ?? finished.message ?? finished.exception?.message ?? "")
            buffer.append("</pre></div>\n")
        }
        if !query.parseErrors.isEmpty {
            buffer.append("<div class=\"banner banner-error\" role=\"alert\"><strong>Some specs could not be parsed.")
            buffer.append("</strong><pre>")
            for error in query.parseErrors {
                buffer.appendHTML(ReportText.location(error.source) + " " + error.message + "\n")
            }
            buffer.append("</pre></div>\n")
        }
        if isLarge == true {
            buffer.append("<div class=\"banner banner-interrupted\" role=\"note\"><strong>A large run.</strong> ")
            buffer.appendHTML(
                "It has \(query.pickleCount) scenarios, more than this page details (\(detailLimit)): the page details "
                    + "the first \(detailedCount) that did not pass and counts the others by feature. The JUnit, "
                    + "Cucumber JSON and message reports have every one.")
            buffer.append("</div>\n")
        }
        if !query.undefinedParameterTypes.isEmpty {
            buffer.append("<div class=\"banner banner-interrupted\"><strong>Undefined parameter types.</strong><pre>")
            var seen: Set<String> = []
            for parameterType in query.undefinedParameterTypes where seen.insert(parameterType.name).inserted {
                buffer.appendHTML("{\(parameterType.name)} used in “\(parameterType.expression)”\n")
            }
            buffer.append("</pre></div>\n")
        }
    }

    private func writeTotals(_ statistics: RunStatistics) {
        buffer.append("<section class=\"totals\" aria-label=\"Totals\">\n")
        writeTotalCard("Scenarios", statistics.scenarios, flaky: statistics.flakyScenarios)
        writeTotalCard("Steps", statistics.steps)
        buffer.append("<div class=\"card\"><h2>Duration</h2><div class=\"big\">")
        buffer.appendHTML(ReportText.humanDuration(statistics.runDuration))
        buffer.append("</div><div class=\"legend\"><span>executing steps <b>")
        buffer.appendHTML(ReportText.humanDuration(statistics.stepsDuration))
        buffer.append("</b></span>")
        let failing = statistics.failingScenarios
        buffer.append("<span><b>\(failing)</b> failing scenario\(failing == 1 ? "" : "s")</span></div></div>\n")
        buffer.append("</section>\n")
    }

    private func writeTotalCard(_ name: String, _ counts: StatusCounts, flaky: Int = 0) {
        let total = counts.total
        buffer.append("<div class=\"card\"><h2>\(name)</h2><div class=\"big\">\(total)")
        let passed = counts[.passed]
        if total > 0 { buffer.append("<small>\(passed * 100 / total)% passed</small>") }
        buffer.append("</div>")
        buffer.append("<svg class=\"bar\" viewBox=\"0 0 1000 8\" preserveAspectRatio=\"none\" role=\"img\" ")
        buffer.append("aria-label=\"\(name) by status\" width=\"100%\" height=\"8\">")
        var x = 0
        for status in StatusCounts.reportOrder where counts[status] > 0 && total > 0 {
            let width = counts[status] * 1000 / total
            buffer.append("<rect class=\"s-\(Self.className(status))\" x=\"\(x)\" y=\"0\" width=\"\(max(width, 4))\"")
            buffer.append(" height=\"8\"></rect>")
            x += width
        }
        buffer.append("</svg><div class=\"legend\">")
        for status in StatusCounts.reportOrder where counts[status] > 0 {
            buffer.append("<span><b>\(counts[status])</b> \(Self.label(status))</span>")
            if status == .passed && flaky > 0 {
                buffer.append("<span class=\"flaky\">of which <b>\(flaky)</b> flaky</span>")
            }
        }
        if total == 0 { buffer.append("<span>none</span>") }
        buffer.append("</div></div>\n")
    }

    /// "What failed", first on the page: each failing scenario with its failing step, the first line of its
    /// message and the step's `file:line`, linked to the scenario below.
    private func writeFailures() {
        guard failingCount > 0 else { return }
        buffer.append("<section class=\"failures\" id=\"failures\" aria-label=\"What failed\"><h2>What failed ")
        buffer.append("<span class=\"label\">\(failingCount) scenario\(failingCount == 1 ? "" : "s")</span></h2><ol>")
        for item in failing { buffer.append(item.item) }
        buffer.append("</ol>")
        if failingCount > failingShown {
            buffer.append("<p class=\"not-run\">…and \(failingCount - failingShown) more: filter by status below.</p>")
        }
        buffer.append("</section>\n")
    }

    /// One failing scenario of "What failed".
    private func writeFailure(_ attempt: TestCaseAttempt, pickle: Pickle) {
        let status = attempt.status
        buffer.append("<li class=\"s-\(Self.className(status))\">")
        writeIcon(status)
        buffer.append("<div><a href=\"#\(Self.anchor(pickle.id))\">")
        if let feature = query.lineage(of: pickle)?.feature.name, !feature.isEmpty {
            buffer.appendHTML(feature + " › ")
        }
        buffer.appendHTML(pickle.name)
        buffer.append("</a>")
        if let (text, message, location) = failingStep(of: attempt, pickle: pickle) {
            buffer.append("<div class=\"failure-step\"><span class=\"step-text\">")
            buffer.appendHTML(text)
            buffer.append("</span> <span class=\"mono\">")
            buffer.appendHTML(location)
            buffer.append("</span></div><div class=\"failure-message\">")
            buffer.appendHTML(message)
            buffer.append("</div>")
        }
        buffer.append("</div></li>")
    }

    /// The first step of `attempt` that did not pass or skip: its text, the whole of what went wrong (the
    /// explanation every report gives), and where: its `.feature` place and the Swift line that failed.
    private func failingStep(of attempt: TestCaseAttempt, pickle: Pickle) -> (String, String, String)? {
        guard let problem = query.problems(in: attempt).first else { return nil }
        let location = [problem.featurePlace.description, problem.codePlace?.description].compactMap { $0 }
        return (problem.title, problem.explanation, location.joined(separator: " · "))
    }

    /// A feature's entry in the navigation: its link and its scenario counts by status.
    private func writeNavigationEntry(index: Int, name: String, _ counts: StatusCounts) {
        buffer.append("<li><a href=\"#f-\(index)\">")
        buffer.appendHTML(name)
        buffer.append("</a>")
        for status in StatusCounts.reportOrder where counts[status] > 0 && status != .passed {
            buffer.append("<span class=\"pill s-\(Self.className(status))\">\(counts[status])</span>")
        }
        if counts[.passed] > 0 {
            buffer.append("<span class=\"pill s-passed\">\(counts[.passed])</span>")
        }
        buffer.append("</li>")
    }

    private func writeToolbar() {
        buffer.append("<section class=\"toolbar\" aria-label=\"Filters\">\n<div class=\"row\">")
        buffer.append("<input id=\"search\" class=\"search\" type=\"search\" placeholder=\"Search features, ")
        buffer.append("scenarios, steps…\" aria-label=\"Search\" autocomplete=\"off\">")
        buffer.append("<button type=\"button\" class=\"link-button\" id=\"expand-all\">Expand all</button>")
        buffer.append("<button type=\"button\" class=\"link-button\" id=\"collapse-all\">Collapse all</button>")
        buffer.append("</div>\n<div class=\"row\"><span class=\"label\">Status</span>")
        let tags = tagCounts
        let notRun = max(query.pickleCount - ranPickles, 0)
        for status in StatusCounts.reportOrder where statuses[status] > 0 || (status == .unknown && notRun > 0) {
            let count = statuses[status] + (status == .unknown ? notRun : 0)
            buffer.append("<button type=\"button\" class=\"chip s-\(Self.className(status))\" ")
            buffer.append("data-filter-status=\"\(Self.className(status))\" aria-pressed=\"false\">")
            buffer.append("<span class=\"dot\"></span>\(Self.label(status)) \(count)</button>")
        }
        buffer.append("<span class=\"shown\" id=\"shown\" aria-live=\"polite\"></span></div>\n")
        if !tags.isEmpty {
            buffer.append("<div class=\"row\"><span class=\"label\">Tags</span>")
            for tag in tags.keys.sorted() {
                buffer.append("<button type=\"button\" class=\"chip tag\" data-filter-tag=\"")
                buffer.appendHTML(tag)
                buffer.append("\" aria-pressed=\"false\">")
                buffer.appendHTML(tag)
                buffer.append(" <span class=\"label\">\(tags[tag] ?? 0)</span></button>")
            }
            buffer.append("</div>\n")
        }
        buffer.append("</section>\n")
    }

    private func writeRunHookFailures() {
        let failed = query.testRunHookExecutions.filter {
            guard let status = $0.result?.status else { return false }
            return status != .passed && status != .skipped
        }
        let withAttachments = query.testRunHookExecutions.filter { !$0.attachments.isEmpty }
        guard !failed.isEmpty || !withAttachments.isEmpty || !query.runAttachments.isEmpty else { return }
        buffer.append("<article class=\"feature\"><div class=\"feature-head\"><h2>Test run hooks</h2></div>")
        buffer.append("<div class=\"feature-body\"><ol class=\"steps\">")
        var seen: Set<String> = []
        for execution in failed + withAttachments where seen.insert(execution.started.id).inserted {
            let status = execution.result?.status ?? .unknown
            buffer.append("<li class=\"s-\(Self.className(status))\">")
            writeIcon(status)
            buffer.append("<div class=\"step-main\"><div class=\"step-line\"><span class=\"step-text\"><b>")
            buffer.appendHTML(ReportText.hookKeyword(execution.hook, isBefore: true))
            buffer.append("</b></span><span class=\"step-meta\">")
            if let hook = execution.hook { buffer.appendHTML(ReportText.location(hook.sourceReference)) }
            buffer.append("</span></div>")
            if let result = execution.result, status == .failed {
                writeError(ReportText.failureText(result), where: nil)
            }
            writeAttachments(execution.attachments)
            buffer.append("</div></li>")
        }
        if !query.runAttachments.isEmpty {
            buffer.append("<li class=\"s-unknown\"><div class=\"step-main\">")
            writeAttachments(query.runAttachments)
            buffer.append("</div></li>")
        }
        buffer.append("</ol></div></article>\n")
    }

    // MARK: Features

    /// The scenarios no feature of the stream holds, grouped by file.
    private func writeOrphans() throws(ReportError) {
        var order: [String] = []
        var byURI: [String: [Card]] = [:]
        for card in orphans.sorted(by: { $0.pickleOrdinal < $1.pickleOrdinal }) {
            if byURI[card.uri] == nil { order.append(card.uri) }
            byURI[card.uri, default: []].append(card)
        }
        for uri in order {
            let noted = byURI[uri] ?? []
            var counts = StatusCounts()
            for card in noted { counts.add(card.status) }
            buffer.append("<article class=\"feature\"><header class=\"feature-head\"><h2>")
            buffer.appendHTML(uri)
            buffer.append("</h2>")
            writeCounts(counts)
            buffer.append("</header><div class=\"feature-body\">")
            for card in noted {
                if let slot = card.slot { writeCard(slot) }
            }
            writeFoldedNote(noted.count { $0.slot == nil })
            buffer.append("</div></article>\n")
            try buffer.flushIfNeeded()
        }
    }

    /// The features of a large run that have no scenario detailed: one row each, up to `detailLimit` of them.
    private func writeFoldedFeatures() throws(ReportError) {
        guard foldedFeatures > 0 else { return }
        buffer.append("<article class=\"feature\"><header class=\"feature-head\"><h2>Features not detailed</h2>")
        writeCounts(foldedScenarios)
        buffer.append("<p class=\"description\">")
        buffer.appendHTML(
            "\(foldedFeatures) feature\(foldedFeatures == 1 ? "" : "s") whose scenarios are only counted here: the "
                + "run has more scenarios than this page details (\(detailLimit)).")
        buffer.append("</p></header><div class=\"feature-body\"><div class=\"scroll\"><table class=\"data\">")
        buffer.append("<thead><tr><th>Feature</th><th>File</th><th>Scenarios</th></tr></thead><tbody>")
        try buffer.flush()
        try foldedRows.copy(into: buffer.output)
        buffer.append("</tbody></table></div>")
        if foldedFeatures > detailLimit {
            buffer.append("<p class=\"not-run\">…and \(foldedFeatures - detailLimit) more features.</p>")
        }
        buffer.append("</div></article>\n")
    }

    /// One row of the features not detailed.
    private func writeFoldedRow(index: Int, name: String, uri: String, counts: StatusCounts) {
        buffer.append("<tr id=\"f-\(index)\"><td>")
        buffer.appendHTML(name)
        buffer.append("</td><td class=\"mono\">")
        buffer.appendHTML(uri)
        buffer.append("</td><td>")
        writeCounts(counts)
        buffer.append("</td></tr>")
    }

    /// Says that `count` scenarios of a feature are only counted (a run larger than the page details).
    private func writeFoldedNote(_ count: Int) {
        guard count > 0 else { return }
        buffer.append(
            "<p class=\"not-run\">\(count) more scenario\(count == 1 ? " is" : "s are") only counted above: the run "
                + "has more scenarios than this page details (\(detailLimit)); the JUnit, Cucumber JSON and message "
                + "reports have every one.</p>")
    }

    private func writeFeature(
        _ feature: Feature, id: String, uri: String, source: Source?, cardsByScenario: [String: [Card]],
        placed: inout Set<Int>
    ) {
        var featureCards: [Card] = []
        for child in feature.children {
            switch child {
            case .scenario(let scenario): featureCards += cardsByScenario[scenario.id] ?? []
            case .rule(let rule):
                for case .scenario(let scenario) in rule.children {
                    featureCards += cardsByScenario[scenario.id] ?? []
                }
            case .background: break
            }
        }
        var counts = StatusCounts()
        for card in featureCards { counts.add(card.status) }
        buffer.append("<article class=\"feature\" id=\"\(id)\"><header class=\"feature-head\">")
        writeTags(feature.tags.map(\.name))
        buffer.append("<h2><span class=\"kw\">")
        buffer.appendHTML(feature.keyword)
        buffer.append(":</span> ")
        buffer.appendHTML(feature.name)
        buffer.append("</h2><p class=\"uri\">")
        buffer.appendHTML(uri)
        buffer.append("</p>")
        writeCounts(counts)
        writeDescription(feature.description)
        // A Markdown spec's prose, each paragraph before the element it precedes in the file.
        var prose = source.flatMap { MarkdownProse(source: $0, feature: feature) }
        func proseBefore(_ line: Int) {
            guard var remaining = prose else { return }
            writeProse(remaining.take(before: line))
            prose = remaining
        }
        proseBefore(feature.children.first.map(Self.firstLine) ?? Int.max)
        buffer.append("</header><div class=\"feature-body\">")
        if featureCards.isEmpty { buffer.append("<p class=\"not-run\">No scenarios.</p>") }
        for child in feature.children {
            proseBefore(Self.firstLine(of: child))
            switch child {
            case .background(let background):
                writeBackground(background)
            case .scenario(let scenario):
                writeScenarioOrOutline(scenario, cards: cardsByScenario[scenario.id] ?? [], placed: &placed)
            case .rule(let rule):
                writeSectionHead(
                    "rule", tags: rule.tags, keyword: rule.keyword, name: rule.name, description: rule.description)
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background):
                        proseBefore(background.location.line)
                        writeBackground(background)
                    case .scenario(let scenario):
                        proseBefore(Self.firstLine(scenario.location, scenario.tags))
                        writeScenarioOrOutline(scenario, cards: cardsByScenario[scenario.id] ?? [], placed: &placed)
                    }
                }
                buffer.append("</section>")
            }
        }
        proseBefore(Int.max)
        writeFoldedNote(featureCards.count { $0.slot == nil })
        buffer.append("</div></article>\n")
    }

    private func writeCounts(_ counts: StatusCounts) {
        guard counts.total > 0 else { return }
        buffer.append("<div class=\"counts\">")
        for status in StatusCounts.reportOrder where counts[status] > 0 {
            buffer.append(
                "<span class=\"pill s-\(Self.className(status))\">\(counts[status]) \(Self.label(status))</span>")
        }
        buffer.append("</div>")
    }

    /// The first line of a feature's child: its tags' line, or its keyword's.
    private static func firstLine(of child: FeatureChild) -> Int {
        switch child {
        case .background(let background): background.location.line
        case .scenario(let scenario): firstLine(scenario.location, scenario.tags)
        case .rule(let rule): firstLine(rule.location, rule.tags)
        }
    }

    private static func firstLine(_ location: Location, _ tags: [Tag]) -> Int {
        tags.map(\.location.line).min().map { min($0, location.line) } ?? location.line
    }

    /// Paragraphs of a Markdown spec's prose; a heading that is not a keyword (`## Notes`) stands out.
    private func writeProse(_ paragraphs: [String]) {
        guard !paragraphs.isEmpty else { return }
        buffer.append("<div class=\"prose\">")
        for paragraph in paragraphs {
            let heading = paragraph.hasPrefix("#") && !paragraph.contains("\n")
            buffer.append(heading ? "<p class=\"prose-heading\">" : "<p>")
            buffer.appendHTML(heading ? String(paragraph.drop { $0 == "#" || $0 == " " }) : paragraph)
            buffer.append("</p>")
        }
        buffer.append("</div>")
    }

    private func writeDescription(_ description: String) {
        let trimmed = Self.trimIndentation(description)
        guard !trimmed.isEmpty else { return }
        buffer.append("<p class=\"description\">")
        buffer.appendHTML(trimmed)
        buffer.append("</p>")
    }

    private func writeTags(_ names: [String]) {
        guard !names.isEmpty else { return }
        buffer.append("<div class=\"tags\">")
        for name in names { writeTag(name) }
        buffer.append("</div>")
    }

    /// A tag: a link to its tracker when `tagLinks` gives it one (an http or https URL, escaped), else a word.
    private func writeTag(_ name: String) {
        if let url = tagLinks.url(for: name) {
            buffer.append("<a class=\"tag-name tag-link\" rel=\"noopener noreferrer\" href=\"")
            buffer.appendHTML(url)
            buffer.append("\">")
            buffer.appendHTML(name)
            buffer.append("</a>")
        } else {
            buffer.append("<span class=\"tag-name\">")
            buffer.appendHTML(name)
            buffer.append("</span>")
        }
    }

    private func writeBackground(_ background: Background) {
        buffer.append("<div class=\"background\"><h4><span class=\"kw\">")
        buffer.appendHTML(background.keyword)
        buffer.append(":</span> ")
        buffer.appendHTML(background.name)
        buffer.append("</h4>")
        writeDescription(background.description)
        writeStepTexts(background.steps, listTag: "<ol>")
        buffer.append("</div>")
    }

    /// Opens a `<section>` of `className` for a rule or an outline: its tags, `Keyword: name` and description.
    private func writeSectionHead(
        _ className: String, tags: [Tag], keyword: String, name: String, description: String
    ) {
        buffer.append("<section class=\"\(className)\">")
        writeTags(tags.map(\.name))
        buffer.append("<h3><span class=\"kw\">")
        buffer.appendHTML(keyword)
        buffer.append(":</span> ")
        buffer.appendHTML(name)
        buffer.append("</h3>")
        writeDescription(description)
    }

    /// Gherkin steps as written (keyword and text), as a list opened by `listTag`.
    private func writeStepTexts(_ steps: [Step], listTag: String) {
        buffer.append(listTag)
        for step in steps {
            buffer.append("<li><span class=\"kw\">")
            buffer.appendHTML(step.keyword.trimmingCharacters(in: " "))
            buffer.append("</span> ")
            buffer.appendHTML(step.text)
            buffer.append("</li>")
        }
        buffer.append("</ol>")
    }

    // MARK: Scenarios

    /// A scenario's card; for an outline, its steps once and one table per examples block with each row's
    /// status (linked to the row's card), then the rows' cards.
    private func writeScenarioOrOutline(_ scenario: Scenario, cards: [Card], placed: inout Set<Int>) {
        guard !scenario.examples.isEmpty, !cards.isEmpty else {
            for card in cards {
                if let slot = card.slot { writeCard(slot) }
                placed.insert(card.pickleOrdinal)
            }
            return
        }
        var cardByRow: [String: Card] = [:]
        for card in cards {
            if let row = card.rowId { cardByRow[row] = card }
        }
        writeSectionHead(
            "outline", tags: scenario.tags, keyword: scenario.keyword, name: scenario.name,
            description: scenario.description)
        writeStepTexts(scenario.steps, listTag: "<ol class=\"template\">")
        for examples in scenario.examples {
            guard let header = examples.tableHeader else { continue }
            buffer.append("<div class=\"scroll\"><table class=\"data examples\"><caption><span class=\"kw\">")
            buffer.appendHTML(examples.keyword)
            buffer.append(":</span> ")
            buffer.appendHTML(examples.name)
            buffer.append("</caption><thead><tr><th><span class=\"sr-only\">Status</span></th>")
            for cell in header.cells {
                buffer.append("<th>")
                buffer.appendHTML(cell.value)
                buffer.append("</th>")
            }
            buffer.append("</tr></thead><tbody>")
            for row in examples.tableBody {
                let card = cardByRow[row.id]
                let status = card?.status ?? .unknown
                buffer.append("<tr class=\"s-\(Self.className(status))\"><td>")
                if let card, card.slot != nil {
                    buffer.append("<a href=\"#\(Self.anchor(card.pickleId))\" title=\"\(Self.label(status))\">")
                    writeIcon(status)
                    buffer.append("</a>")
                } else {
                    writeIcon(status)
                }
                buffer.append("</td>")
                for cell in row.cells {
                    buffer.append("<td>")
                    buffer.appendHTML(cell.value)
                    buffer.append("</td>")
                }
                buffer.append("</tr>")
            }
            buffer.append("</tbody></table></div>")
        }
        for card in cards {
            if let slot = card.slot { writeCard(slot) }
            placed.insert(card.pickleOrdinal)
        }
        buffer.append("</section>")
    }

    /// The fragment id of a scenario's card.
    static func anchor(_ pickleId: String) -> String {
        "s-" + String(pickleId.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" })
    }

    private func writeScenario(_ pickle: Pickle, lineage: PickleLineage?, run: TestCaseRun?) {
        let attempt = run?.counted
        let status = attempt?.status ?? .unknown
        let className = Self.className(status)
        let open = attempt.map { $0.status != .passed && $0.status != .skipped } ?? false
        buffer.append("<details id=\"\(Self.anchor(pickle.id))\" class=\"scenario s-\(className)\" ")
        buffer.append("data-status=\"\(className)\" data-tags=\"")
        buffer.appendHTML(pickle.tags.map(\.name).joined(separator: " "))
        buffer.append(open ? "\" open>" : "\">")
        buffer.append("<summary><span class=\"chevron\" aria-hidden=\"true\">▶</span>")
        writeIcon(status)
        buffer.append("<div class=\"scenario-title\"><span class=\"kw\">")
        buffer.appendHTML(lineage?.scenario.keyword ?? "Scenario")
        buffer.append(":</span> <span class=\"name\">")
        buffer.appendHTML(pickle.name)
        buffer.append("</span><div class=\"scenario-sub\">")
        if let examples = lineage?.examples, let index = lineage?.exampleIndex {
            buffer.append("<span>")
            buffer.appendHTML(
                "\(examples.keyword): \(examples.name.isEmpty ? "" : examples.name + " — ")row \(index + 1)")
            buffer.append("</span>")
        }
        if !pickle.tags.isEmpty {
            buffer.append("<span class=\"tags\">")
            for tag in pickle.tags { writeTag(tag.name) }
            buffer.append("</span>")
        }
        buffer.append("</div></div><div class=\"scenario-side\"><span class=\"sr-status\">")
        buffer.append(attempt == nil ? "not run" : Self.label(status))
        if let attempt, query.isFlaky(attempt) {
            buffer.append("<span class=\"badge badge-flaky\" title=\"failed, then passed on a retry\">flaky</span>")
        }
        if let attempt {
            buffer.append(" · ")
            buffer.appendHTML(ReportText.humanDuration(attempt.duration))
            if attempt.attempt > 0 { buffer.append(" · attempt \(attempt.attempt + 1)") }
        }
        buffer.append("<br><span class=\"mono\">")
        buffer.appendHTML(query.location(of: pickle))
        buffer.append("</span></div></summary><div class=\"scenario-body\">")
        if let run, let (key, history) = history(of: run, pickle: pickle) { writeHistory(of: key, in: history) }
        if let lineage {
            writeDescription(lineage.scenario.description)
            if let examples = lineage.examples, let row = lineage.example { writeExampleRow(examples, row, status) }
        }
        if let attempt {
            writeSteps(of: attempt, pickle: pickle)
        } else {
            buffer.append("<p class=\"not-run\">This scenario did not run.</p><ol class=\"steps\">")
            for step in pickle.steps {
                buffer.append("<li class=\"s-unknown\">")
                writeIcon(.unknown)
                buffer.append("<div class=\"step-main\"><div class=\"step-line\"><span class=\"step-text\">")
                buffer.append("<span class=\"kw\">")
                buffer.appendHTML(query.keyword(of: step).trimmingCharacters(in: " "))
                buffer.append("</span> ")
                buffer.appendHTML(step.text)
                buffer.append("</span></div></div></li>")
            }
            buffer.append("</ol>")
        }
        buffer.append("</div></details>\n")
    }

    private func writeExampleRow(_ examples: Examples, _ row: TableRow, _ status: TestStepResultStatus) {
        guard let header = examples.tableHeader else { return }
        buffer.append("<div class=\"scroll\"><table class=\"data\"><thead><tr>")
        for cell in header.cells {
            buffer.append("<th>")
            buffer.appendHTML(cell.value)
            buffer.append("</th>")
        }
        buffer.append("</tr></thead><tbody><tr class=\"current s-\(Self.className(status))\">")
        for cell in row.cells {
            buffer.append("<td>")
            buffer.appendHTML(cell.value)
            buffer.append("</td>")
        }
        buffer.append("</tr></tbody></table></div>")
    }

    private func writeSteps(of attempt: TestCaseAttempt, pickle: Pickle) {
        buffer.append("<ol class=\"steps\">")
        var isBeforeHook = true
        for (index, testStep) in attempt.testCase.testSteps.enumerated() {
            isBeforeHook = isBeforeHook && testStep.pickleStepId == nil
            let result = attempt.stepResults[index]
            let status = result?.status ?? .unknown
            let attachments = attempt.stepAttachments[index]
            let pickleStep = testStep.pickleStepId.flatMap { query.pickleStep(id: $0) }
            // Hooks appear only when they did not pass or attached something.
            if testStep.pickleStepId == nil && status == .passed && attachments.isEmpty { continue }
            let fromBackground = pickleStep.flatMap { query.background(of: $0) } != nil
            if fromBackground {
                buffer.append("<li class=\"s-\(Self.className(status)) from-background\">")
            } else {
                buffer.append(Self.stepItems[status.severity])
            }
            writeIcon(status)
            buffer.append("<div class=\"step-main\"><div class=\"step-line\"><span class=\"step-text\">")
            if fromBackground { buffer.append("<span class=\"origin\">Background</span>") }
            var gherkinLocation: String?
            if let pickleStep {
                buffer.append("<span class=\"kw\">")
                buffer.appendHTML(query.keyword(of: pickleStep).trimmingCharacters(in: " "))
                buffer.append("</span> ")
                buffer.appendHTML(pickleStep.text)
                gherkinLocation = ReportText.location(pickle.uri, query.gherkinStep(of: pickleStep)?.location.line)
            } else {
                let hook = testStep.hookId.flatMap { query.hook(id: $0) }
                buffer.append("<span class=\"kw\">")
                buffer.appendHTML(ReportText.hookKeyword(hook, isBefore: isBeforeHook))
                buffer.append("</span> hook")
                if let name = hook?.name {
                    buffer.append(" ")
                    buffer.appendHTML(name)
                }
            }
            buffer.append("</span><span class=\"step-meta\">")
            var meta: [String] = []
            if result == nil { meta.append("not run") }
            if let result, status != .skipped, status != .undefined {
                meta.append(ReportText.humanDuration(result.duration))
            }
            if let location = query.codeLocation(of: testStep) { meta.append(location) }
            buffer.appendHTML(meta.joined(separator: " · "))
            buffer.append("</span></div>")
            if let argument = pickleStep?.argument { writeArgument(argument) }
            if RunQuery.isProblem(status) {
                writeError(query.explanation(of: testStep, result: result), where: gherkinLocation)
            }
            writeAttachments(attachments)
            buffer.append("</div></li>")
        }
        if !attempt.caseAttachments.isEmpty {
            buffer.append("<li class=\"s-unknown\"><div class=\"step-main\">")
            writeAttachments(attempt.caseAttachments)
            buffer.append("</div></li>")
        }
        buffer.append("</ol>")
    }

    private func writeArgument(_ argument: PickleStepArgument) {
        let table = argument.dataTable
        let writeDoc = { [self] in
            if let doc = argument.docString {
                buffer.append("<pre class=\"doc\">")
                buffer.appendHTML(doc.content)
                buffer.append("</pre>")
            }
        }
        if table?.argumentIndex != 1 { writeDoc() }
        if let table {
            buffer.append("<div class=\"scroll\"><table class=\"data\"><tbody>")
            for row in table.rows {
                buffer.append("<tr>")
                for cell in row.cells {
                    buffer.append("<td>")
                    buffer.appendHTML(cell.value)
                    buffer.append("</td>")
                }
                buffer.append("</tr>")
            }
            buffer.append("</tbody></table></div>")
        }
        if table?.argumentIndex == 1 { writeDoc() }
    }

    private func writeError(_ text: String, where location: String?) {
        buffer.append("<div class=\"error\"><pre>")
        buffer.appendHTML(text)
        buffer.append("</pre>")
        if let location {
            buffer.append("<p class=\"where\">at <code>")
            buffer.appendHTML(location)
            buffer.append("</code></p>")
        }
        buffer.append("</div>")
    }

    // MARK: Attachments

    private func writeAttachments(_ attachments: [Attachment]) {
        guard !attachments.isEmpty else { return }
        buffer.append("<div class=\"attachments\">")
        for attachment in attachments { writeAttachment(attachment) }
        buffer.append("</div>")
    }

    private func writeAttachment(_ attachment: Attachment) {
        let mediaType = Self.safeMediaType(attachment.mediaType)
        let caption = attachment.fileName ?? attachment.mediaType
        if mediaType.hasPrefix("image/") || mediaType.hasPrefix("video/") || mediaType.hasPrefix("audio/") {
            let base64 = Self.base64(of: attachment)
            let element = mediaType.hasPrefix("image/") ? "img" : mediaType.hasPrefix("video/") ? "video" : "audio"
            buffer.append("<figure><\(element) src=\"data:\(mediaType);base64,")
            buffer.append(base64)
            if element == "img" {
                buffer.append("\" alt=\"")
                buffer.appendHTML(caption)
                buffer.append("\" loading=\"lazy\">")
            } else {
                buffer.append("\" controls></\(element)>")
            }
            buffer.append("<figcaption>")
            buffer.appendHTML(caption)
            buffer.append("</figcaption></figure>")
            return
        }
        if let text = Self.text(of: attachment) {
            if mediaType == "text/uri-list" {
                buffer.append("<div>")
                for line in text.split(whereSeparator: \.isNewline) {
                    let link = line.trimmingCharacters(in: .whitespaces)
                    guard !link.isEmpty, !link.hasPrefix("#") else { continue }
                    if Self.isWebLink(link) {
                        buffer.append("<a href=\"")
                        buffer.appendHTML(link)
                        buffer.append("\" rel=\"noopener noreferrer\">")
                        buffer.appendHTML(link)
                        buffer.append("</a><br>")
                    } else {
                        buffer.appendHTML(link)
                        buffer.append("<br>")
                    }
                }
                buffer.append("</div>")
            } else {
                buffer.append("<figure><pre class=\"text\">")
                buffer.appendHTML(text)
                buffer.append("</pre><figcaption>")
                buffer.appendHTML(caption)
                buffer.append("</figcaption></figure>")
            }
            return
        }
        let size =
            attachment.contentEncoding == .base64 ? attachment.body.utf8.count / 4 * 3 : attachment.body.utf8.count
        buffer.append("<a download=\"")
        buffer.appendHTML(attachment.fileName ?? "attachment")
        buffer.append("\" href=\"data:\(mediaType);base64,")
        buffer.append(Self.base64(of: attachment))
        buffer.append("\">Download ")
        buffer.appendHTML(caption)
        buffer.append(" (\(Self.readableSize(size)))</a>")
    }

    /// The attachment as text, when it is textual and valid UTF-8.
    static func text(of attachment: Attachment) -> String? {
        let mediaType = attachment.mediaType.lowercased()
        let textual =
            mediaType.hasPrefix("text/") || mediaType.hasSuffix("+json") || mediaType.hasSuffix("+xml")
            || mediaType == "application/json" || mediaType == "application/xml"
        switch attachment.contentEncoding {
        case .identity:
            return attachment.body
        case .base64:
            guard textual, let data = Data(base64Encoded: attachment.body, options: .ignoreUnknownCharacters) else {
                return nil
            }
            return String(data: data, encoding: .utf8)
        }
    }

    /// The attachment's body as Base64 with only Base64 characters (safe inside an attribute).
    static func base64(of attachment: Attachment) -> String {
        switch attachment.contentEncoding {
        case .identity:
            return Data(attachment.body.utf8).base64EncodedString()
        case .base64:
            var clean = ""
            clean.reserveCapacity(attachment.body.utf8.count)
            for scalar in attachment.body.unicodeScalars {
                switch scalar {
                case "A"..."Z", "a"..."z", "0"..."9", "+", "/", "=": clean.unicodeScalars.append(scalar)
                case "-": clean.unicodeScalars.append("+")
                case "_": clean.unicodeScalars.append("/")
                default: continue
                }
            }
            return clean
        }
    }

    /// A media type reduced to the characters a media type may hold, or `application/octet-stream`.
    static func safeMediaType(_ mediaType: String) -> String {
        let essence = mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let allowed = essence.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "!", "#", "$", "&", "^", "_", ".", "+", "-", "/": true
            default: false
            }
        }
        return allowed && essence.contains("/") ? essence.lowercased() : "application/octet-stream"
    }

    static func isWebLink(_ text: some StringProtocol) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
    }

    // MARK: Catalog

    private func writeCatalog() {
        let uses = query.stepUseSummary()
        let definitions = query.stepDefinitions
        buffer.append(
            "<section class=\"catalog\" id=\"step-catalog\" aria-label=\"Step catalog\"><h2>Step catalog</h2>")
        let unused = definitions.count(where: { (uses[$0.id]?.count ?? 0) == 0 })
        buffer.append("<p class=\"sub\">\(definitions.count) step definition\(definitions.count == 1 ? "" : "s")")
        if unused > 0 { buffer.append(" · \(unused) unused") }
        buffer.append("</p>")
        guard !definitions.isEmpty else {
            buffer.append("</section>\n")
            return
        }
        buffer.append("<div class=\"scroll\"><table class=\"catalog-table\"><thead><tr><th>Pattern</th>")
        buffer.append("<th>Defined at</th><th class=\"num\">Uses</th><th class=\"num\">Mean</th></tr></thead><tbody>")
        for definition in definitions {
            let use = uses[definition.id]
            let count = use?.count ?? 0
            buffer.append(count == 0 ? "<tr class=\"unused\">" : "<tr>")
            buffer.append("<td><code>")
            buffer.appendHTML(ReportText.pattern(definition))
            buffer.append("</code>")
            if count == 0 { buffer.append("<span class=\"badge\">unused</span>") }
            buffer.append("</td><td class=\"loc mono\">")
            buffer.appendHTML(ReportText.location(definition.sourceReference))
            buffer.append("</td><td class=\"num\">\(count)</td><td class=\"num\">")
            buffer.appendHTML(use?.meanDuration.map(ReportText.humanDuration) ?? "–")
            buffer.append("</td></tr>")
        }
        buffer.append("</tbody></table></div></section>\n")
    }

    // MARK: Helpers

    private static let icons: [String] = TestStepResultStatus.allCases.sorted { $0.severity < $1.severity }.map {
        "<span class=\"icon s-\(className($0))\" role=\"img\" aria-label=\"\(label($0))\">\(glyph($0))</span>"
    }

    private static let stepItems: [String] = TestStepResultStatus.allCases.sorted { $0.severity < $1.severity }.map {
        "<li class=\"s-\(className($0))\">"
    }

    private func writeIcon(_ status: TestStepResultStatus) {
        buffer.append(Self.icons[status.severity])
    }

    static func className(_ status: TestStepResultStatus) -> String {
        status == .unknown ? "unknown" : status.rawValue.lowercased()
    }

    static func label(_ status: TestStepResultStatus) -> String {
        status == .unknown ? "not run" : status.rawValue.lowercased()
    }

    static func glyph(_ status: TestStepResultStatus) -> String {
        switch status {
        case .passed: "✓"
        case .failed: "✕"
        case .ambiguous: "!"
        case .undefined: "?"
        case .pending: "…"
        case .skipped: "↷"
        case .unknown: "·"
        }
    }

    static func readableSize(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return "\(bytes / 1024) KB" }
        return "\(bytes / 1024 / 1024) MB"
    }

    static func readableDate(_ timestamp: Timestamp) -> String {
        let iso = ReportText.isoTimestamp(timestamp)
        // `2024-05-01T12:34:56.789Z` → `2024-05-01 12:34 UTC`
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5)) + " UTC"
    }

    /// The description lines without their common indentation and surrounding blank lines.
    static func trimIndentation(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indentation =
            lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix(while: { $0 == " " || $0 == "\t" }).count }
            .min() ?? 0
        let trimmed = lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(indentation)) }
        return trimmed.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }
}
