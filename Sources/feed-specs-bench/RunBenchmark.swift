import Foundation
import Messages
import SpecKit
import SpecReports
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The world of the runner benchmark: nothing, steps are no-ops.
actor BenchWorld {}

/// `feed-specs-bench run`: runs every scenario of a generated corpus with no-op steps (one definition per step
/// template of `CorpusGenerator`, so matching is real) and writes the message stream to `/dev/null` or a file.
struct RunBenchmark {
    struct Figures {
        var files = 0
        var scenarios = 0
        var steps = 0
        var envelopes = 0
        var seconds = 0.0
        /// From the start to the first scenario's result (its `testCaseFinished`).
        var firstResultSeconds: Double?
        var peakMegabytes = 0.0
        var success = false

        var summary: String {
            """
            files:     \(files)
            scenarios: \(scenarios)
            steps:     \(steps)
            messages:  \(envelopes)
            seconds:   \(String(format: "%.3f", seconds))
            first result: \(firstResultSeconds.map { String(format: "%.3f s", $0) } ?? "none")
            steps/s:   \(String(format: "%.0f", seconds > 0 ? Double(steps) / seconds : 0))
            peak MB:   \(String(format: "%.1f", peakMegabytes))
            success:   \(success)
            """
        }
    }

    var directories: [String]
    var parallel = 1
    /// How long each step of the catch-all library blocks, in milliseconds.
    var stepMilliseconds = 0
    var output = "/dev/null"
    /// Matches and reports without running steps (to separate loading and messages from running).
    var dryRun = false
    /// Which step definitions the run has.
    var steps = Steps.templates
    /// The corpus shape whose templates `Steps.templates` defines.
    var shape = CorpusShape.templates
    /// The megabytes of Gherkin whose selected pickles the run keeps between its passes (nil: the runner's default).
    var keptMegabytes: Int?
    /// Whether the stream also feeds the console report (`progress`, its failure listing with snippets and
    /// did-you-means), written to `/dev/null`, as `feed-specs` does by default.
    var console = false
    /// A folder the stream's reports are written to as `feed-specs` writes them (`message`, `junit`, `json` and
    /// `rerun`, and `html` with `withHTML`), to measure what they cost a run of the bench's size.
    var reportFolder: String?
    var withHTML = false

    /// The step library of a benchmark run.
    enum Steps: String {
        /// One no-op definition per step template of the corpus generator: matching is real.
        case templates
        /// One regular expression matching every step, its text as a String argument (as behave's comparison
        /// uses): any corpus runs, defined.
        case catchAll = "catch-all"
        /// No definition: every step is undefined (a product owner's new feature file, a dry run of a new suite).
        case none
    }

    /// Templates that another template's expression already matches (`the cache is validated` is `the cache is
    /// {word}` with the word `validated`): defining both would make those steps ambiguous, which a real library
    /// would not do, so the bench defines only the general one and the run is a clean success.
    static let coveredTemplates: Set<String> = ["the cache is validated"]

    /// One no-op definition per distinct step template of the corpus generator of `shape` (except
    /// `coveredTemplates`).
    static func library(_ shape: CorpusShape = .templates) throws -> StepLibrary<BenchWorld> {
        var steps = StepLibrary<BenchWorld>()
        var seen = coveredTemplates
        let templates =
            switch shape {
            case .templates:
                CorpusGenerator.givenTemplates + CorpusGenerator.whenTemplates + CorpusGenerator.thenTemplates
            case .realWorld: RealWorldGenerator.templates
            }
        for template in templates where seen.insert(template).inserted {
            let signature = parameterSignature(template)
            switch signature {
            case []: steps.step(template) { _ in }
            case ["Int"]: steps.step(template) { (_, _: Int) in }
            case ["String"]: steps.step(template) { (_, _: String) in }
            case ["Int", "Int"]: steps.step(template) { (_, _: Int, _: Int) in }
            case ["String", "Int"]: steps.step(template) { (_, _: String, _: Int) in }
            case ["Int", "String"]: steps.step(template) { (_, _: Int, _: String) in }
            case ["String", "String"]: steps.step(template) { (_, _: String, _: String) in }
            case ["String", "Int", "Int"]: steps.step(template) { (_, _: String, _: Int, _: Int) in }
            default: throw BenchError("no no-op definition for the parameters \(signature) of '\(template)'")
            }
        }
        return steps
    }

    /// One definition for every step: `^(.*)$`, the text passed as a String; with `stepMilliseconds` above 0, each
    /// step blocks its thread that long, as a step waiting on I/O (a server, a database, a simulator) does.
    static func catchAllLibrary(stepMilliseconds: Int = 0) -> StepLibrary<BenchWorld> {
        var steps = StepLibrary<BenchWorld>()
        if stepMilliseconds > 0 {
            let microseconds = UInt32(min(stepMilliseconds, 60_000) * 1000)
            steps.step(regex: "^(.*)$") { (_, _: String) in usleep(microseconds) }
        } else {
            steps.step(regex: "^(.*)$") { (_, _: String) in }
        }
        return steps
    }

