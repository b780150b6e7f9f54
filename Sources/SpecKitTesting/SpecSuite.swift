import Foundation
import Messages
import SpecKit
import SpecReports
import Testing

/// The `.feature` files of a folder as Swift Testing cases: every scenario (× every variant, when there are
/// several), each case named `Feature › Scenario` (`Feature › Scenario [variant]`), a failing step recorded as an
/// issue at its `.feature` line.
///
/// ```swift
/// import SpecKitTesting
/// import Testing
///
/// let specs = SpecSuite(library: ShopSteps.library()) { _ in ShopWorld() }
///
/// @Suite(.specReports(specs)) struct ShopSpecs {
///     @Test(arguments: specs.cases) func scenario(_ spec: SpecCase) async { await specs.run(spec) }
/// }
/// ```
///
/// The specs are read when the suite is made, at run time, from the source tree (`Specs/` beside the
/// `Package.swift` above the file that makes the suite): editing a `.feature` file needs no rebuild.
/// `SPECKIT_TAGS` (a tag expression) and `SPECKIT_NAME` (a regular expression matched against scenario names)
/// select scenarios, `SPECKIT_SPECS` points at another folder, `SPECKIT_REPORTS` at another report folder. A
/// `.feature` file that does not parse becomes one failing case naming `file:line:column`; the other files
/// still run. Inside a step, a failed `#expect` or `#require` fails the step, in Swift Testing and in the reports.
public final class SpecSuite<World: Actor>: Sendable {
    /// One variant's runner.
    struct Lane: Sendable {
        let variant: String
        let runner: SpecRunner<World>
    }

    /// The specs, read once for every variant.
    struct Specs: Sendable {
        let plan: SpecPlan
        /// The selected scenarios by `uri:line`.
        let scenarios: [String: ScenarioInfo]
        /// The selected scenarios in plan order.
        let order: [ScenarioInfo]
        /// Each document's syntax tree by uri, for reading a scenario's messages back.
        let documents: [String: GherkinDocument]
    }

    struct State {
        var runs: [String: [ScenarioRun]] = [:]
        var startedAt: Timestamp?
        var beforeAll: Task<(envelopes: [Envelope], failure: String?), Never>?
    }

    /// Every case: scenarios (× variants), then one per `.feature` file that does not parse or other problem.
    public let cases: [SpecCase]
    /// The variants, as named in case names (one, unnamed, for a suite without variants).
    public let variants: [String]
    /// Where the reports are written after the run (see `finish(title:)`).
    public let reportsDirectory: URL
    /// The run configuration every variant's runner uses (the selection comes from the environment).
    public let configuration: RunConfiguration
    let lanes: [String: Lane]
    let laneOrder: [String]
    let specs: Specs?
    let documentPaths: [String: String]
    /// The tags that link to a tracker in the reports (`linkTags` of the configuration file's profiles).
    let tagLinks: TagLinks
    /// The team's facts and failure categories for the reports (`environment` and `categories` of the profiles).
    let reportEnvironment: ReportEnvironment
    let categories: FailureCategories
    let state = Locked(State())
    /// The issues recorded off every step's task that no single step could take while the suite's tests ran: they
    /// fail the run in the reports (`SpecReportsTrait`).
    let strayIssues = StrayIssues()
    /// Whether the suite's trait takes the issues recorded off every test's task (each scenario's handler then
    /// leaves them to it, so that each is counted once).
    let catchesOffTaskIssues = Locked(false)

    /// The specs of the package that makes the suite, every scenario run once.
    ///
    /// - Parameters:
    ///   - specs: the folder of `.feature` files, relative to the package root (default `Specs`); overridden by
    ///     `$SPECKIT_SPECS`.
    ///   - library: the step definitions, parameter types and hooks.
    ///   - filePath: leave the default: the package root is the folder above it holding `Package.swift`.
    ///   - environment: where `SPECKIT_TAGS`, `SPECKIT_NAME`, `SPECKIT_SPECS` and `SPECKIT_REPORTS` are read.
    ///   - configure: changes to the run configuration (timeouts, strictness...), applied after the environment.
    ///   - makeWorld: makes the fresh world of one scenario.
    ///   - tearDown: runs after each scenario, whatever happened (remove temporary files here).
    public convenience init(
        specs: String = "Specs", library: StepLibrary<World>, filePath: String = #filePath,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        configure: (inout RunConfiguration) -> Void = { _ in },
        makeWorld: @escaping @Sendable (ScenarioInfo) async throws -> World,
        tearDown: (@Sendable (World) async throws -> Void)? = nil
    ) {
        let root = Self.packageRoot(above: filePath)
        self.init(
            specs: Self.specsFolder(specs, root: root, environment: environment), packageRoot: root,
            variants: [Unnamed()], library: library, environment: environment, configure: configure,
            makeWorld: { _, scenario in try await makeWorld(scenario) }, tearDown: tearDown)
    }

