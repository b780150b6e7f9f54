import FeedAcceptance
import FeedSupport
import Foundation
import Gherkin
import Messages
import SpecKit
import SpecReports

/// `feed-specs [run] [PATH[:LINE]...] [options]`: runs the feed's specs with the feed's steps and writes the
/// spec status report. Exit status 0 when the run succeeds, 1 when it fails, 2 for a usage error.
enum RunCommand {
    static let summary = "run the specs and write the reports (the default command)"

    static let usage = """
        usage: feed-specs [run] [PATH[:LINE]...] [@RERUN_FILE] [options]

        Runs the scenarios of PATH (.feature files or folders; default: Specs) with the feed's steps against
        the real feed use cases, shows the progress and Cucumber's summary, and writes the reports.

        Selecting scenarios:
          PATH:LINE             only the scenario (or examples row) at LINE; PATH:3:17 for several
          @FILE                 the scenarios a `rerun` report lists (e.g. @reports/rerun.txt)
          -t, --tags EXPR       a tag expression, e.g. '@cache and not @slow' (repeatable: all must hold)
          -n, --name REGEX      scenarios whose name matches (repeatable: any may match)
          --shard I/N           only shard I of N (stable: a scenario is in the same shard everywhere);
                                Bazel's TEST_TOTAL_SHARDS / TEST_SHARD_INDEX are honoured too

        Running:
          --store KIND          the cache store: memory (default), file, sqlite, or all (one run per store,
                                reports in OUT/<store>/)
          -d, --dry-run         match every step to its definition without running any
          --strict / --no-strict  whether undefined, pending and ambiguous steps fail the run (default: strict;
                                scenarios tagged @wip never fail it)
          --fail-fast           stop after the first failing scenario
          --retry N             rerun a failing scenario up to N times (only the last attempt counts)
          --order ORDER         defined (default), reverse, random, or random:SEED to repeat a random order
          -j, --parallel N      run N scenarios at once (default 1)
          --timeout SECONDS     fail a step still running after SECONDS (default 10)
          --languages FILE      more Gherkin languages, in the gherkin-languages.json format
                                (default: $GHERKIN_LANGUAGES when set)

        Reports:
          -f, --format NAME[:PATH]  a report to write, repeatable. Console formats (standard output unless a
                                PATH is given): pretty, progress, summary. File formats (into --out unless a
                                PATH is given; PATH - is standard output): message (Cucumber Messages NDJSON),
                                json (Cucumber JSON), junit (JUnit XML), html, markdown, rerun, usage.
                                Default: progress, plus every file format in --out.
          -o, --out DIR         the report folder (default: reports)
          --title TEXT          the title of the HTML and Markdown reports

        Examples:
          feed-specs                                     # every spec, progress, reports/ filled
          feed-specs Specs/offline_feed.feature:12       # one scenario
          feed-specs --tags '@cache and not @boundary' --format pretty
          feed-specs --store all --parallel 4
          feed-specs @reports/rerun.txt                  # only what failed last time
          feed-specs --shard 1/2 --format message:shard-1.ndjson   # then: feed-specs merge shard-*.ndjson

        Colours are used on a terminal unless NO_COLOR is set.
        Exit status: 0 the run passed, 1 it failed, 2 usage error (or a path that does not exist).

        """

    static func run(_ arguments: [String]) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let options: RunOptions
        do throws(OptionParser.Failure) {
            options = try RunOptions.parse(arguments, environment: environment)
        } catch {
            return usageFailure(error, usage: usage, command: "run")
        }
        if let statusFile = options.shardStatusFile {
            // Tells Bazel that this test runner supports sharding.
            _ = FileManager.default.createFile(atPath: statusFile, contents: Data())
        }
        if options.rerunFileWasEmpty && options.targets.isEmpty {
            StandardStreams.write("Nothing to rerun: the rerun file lists no scenario.\n")
            return 0
        }

        var configuration = RunConfiguration()
        configuration.tagExpressions = options.tagExpressions
        configuration.namePatterns = options.nameRegexes
        configuration.lineFilters = options.targets.filter { !$0.lines.isEmpty }.map {
            LineFilter(path: $0.path, lines: $0.lines)
        }
        configuration.strict = options.strict
        configuration.dryRun = options.dryRun
        configuration.failFast = options.failFast
        configuration.retry = options.retry
        configuration.stepTimeout = .milliseconds(Int64((options.timeoutSeconds * 1000).rounded()))
        configuration.parallel = options.parallel
        switch options.order {
        case .defined: configuration.order = .defined
        case .reverse: configuration.order = .reverse
        case .random(let seed):
            configuration.order = .random(seed: seed)
            StandardStreams.write("Random order, seed \(seed): repeat it with --order random:\(seed)\n")
        }
        do throws(SpecRunError) {
            if let shard = options.shard { configuration.shard = try Shard(index: shard.index, count: shard.count) }
            try configuration.validate()
        } catch {
            StandardStreams.writeError("feed-specs: \(error)\n")
            return 2
        }

