import Foundation
import Gherkin
import Messages

/// The `.feature` files of a run, parsed once: documents, pickles, parse errors and the runnable scenarios.
///
/// Load it once (e.g. in a `static let`), list `scenarios` for `@Test(arguments:)`, and run each with
/// `SpecRunner.run(_:in:)`. Loading reads the files synchronously (local files, parsed in milliseconds).
///
/// ```swift
/// let plan = try runner.plan(paths: [specsFolder])
/// for error in plan.parseErrors { print(error) }        // Specs/cache.feature:12:5: expected: ...
/// for scenario in plan.scenarios { print(scenario) }   // Specs/cache.feature:20: Cache › Expired cache
/// ```
package struct SpecPlan: Sendable {
    /// One `.feature` file.
    package struct Document: Sendable {
        /// The file's uri in messages (relative to the configuration's `uriBase`).
        package var uri: String
        /// The file's path as found on disk.
        package var path: String
        /// The parsed file: source, syntax tree, pickles, errors.
        package var result: Gherkin.Result

        /// Creates a document parsed elsewhere (e.g. with extra Gherkin languages).
        package init(uri: String, path: String, result: Gherkin.Result) {
            self.uri = uri
            self.path = path
            self.result = result
        }
    }

    /// The files, sorted by path.
    package let documents: [Document]
    /// Every runnable scenario (pickle), in file order then document order.
    package let scenarios: [ScenarioInfo]
    /// The ids of this plan's messages; a runner running its scenarios draws from it too.
    package let ids: IdSource
    let index: PlanIndex

    /// Every parse error, each at `uri:line:column`.
    package var parseErrors: [GherkinError] {
        documents.flatMap(\.result.errors)
    }

    /// The documents' messages in the official order: for each file `source`, then `gherkinDocument` and its
    /// `pickle`s, or its `parseError`s.
    package var envelopes: [Envelope] {
        documents.flatMap(\.result.envelopes)
    }

    /// The pickle of `scenario`.
    package func pickle(of scenario: ScenarioInfo) -> Pickle? {
        index.pickles[scenario.pickleId]?.pickle
    }

    /// Loads `paths`: `.feature` files, and folders searched recursively for `.feature` files (sorted by path).
    ///
    /// A file that does not parse is kept with its errors (see `parseErrors`); the others still run.
    ///
    /// - Parameters:
    ///   - paths: files and folders.
    ///   - uriBase: the folder uris are relative to (default: the current directory).
    ///   - ids: where ids come from; share it with the runner (`SpecRunner.plan(paths:)` does).
    ///   - languages: the Gherkin languages `# language:` headers can name.
    /// - Throws: `SpecRunError` when a path does not exist or cannot be read, naming it.
    package static func load(
        paths: [String], uriBase: String? = nil, ids: IdSource = .incrementing(),
        languages: GherkinLanguages = .builtIn
    ) throws(SpecRunError) -> SpecPlan {
        try load(SpecFiles.find(paths: paths, uriBase: uriBase), ids: ids, languages: languages)
    }

    /// Loads `files` (see `load(paths:uriBase:ids:languages:)`).
    ///
    /// - Throws: `SpecRunError` when a file cannot be read, naming it.
    package static func load(
        _ files: SpecFiles, ids: IdSource = .incrementing(), languages: GherkinLanguages = .builtIn
    ) throws(SpecRunError) -> SpecPlan {
        let parse: @Sendable (SpecFiles.File) throws(SpecRunError) -> Document = { file throws(SpecRunError) in
            let data = try file.read()
            return ids.draw { cursor in SpecFiles.parse(data, of: file, languages: languages, cursor: &cursor) }.value
        }
        guard files.count > 1 else {
            let documents = try files.files.map { file throws(SpecRunError) in try parse(file) }
            return SpecPlan(documents: documents, ids: ids)
        }
        // A reader thread reads and parses the files in order (so ids are drawn in file order, as with one
        // thread) while this one indexes the documents parsed so far.
        let handover = readAhead(files.files, name: "spec-reader", capacity: 8, parse)
        var documents: [Document] = []
        var index = PlanIndex()
        while let document = try handover.nextValue() {
            index.add(document)
            documents.append(document)
        }
        return SpecPlan(documents: documents, ids: ids, index: index)
    }

    /// Checks that `path` names a `.feature` file or a folder that can be read; throws a `SpecRunError` saying what
    /// it is otherwise (missing, a FIFO, a device, a symbolic-link loop, unreadable).
    package static func checkPath(_ path: String) throws(SpecRunError) {
        let absolutePath = SpecPaths.absolute(path)
        if let problem = SpecPaths.problem(with: absolutePath) {
            throw SpecRunError(kind: .unreadable, message: "\(path) \(problem)")
        }
        guard FileManager.default.fileExists(atPath: absolutePath) else {
            throw SpecRunError(kind: .missingPath, message: "no such file or folder: \(path)")
        }
    }

    /// Makes a plan of documents parsed elsewhere (e.g. in memory, in tests).
    package init(documents: [Document], ids: IdSource) {
        var index = PlanIndex()
        for document in documents { index.add(document) }
        self.init(documents: documents, ids: ids, index: index)
    }

    init(documents: [Document], ids: IdSource, index: PlanIndex) {
        self.documents = documents
        self.ids = ids
        self.index = index
        scenarios = index.scenarios
    }

    /// The scenarios `configuration` selects (tags, names, line filters, shard), in its order; `compiled` is its
    /// expressions and patterns.
    func select(_ configuration: RunConfiguration, compiled: CompiledConfiguration) -> [ScenarioInfo] {
        let selector = ScenarioSelector(configuration, compiled: compiled)
        var selected = scenarios.filter { scenario in
            selector.selects(scenario, lines: index.pickles[scenario.pickleId]?.lines ?? [])
        }
        configuration.order.apply(to: &selected)
        return selected
    }

    /// The `path:line` of each line filter line that is inside no scenario of its file (whatever the tags, names
    /// and shard), in the order given: a run selects nothing there, which the user should hear about.
    package func linesSelectingNothing(_ configuration: RunConfiguration) -> [String] {
        let base = SpecPaths.base(configuration.uriBase)
        var unmatched: [String] = []
        for filter in configuration.lineFilters {
            let uris = [SpecPaths.uri(of: SpecPaths.absolute(filter.path), base: base), filter.path]
            let ranges = scenarios.filter { uris.contains($0.uri) }.flatMap { index.pickles[$0.pickleId]?.lines ?? [] }
            for line in filter.lines where !ranges.contains(where: { $0.contains(line) }) {
                unmatched.append("\(filter.path):\(line)")
            }
        }
        return unmatched
    }
}