    /// The specs of the package that makes the suite, every scenario run once per variant (e.g. per store).
    ///
    /// - Parameters:
    ///   - specs: the folder of `.feature` files, relative to the package root (default `Specs`); overridden by
    ///     `$SPECKIT_SPECS`.
    ///   - variants: what every scenario runs against; each case name ends with `[variant]`.
    ///   - library: the step definitions, parameter types and hooks.
    ///   - filePath: leave the default: the package root is the folder above it holding `Package.swift`.
    ///   - environment: where `SPECKIT_TAGS`, `SPECKIT_NAME`, `SPECKIT_SPECS` and `SPECKIT_REPORTS` are read.
    ///   - configure: changes to the run configuration, applied after the environment.
    ///   - makeWorld: makes the fresh world of one scenario for one variant.
    ///   - tearDown: runs after each scenario, whatever happened.
    public convenience init<Variant: Sendable & CustomStringConvertible>(
        specs: String = "Specs", variants: [Variant], library: StepLibrary<World>, filePath: String = #filePath,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        configure: (inout RunConfiguration) -> Void = { _ in },
        makeWorld: @escaping @Sendable (Variant, ScenarioInfo) async throws -> World,
        tearDown: (@Sendable (World) async throws -> Void)? = nil
    ) {
        let root = Self.packageRoot(above: filePath)
        self.init(
            specs: Self.specsFolder(specs, root: root, environment: environment), packageRoot: root,
            variants: variants, library: library, environment: environment, configure: configure,
            makeWorld: makeWorld, tearDown: tearDown)
    }