    /// The environment variable giving `feed-specs-bench command` its steps' blocking time in milliseconds (its
    /// worker processes read it too).
    static let stepMillisecondsVariable = "FEED_SPECS_BENCH_STEP_MS"

    /// The Swift types of a template's parameters, in order.
    static func parameterSignature(_ template: String) -> [String] {
        var types: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            types.append(rest[rest.index(after: open)..<close] == "int" ? "Int" : "String")
            rest = rest[rest.index(after: close)...]
        }
        return types
    }

    func run() async throws -> Figures {
        let clock = ContinuousClock()
        let start = clock.now
        var configuration = RunConfiguration()
        configuration.parallel = parallel
        configuration.dryRun = dryRun
        // The bench runs once and exits, as the command does.
        configuration.endsWithProcess = true
        if let keptMegabytes {
            configuration.memoryBudget.keptSourceBytes = keptMegabytes << 20
            configuration.memoryBudget.keptSourceBytesOfLargerRuns = keptMegabytes << 20
        }
        let library: StepLibrary<BenchWorld>
        switch steps {
        case .templates: library = try Self.library(shape)
        case .catchAll: library = Self.catchAllLibrary(stepMilliseconds: stepMilliseconds)
        case .none: library = StepLibrary()
        }
        let runner = SpecRunner(library: library, configuration: configuration) { _ in BenchWorld() }
        let sink: NDJSONFileSink
        do {
            sink = try NDJSONFileSink(path: output)
        } catch {
            throw BenchError(error.message)
        }
        let console =
            self.console || reportFolder != nil
            ? try BenchReports(console: self.console, folder: reportFolder, withHTML: withHTML) : nil
        let counter = CountingSink(sink, console: console, start: start)
        let summary: RunSummary
        do {
            summary = try await runner.run(paths: directories, sink: counter)
        } catch {
            throw BenchError(error.message)
        }
        try sink.close()
        try console?.finish()
        let elapsed = clock.now - start
        var figures = Figures()
        figures.files = counter.sources
        figures.scenarios = summary.scenarios.total
        figures.steps = summary.steps.total
        figures.envelopes = counter.count
        figures.firstResultSeconds = counter.firstResult.map {
            Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18
        }
        figures.success = summary.success
        figures.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        figures.peakMegabytes = peakResidentMegabytes()
        return figures
    }
}

/// The shape of a generated corpus: the bench's own templates, or the proportions of public projects' specs.
enum CorpusShape: String {
    /// `CorpusGenerator`: 200 files of 25 scenarios from 30 step templates.
    case templates
    /// `RealWorldGenerator`: many small files in the proportions of public Cucumber projects' specs.
    case realWorld = "real-world"

    /// The shape named `name` (nil: `templates`).
    init(_ name: String?) throws {
        guard let name else {
            self = .templates
            return
        }
        guard let shape = CorpusShape(rawValue: name) else {
            throw BenchError("--shape \(name): use templates or real-world")
        }
        self = shape
    }
}

/// Forwards envelopes, counts them and notes when the first scenario's result came (with atomics: the count is
/// the bench's own overhead, kept out of the figures as far as it can be).
final class CountingSink: MessageSink {
    private let next: NDJSONFileSink
    private let console: BenchReports?
    private let total = Atomic(0)
    private let start: ContinuousClock.Instant
    private let first = Mutex<Duration?>(nil)
    private let hasFirst = Atomic(false)
    private let sourceCount = Atomic(0)

    init(_ next: NDJSONFileSink, console: BenchReports?, start: ContinuousClock.Instant) {
        self.next = next
        self.console = console
        self.start = start
    }

    func emit(_ envelope: Envelope) {
        total.add(1, ordering: .relaxed)
        switch envelope {
        case .source: sourceCount.add(1, ordering: .relaxed)
        case .testCaseFinished where !hasFirst.load(ordering: .relaxed):
            let now = ContinuousClock.now
            first.withLock { if $0 == nil { $0 = now - start } }
            hasFirst.store(true, ordering: .relaxed)
        default: break
        }
        next.emit(envelope)
        console?.emit(envelope)
    }

    /// The time from the start to the first `testCaseFinished`.
    var firstResult: Duration? {
        first.withLock { $0 }
    }

    var count: Int {
        total.load(ordering: .relaxed)
    }

    /// The number of `source` messages: the files read.
    var sources: Int {
        sourceCount.load(ordering: .relaxed)
    }
}