        var paths = options.targets.map(\.path)
        if paths.isEmpty { paths = [defaultSpecsPath()] }
        var seenPaths = Set<String>()
        paths = paths.filter { seenPaths.insert($0).inserted }
        for path in paths {
            do throws(SpecRunError) {
                try SpecPlan.checkPath(path)
            } catch {
                StandardStreams.writeError("feed-specs: \(error)\n")
                return 2
            }
        }

        let languages: GherkinLanguages?
        do {
            languages = try loadLanguages(file: options.languagesFile, environment: environment)
        } catch {
            StandardStreams.writeError("feed-specs: \(error)\n")
            return 2
        }

        let stores: [StoreKind] = options.store == .all ? StoreKind.allCases : [storeKind(options.store)]
        var success = true
        for store in stores {
            let runner = FeedSpecs.runner(store: store, configuration: configuration)
            for problem in runner.problems {
                StandardStreams.writeError("feed-specs: step library: \(problem)\n")
            }
            var directory = URL(fileURLWithPath: options.outDirectory, isDirectory: true)
            var formats = options.formats
            if stores.count > 1 {
                StandardStreams.write("\n== store: \(store.rawValue)\n")
                directory = directory.appendingPathComponent(store.rawValue, isDirectory: true)
                formats = formats.map { request in
                    var request = request
                    if let path = request.path, path != "-" { request.path = suffixed(path, with: store.rawValue) }
                    return request
                }
            }
            let sink: ReportSink
            do throws(ReportError) {
                sink = try ReportSink(
                    requests: formats, directory: directory, strict: options.strict,
                    title: options.title + (stores.count > 1 ? " [\(store.rawValue)]" : ""),
                    isTerminal: standardOutputIsTerminal(), environment: environment)
            } catch {
                StandardStreams.writeError("feed-specs: \(error)\n")
                return 2
            }
            let interruptHandlers = finishReportsOnInterrupt(sink)
            defer { interruptHandlers.forEach { $0.cancel() } }
            let summary: RunSummary
            do throws(SpecRunError) {
                if let languages {
                    let plan = try loadPlan(paths: paths, languages: languages, ids: runner.ids)
                    summary = try await runner.run(plan, sink: sink)
                } else {
                    summary = try await runner.run(paths: paths, sink: sink)
                }
            } catch {
                _ = sink.finish()
                StandardStreams.writeError("feed-specs: \(error)\n")
                return 2
            }
            if let error = sink.finish() {
                StandardStreams.writeError("feed-specs: could not write a report: \(error)\n")
                success = false
            }
            for error in summary.parseErrors {
                StandardStreams.writeError("Parse error: \(error)\n")
            }
            if let failure = summary.runHookFailure {
                StandardStreams.writeError("A beforeAll/afterAll hook failed: \(failure)\n")
            }
            announce(files: sink.writtenFiles)
            success = success && summary.success
        }
        return success ? 0 : 1
    }

    /// `Specs` in the current folder, else the package's own `Specs/` (when run from elsewhere).
    static func defaultSpecsPath() -> String {
        if FileManager.default.fileExists(atPath: "Specs") { return "Specs" }
        return FeedSpecs.specsDirectory().path
    }

    static func storeKind(_ store: RunOptions.Store) -> StoreKind {
        switch store {
        case .file: .file
        case .sqlite: .sqlite
        default: .memory
        }
    }

    /// `reports/out.xml` → `reports/out-sqlite.xml`.
    static func suffixed(_ path: String, with suffix: String) -> String {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension
        let base = url.deletingPathExtension().lastPathComponent + "-" + suffix
        let name = ext.isEmpty ? base : base + "." + ext
        return (path as NSString).deletingLastPathComponent.isEmpty
            ? name : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
    }

    /// The languages `--languages FILE` or `$GHERKIN_LANGUAGES` adds, or nil for the built-in ones.
    static func loadLanguages(file: String?, environment: [String: String]) throws -> GherkinLanguages? {
        if let file { return try GherkinLanguages.builtIn(plus: file) }
        if let file = environment[GherkinLanguages.environmentVariable], !file.isEmpty {
            return try GherkinLanguages.builtIn(plus: file)
        }
        return nil
    }

    /// Parses the `.feature` files of `paths` (folders searched recursively, sorted) with extra languages.
    static func loadPlan(paths: [String], languages: GherkinLanguages, ids: IdSource) throws(SpecRunError) -> SpecPlan {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SpecRunError(kind: .missingPath, message: "no such file or folder: \(path)")
            }
            if isDirectory.boolValue {
                let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
                files += found.filter { $0.hasSuffix(".feature") }.sorted().map {
                    (path as NSString).appendingPathComponent($0)
                }
            } else {
                files.append(path)
            }
        }
        var generator = SourceIds(source: ids)
        var documents: [SpecPlan.Document] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw SpecRunError(kind: .unreadable, message: "cannot read \(file)")
            }
            let result = Gherkin.parse(uri: file, data: data, languages: languages, idGenerator: &generator)
            documents.append(SpecPlan.Document(uri: file, path: file, result: result))
        }
        return SpecPlan(documents: documents, ids: ids)
    }
}

/// Lets Gherkin draw its ids from a runner's `IdSource`, so documents and test cases never share an id.
struct SourceIds: IdGenerator {
    let source: IdSource

    mutating func next() -> String { source.next() }
}