    /// Loads the specs under `specs` and prepares one runner per variant.
    ///
    /// - Parameters:
    ///   - specs: the folder of `.feature` files (searched recursively) or one file.
    ///   - packageRoot: the folder `.feature` uris are relative to (`Specs/cache.feature`).
    ///   - variants: what every scenario runs against; each case name ends with `[variant]`.
    ///   - library: the step definitions, parameter types and hooks.
    ///   - environment: where `SPECKIT_TAGS`, `SPECKIT_NAME` and `SPECKIT_REPORTS` are read.
    ///   - configure: changes to the run configuration (timeouts, strictness...), applied after the environment.
    ///   - makeWorld: makes the fresh world of one scenario for one variant.
    ///   - tearDown: runs after each scenario, whatever happened (remove temporary files here).
    ///   - configurationKeys: the keys of the package's own command options (its variant option, `store`) that its
    ///     `cucumber.json` profiles may hold; the suite ignores them.
    public init<Variant: Sendable & CustomStringConvertible>(
        specs: URL, packageRoot: URL, variants: [Variant], library: StepLibrary<World>,
        environment: [String: String] = ProcessInfo.processInfo.environment, configurationKeys: [String] = [],
        configure: (inout RunConfiguration) -> Void = { _ in },
        makeWorld: @escaping @Sendable (Variant, ScenarioInfo) async throws -> World,
        tearDown: (@Sendable (World) async throws -> Void)? = nil
    ) {
        var configuration = RunConfiguration()
        configuration.uriBase = packageRoot.path
        // The profiles of the package's `cucumber.json` (`$SPECKIT_PROFILE`, else `default`), as its command reads
        // them; then the environment's settings (`SPECKIT_TAGS`, `SPECKIT_NAME`, `GHERKIN_LANGUAGES`...); then
        // `configure`.
        var configurationProblem: String?
        var tagLinks = TagLinks()
        var reportEnvironment = ReportEnvironment()
        var categories = FailureCategories()
        var reportsFolder: String?
        do {
            let fromEnvironment = try RunSettings(environment: environment, swiftTest: true)
            reportsFolder = fromEnvironment.out  // `SPECKIT_REPORTS` (a profile's `out` is the command's folder)
            let settings = try ConfigurationFile.settings(
                packageRoot: packageRoot, environment: environment, extraKeys: configurationKeys
            ).merging(fromEnvironment)
            settings.apply(to: &configuration)
            if let languages = try settings.gherkinLanguages() { configuration.languages = languages }
            tagLinks = try TagLinks(settings.linkTags)
            reportEnvironment = try ReportEnvironment(parsing: settings.environment)
            categories = try FailureCategories(settings.categories)
        } catch {
            configurationProblem = String(describing: error)
        }
        self.tagLinks = tagLinks
        self.reportEnvironment = reportEnvironment
        self.categories = categories
        configure(&configuration)
        self.configuration = configuration
        self.variants = variants.map(\.description)
        if let reportsFolder {
            reportsDirectory = URL(fileURLWithPath: reportsFolder, isDirectory: true)
        } else {
            reportsDirectory = packageRoot.appendingPathComponent(".build/spec-reports", isDirectory: true)
        }

        var lanes: [String: Lane] = [:]
        var laneOrder: [String] = []
        var problems: [SpecCase] = []
        // One id source for every variant's runner and the plan they share, so each variant's stream is whole.
        let ids = configuration.idStyle.makeSource()
        for variant in variants where lanes[variant.description] == nil {
            let runner = SpecRunner(
                library: library, configuration: configuration, ids: ids,
                makeWorld: { scenario in try await makeWorld(variant, scenario) }, tearDown: tearDown)
            lanes[variant.description] = Lane(variant: variant.description, runner: runner)
            laneOrder.append(variant.description)
        }
        var loaded: Specs?
        if let first = laneOrder.first.flatMap({ lanes[$0] }) {
            do {
                let plan = try first.runner.plan(paths: [specs.path])
                let selected = try first.runner.selectedScenarios(in: plan)
                var documents: [String: GherkinDocument] = [:]
                for document in plan.documents {
                    if let tree = document.result.document { documents[document.uri] = tree }
                }
                loaded = Specs(
                    plan: plan,
                    scenarios: Dictionary(selected.map { (Self.key($0.uri, $0.line), $0) }) { first, _ in first },
                    order: selected, documents: documents)
            } catch {
                problems = [
                    SpecCase(kind: .problem(message: error.message), name: "Specs cannot run: \(error.message)")
                ]
            }
        }
        self.lanes = lanes
        self.laneOrder = laneOrder
        self.specs = loaded
        self.documentPaths = Dictionary(
            (loaded?.plan.documents ?? []).map { ($0.uri, $0.path) }
        ) { first, _ in first }

        var cases: [SpecCase] = []
        if let loaded, let first = laneOrder.first.flatMap({ lanes[$0] }) {
            let names = Self.caseNames(loaded.order)
            let named = !(variants.count == 1 && variants.first is Unnamed)
            for scenario in loaded.order {
                for variant in laneOrder {
                    let name = names[scenario.pickleId] ?? scenario.name
                    cases.append(
                        SpecCase(
                            kind: .scenario(uri: scenario.uri, line: scenario.line, variant: variant),
                            name: named ? "\(name) [\(variant)]" : name))
                }
            }
            for error in loaded.plan.parseErrors {
                cases.append(
                    SpecCase(
                        kind: .parseError(
                            uri: error.uri, line: error.line, column: error.column ?? 1, message: error.message),
                        name: "\(error.uri):\(error.line):\(error.column ?? 1): cannot be parsed"))
            }
            for problem in first.runner.problems {
                cases.append(
                    SpecCase(
                        kind: .problem(
                            message: problem.description, fileID: problem.location.fileID,
                            filePath: problem.location.filePath, line: problem.location.line),
                        name: "Step library: \(problem)"))
            }
        }
        if variants.isEmpty {
            problems.append(
                SpecCase(kind: .problem(message: "No variants to run the specs against"), name: "No variants"))
        }
        if let configurationProblem {
            cases = []
            problems = [
                SpecCase(
                    kind: .problem(message: configurationProblem),
                    name: "The configuration file cannot be used: \(configurationProblem)")
            ]
        }
        self.cases = cases + problems
    }

    /// The variant of a suite without variants.
    struct Unnamed: Sendable, CustomStringConvertible {
        var description: String { "default" }
    }

    /// The folder above `filePath` that holds `Package.swift` (the current folder when there is none).
    static func packageRoot(above filePath: String) -> URL {
        PackageRoot.above(filePath)
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    /// `$SPECKIT_SPECS`, else `specs`; a relative path is under `root`.
    static func specsFolder(_ specs: String, root: URL, environment: [String: String]) -> URL {
        SpecsFolder.url(specs, root: root, environment: environment)
    }

    /// `Feature › Scenario`, with the examples row's line added when several scenarios of a feature share a name.
    static func caseNames(_ scenarios: [ScenarioInfo]) -> [String: String] {
        var counts: [String: Int] = [:]
        for scenario in scenarios { counts["\(scenario.uri)\u{0}\(scenario.name)", default: 0] += 1 }
        var names: [String: String] = [:]
        for scenario in scenarios {
            var name = "\(scenario.featureName) › \(scenario.name)"
            if counts["\(scenario.uri)\u{0}\(scenario.name)", default: 0] > 1 { name += " (line \(scenario.line))" }
            names[scenario.pickleId] = name
        }
        return names
    }

    static func key(_ uri: String, _ line: Int) -> String { "\(uri):\(line)" }
}