/// The reports of `feed-specs` over one streaming query: the console report (progress, then the summary with its
/// failure listing) written to /dev/null, and report files written to a folder.
final class BenchReports: Sendable {
    private let reporter: Mutex<Reporter>
    private let failure = Mutex<ReportError?>(nil)

    init(console: Bool, folder: String?, withHTML: Bool) throws {
        let query = RunQuery(retention: .streaming)
        var formatters: [any ReportFormatter] = []
        if console {
            let descriptor = open("/dev/null", O_WRONLY)
            guard descriptor >= 0 else { throw BenchError("/dev/null: cannot open for writing") }
            formatters.append(
                ProgressFormatter(
                    output: FileDescriptorOutput(descriptor: descriptor, name: "/dev/null"), flushesEachStep: false,
                    query: query))
        }
        if let folder {
            var files: [(ReportFormat, String)] = [
                (.message, "cucumber-messages.ndjson"), (.junit, "junit.xml"), (.json, "cucumber.json"),
                (.rerun, "rerun.txt"),
            ]
            if withHTML { files.append((.html, "report.html")) }
            for (format, name) in files {
                let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
                do {
                    formatters.append(
                        format.makeFormatter(
                            output: try AtomicFileOutput(url), settings: ReportSettings(), query: query))
                } catch {
                    throw BenchError("\(error)")
                }
            }
        }
        reporter = Mutex(Reporter(query: query, formatters: formatters))
    }

    func emit(_ envelope: Envelope) {
        reporter.withLock { reporter in
            do throws(ReportError) {
                try reporter.consume(envelope)
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
    }

    func finish() throws {
        do throws(ReportError) {
            try reporter.withLock { reporter throws(ReportError) in try reporter.finish() }
        } catch {
            throw BenchError("the reports failed: \(error)")
        }
        if let error = failure.withLock({ $0 }) { throw BenchError("the reports failed: \(error)") }
    }
}

/// The process's peak resident memory (getrusage's maxrss), in megabytes.
func peakResidentMegabytes() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    #if canImport(Darwin)
        return Double(usage.ru_maxrss) / 1_048_576
    #else
        return Double(usage.ru_maxrss) / 1024
    #endif
}

/// Runs `body` to completion from synchronous code (the benchmark's `main`).
func blockingRun<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
    let box = ResultBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            box.set(.success(try await body()))
        } catch {
            box.set(.failure(error))
        }
        done.signal()
    }
    done.wait()
    return try box.get()
}

final class ResultBox<Value: Sendable>: Sendable {
    private let result = Mutex<Result<Value, any Error>?>(nil)

    func set(_ value: Result<Value, any Error>) {
        result.withLock { $0 = value }
    }

    func get() throws -> Value {
        guard let result = result.withLock({ $0 }) else { throw BenchError("the run did not finish") }
        return try result.get()
    }
}

func runRun(_ arguments: [String]) throws {
    let flags: Set<String> = ["--dry-run", "--catch-all", "--no-steps", "--console", "--html"]
    let dryRun = arguments.contains("--dry-run")
    if arguments.contains("--catch-all") && arguments.contains("--no-steps") {
        throw BenchError("--catch-all and --no-steps exclude each other")
    }
    let (positional, named) = try options(
        arguments.filter { !flags.contains($0) },
        allowed: ["--parallel", "--out", "--kept-mb", "--shape", "--reports", "--step-ms"])
    guard !positional.isEmpty else { throw BenchError("run needs at least one DIR") }
    var benchmark = RunBenchmark(directories: positional)
    benchmark.parallel = try integer(named, "--parallel", default: 1, minimum: 1)
    if let out = named["--out"] { benchmark.output = out }
    if named["--kept-mb"] != nil { benchmark.keptMegabytes = try integer(named, "--kept-mb", default: 0, minimum: 0) }
    benchmark.dryRun = dryRun
    benchmark.console = arguments.contains("--console")
    benchmark.reportFolder = named["--reports"]
    benchmark.withHTML = arguments.contains("--html")
    if benchmark.withHTML && benchmark.reportFolder == nil { throw BenchError("--html needs --reports DIR") }
    benchmark.shape = try CorpusShape(named["--shape"])
    if arguments.contains("--catch-all") { benchmark.steps = .catchAll }
    if arguments.contains("--no-steps") { benchmark.steps = .none }
    benchmark.stepMilliseconds = try integer(named, "--step-ms", default: 0, minimum: 0)
    if benchmark.stepMilliseconds > 0 && benchmark.steps != .catchAll {
        throw BenchError("--step-ms needs --catch-all")
    }
    let configured = benchmark
    let figures = try blockingRun { try await configured.run() }
    print(figures.summary)
}