/// Lookups from ids to the pickles and Gherkin steps of a plan.
struct PlanIndex: Sendable {
    struct PickleEntry: Sendable {
        let pickle: Pickle
        let info: ScenarioInfo
        /// Lines that select this pickle in a line filter: the feature's and the rule's keyword lines, the
        /// scenario from its tags to the end of its last step (tables and doc strings included), its examples
        /// block's tags, keyword and header, and its row.
        let lines: [ClosedRange<Int>]
    }

    /// What running a step needs of the Gherkin step it comes from: its keyword and place, and the places of its
    /// doc string or its data table's cells (a step definition's `DocString` and `DataTable` carry them). Kept
    /// instead of the `Step` message, which repeats the pickle step's text and argument: the index of a file whose
    /// pickles a run keeps between its passes holds one for every step.
    ///
    /// Lines and columns are kept in 32 bits (a kept run holds one of these for each of its steps); a column of 0
    /// stands for none.
    struct StepSource: Sendable {
        let keyword: String
        private let line: Int32
        private let column: Int32
        private let docStringLine: Int32
        private let docStringColumn: Int32
        let cellLocations: [[Location]]?

        init(_ step: Step) {
            keyword = step.keyword
            line = Int32(clamping: step.location.line)
            column = Int32(clamping: step.location.column ?? 0)
            docStringLine = Int32(clamping: step.docString?.location.line ?? 0)
            docStringColumn = Int32(clamping: step.docString?.location.column ?? 0)
            cellLocations = step.dataTable.map { table in table.rows.map { row in row.cells.map(\.location) } }
        }

        var location: Location { Self.location(line, column) }

        var docStringLocation: Location? { docStringLine == 0 ? nil : Self.location(docStringLine, docStringColumn) }

        private static func location(_ line: Int32, _ column: Int32) -> Location {
            Location(line: Int(line), column: column == 0 ? nil : Int(column))
        }
    }

    var pickles: [String: PickleEntry] = [:]
    var steps: [String: StepSource] = [:]
    var scenarios: [ScenarioInfo] = []

    init() {}

    /// Adds the pickles and steps of `document`.
    mutating func add(_ document: SpecPlan.Document) {
        guard let feature = document.result.document?.feature else { return }
        // What a pickle needs of the scenario or examples row it comes from (not the rule and scenario themselves:
        // copying them into every entry costs more than the rest of indexing).
        struct Context {
            let ruleName: String?
            let location: Location
            let lines: [ClosedRange<Int>]
        }
        var context: [String: Context] = [:]
        var rowLines: [String: Int] = [:]
        func addSteps(_ added: [Step]) {
            for step in added { steps[step.id] = StepSource(step) }
        }
        func addScenario(_ scenario: Scenario, rule: Rule?) {
            var lines = [feature.location.line...feature.location.line, Self.span(of: scenario)]
            if let rule { lines.append(rule.location.line...rule.location.line) }
            let ruleName = rule?.name
            context[scenario.id] = Context(ruleName: ruleName, location: scenario.location, lines: lines)
            addSteps(scenario.steps)
            for examples in scenario.examples {
                let first = examples.tags.map(\.location.line).min() ?? examples.location.line
                let header = examples.tableHeader?.location.line ?? examples.location.line
                for row in examples.tableBody {
                    rowLines[row.id] = row.location.line
                    context[row.id] = Context(
                        ruleName: ruleName, location: scenario.location,
                        lines: lines + [first...max(first, header), row.location.line...row.location.line])
                }
            }
        }
        for child in feature.children {
            switch child {
            case .background(let background): addSteps(background.steps)
            case .scenario(let scenario): addScenario(scenario, rule: nil)
            case .rule(let rule):
                for child in rule.children {
                    switch child {
                    case .background(let background): addSteps(background.steps)
                    case .scenario(let scenario): addScenario(scenario, rule: rule)
                    }
                }
            }
        }
        for pickle in document.result.pickles {
            let scenarioContext = pickle.astNodeIds.first.flatMap { context[$0] }
            let rowContext = pickle.astNodeIds.dropFirst().last.flatMap { context[$0] }
            let line =
                pickle.astNodeIds.dropFirst().last.flatMap { rowLines[$0] } ?? pickle.location?.line
                ?? scenarioContext?.location.line ?? 0
            let info = ScenarioInfo(
                pickleId: pickle.id, uri: pickle.uri, line: line,
                column: pickle.location?.column ?? scenarioContext?.location.column ?? 1,
                featureName: feature.name, ruleName: scenarioContext?.ruleName, name: pickle.name,
                tags: pickle.tags.map(\.name), stepCount: pickle.steps.count)
            pickles[pickle.id] = PickleEntry(
                pickle: pickle, info: info, lines: rowContext?.lines ?? scenarioContext?.lines ?? [line...line])
            scenarios.append(info)
        }
    }

    /// The lines of `scenario` from its first tag (or its keyword) to the end of its last step.
    static func span(of scenario: Scenario) -> ClosedRange<Int> {
        let first = min(scenario.location.line, scenario.tags.map(\.location.line).min() ?? scenario.location.line)
        let last = scenario.steps.last.map(endLine(of:)) ?? scenario.location.line
        return first...max(first, last)
    }

    /// The last line of `step`: its data table's last row, its doc string's closing delimiter, or its own line.
    static func endLine(of step: Step) -> Int {
        if let row = step.dataTable?.rows.last { return row.location.line }
        if let docString = step.docString {
            let contentLines =
                docString.content.isEmpty ? 0 : docString.content.utf8.count { $0 == UInt8(ascii: "\n") } + 1
            return docString.location.line + contentLines + 1
        }
        return step.location.line
    }
}
