import Foundation
import Gherkin
import Messages
import OptionParsing
import SpecKit
import SpecReports

/// `NAME [run] [PATH[:LINE]...] [options]`: runs the specs with the command's step library and writes the spec
/// status report. Exit status 0 when the run succeeds, 1 when it fails, 2 for a usage error.
struct RunCommand<World: Actor, Variant: Sendable & CustomStringConvertible> {
    static var summary: String { "run the specs and write the reports (the default command)" }

    let command: SpecCommand<World, Variant>
    let context: CommandContext

    var name: String { context.name }

    /// The settings of `run`: `Setting.all` and the command's variant option (`--store`), if any.
    private var extraSettings: [Setting] {
        let option = command.variant.option
        guard !option.isEmpty else { return [] }
        let values = command.variant.values.map(\.description).joined(separator: ", ")
        return RunOptions.extraSettings(
            variantOption: option,
            help: "\(command.variant.help): one of \(values), or all (one run each, reports in OUT/<value>/); "
                + "default: \(command.variant.defaultValue)")
    }

    /// The usage of `run`: every setting from its declaration (`Setting.all`), by section.
    var usage: String {
        var text = """
            usage: \(name) [run] [PATH[:LINE]...] [@RERUN_FILE] [options]

            Runs the scenarios of PATH (.feature files or folders; default: \(command.specsPath)) with the step
            library, shows the progress and Cucumber's summary, and writes the reports.

            """
        for section in Setting.Section.allCases {
            text += "\n\(section.rawValue):\n"
            switch section {
            case .selecting:
                text += Usage.lines(
                    names: "PATH:LINE", help: "only the scenario (or examples row) at LINE; PATH:3:17 for several")
                text += Usage.lines(
                    names: "@FILE", help: "the scenarios a `rerun` report lists (e.g. @reports/rerun.txt)")
            case .configuration:
                text += Usage.lines(
                    names: "cucumber.json",
                    help: "each top-level key a profile of options named as in cucumber-js ("
                        + Setting.all.compactMap(\.key).joined(separator: ", ")
                        + "); a profile may also be a command line. Options given on the command line win, "
                        + Setting.additiveKeys.joined(separator: "/")
                        + " add up, two retry tag filters must both hold")
            case .running, .reports:
                break
            }
            for setting in Setting.all + extraSettings where setting.section == section {
                text += Usage.lines(setting)
            }
        }
        text += """

            Examples:
              \(name)                                     # every spec, progress, reports/ filled
              \(name) Specs/offline_feed.feature:12       # one scenario
              \(name) --tags '@cache and not @boundary' --format pretty
              \(name) @reports/rerun.txt                  # only what failed last time
              \(name) --shard 1/2 --format message:shard-1.ndjson   # then: \(name) merge shard-*.ndjson

            Colours are used on a terminal unless NO_COLOR is set.
            Exit status: 0 the run passed, 1 it failed (or a report could not be written), 2 usage error (or a
            path that does not exist), 141 standard output was closed early (the report files are still written).

            """
        return text
    }

    func run(_ arguments: [String]) async -> Int32 {
        let environment = context.environment
        let variantOption = command.variant.option.isEmpty ? nil : command.variant.option
        let instruction: RunnerInstruction?
        do throws(RunnerProcessError) {
            instruction = try RunnerInstruction.current(environment: environment)
        } catch {
            StandardStreams.writeError("\(name): \(error)\n")
            return 2
        }
        let options: RunOptions
        do throws(OptionParser.Failure) {
            // The defaults, then the profiles, the environment and the command line: one settings value.
            let commandLine = try RunSettings(arguments: arguments, extra: extraSettings)
            if commandLine.listLanguages == true || commandLine.keywordsLanguage != nil {
                // As in cucumber-js, listing languages reads no configuration file.
                return listLanguages(commandLine)
            }
            let fromEnvironment = try RunSettings(environment: environment, extra: extraSettings)
            var settings = fromEnvironment.merging(commandLine)
            if instruction?.readsConfigurationFile != false {
                settings = try Self.profiles(of: settings, extraKeys: variantOption.map { [$0] } ?? [])
                    .merging(settings)
            }
            options = try RunOptions(settings, variantOption: variantOption, environment: environment)
        } catch {
            return usageFailure(error, usage: usage, command: "run", name: name)
        }
        let variants: [Variant]
        if let text = options.variant {
            guard let chosen = command.variant.values(for: text) else {
                let values = command.variant.values.map(\.description).joined(separator: ", ")
                return usageFailure(
                    .usage("--\(command.variant.option) \(text): expected one of \(values), all"), usage: usage,
                    command: "run", name: name)
            }
            variants = chosen
        } else {
            variants = [command.variant.defaultValue]
        }
        if let instruction {
            return await runAsRunnerProcess(instruction, options: options, variants: variants)
        }
        if let statusFile = options.shardStatusFile {
            // Tells Bazel that this test runner supports sharding.
            // Touched, never replaced (`FileManager.createFile` renames a new file over the path).
            let descriptor = open(statusFile, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            if descriptor >= 0 { close(descriptor) }
        }
        if options.rerunFileWasEmpty && options.targets.isEmpty {
            StandardStreams.write("Nothing to rerun: the rerun file lists no scenario.\n")
            return 0
        }
        let configuration: RunConfiguration
        do {
            configuration = try self.configuration(options)
        } catch {
            StandardStreams.writeError("\(name): \(error)\n")
            return 2
        }
        // Before any step runs: a failed #expect in a step fails it here as under `swift test`, or the user hears
        // why it cannot.
        if let warning = TestingIssueHandler.install().warning {
            StandardStreams.writeError("\(name): warning: \(warning)\n")
        }
        Interrupts.guardExits()
        do throws(TagLinkError) {
            _ = try TagLinks(options.linkTags)  // checked before the run; the reports parse them again
        } catch {
            return usageFailure(.usage(error.description), usage: usage, command: "run", name: name)
        }
        do throws(ReportEnvironmentError) {
            _ = try ReportEnvironment(parsing: options.environment)
        } catch {
            return usageFailure(.usage(error.description), usage: usage, command: "run", name: name)
        }
        if let shared = sharedOutput(variants: variants, options: options) {
            return usageFailure(.usage(shared), usage: usage, command: "run", name: name)
        }
        var paths = options.targets.map(\.path)
        if paths.isEmpty { paths = [command.specsPath] }
        var seenPaths = Set<String>()
        paths = paths.filter { seenPaths.insert($0).inserted }

        let status = await run(paths: paths, variants: variants, options: options, configuration: configuration)
        guard options.watch, status != 2, status != consoleClosedExitStatus else { return status }
        await watch(paths: paths, variants: variants, options: options, configuration: configuration)
    }

    /// Runs `paths` once per variant and writes the reports, or, for a rerun in watch mode, only the console
    /// formats. Returns the exit status.
    private func run(
        paths: [String], variants: [Variant], options: RunOptions, configuration: RunConfiguration,
        rerun: Bool = false
    ) async -> Int32 {
        var success = true
        var consoleClosed = false
        if !rerun { ignoreBrokenPipes() }
        for (index, variant) in variants.enumerated() {
            // The steps run in runner processes of this executable, unless asked to run here (or called as a
            // library): a step that crashes fails, and the run goes on. A dry run runs no step.
            var runConfiguration = configuration
            // The command's last run, with nothing after it but its reports and its exit.
            runConfiguration.endsWithProcess =
                context.processArguments != nil && !options.watch && index == variants.count - 1
            let (directory, formats, historyURL) = outputs(
                of: variant, variantCount: variants.count, options: options, rerun: rerun)
            let session = runnerSession(
                paths: paths, variant: index, options: options, configuration: &runConfiguration,
                readsAhead: FormatRequest.readsAhead(writing: formats))
            let runner = SpecRunner(
                library: command.library, configuration: runConfiguration, fileID: command.origin.fileID,
                filePath: command.origin.filePath, line: command.origin.line,
                makeWorld: { [makeWorld = command.makeWorld] scenario in try await makeWorld(variant, scenario) },
                tearDown: command.tearDown)
            for problem in runner.problems {
                StandardStreams.writeError("\(name): step library: \(problem)\n")
            }
            // Found before any report starts, so a path or file problem is said alone; the files are then read
            // as a stream while the run goes.
            let files: SpecFiles
            do throws(SpecRunError) {
                try runner.checkConfiguration()
                for path in paths { try SpecPlan.checkPath(path) }
                files = try runner.files(paths: paths)
            } catch {
                StandardStreams.writeError("\(name): \(error)\n")
                return 2
            }
            if index == 0 && !rerun {
                for place in runner.linesSelectingNothing() {
                    StandardStreams.writeError(
                        "\(name): \(place) selects no scenario: that line is in no scenario and no examples block\n")
                }
            }
            if variants.count > 1 {
                if index == 0 && !rerun {
                    // One folder per variant: the single-variant reports an earlier run left at the top would
                    // read as this run's.
                    ReportDirectory(directory: URL(fileURLWithPath: options.outDirectory, isDirectory: true))
                        .removeReportFiles()
                }
                StandardStreams.write("\n== \(command.variant.option): \(variant)\n")
            }
            let title = (options.title ?? command.title) + (variants.count > 1 ? " [\(variant)]" : "")
            let sink: ReportSink
            do throws(ReportError) {
                sink = try ReportSink(
                    requests: formats, directory: directory, verdict: runConfiguration.verdict, title: title,
                    variant: variants.count > 1 ? variant.description : nil,
                    tagLinks: (try? TagLinks(options.linkTags)) ?? TagLinks(), history: historyURL,
                    runEnvironment: (try? ReportEnvironment(parsing: options.environment)) ?? ReportEnvironment(),
                    categories: (try? FailureCategories(options.categories)) ?? FailureCategories(),
                    isTerminal: standardOutputIsTerminal(),
                    environment: context.environment)
            } catch {
                StandardStreams.writeError("\(name): \(error)\n")
                return 2
            }
            if let warning = sink.historyWarning { StandardStreams.writeError("\(name): warning: \(warning)\n") }
            // A rerun in watch mode writes no files: an interrupt stops watch mode at once.
            if !rerun { Interrupts.respond(with: .finishReports(sink, name: name)) }
            defer { if !rerun { Interrupts.respond(with: nil) } }
            let summary: RunSummary
            // The command's own process runs the steps (`--in-process`): steps that hold every thread past their
            // timeout stop the run, failed. Not when called as a library: the process is not the command's to end.
            if session == nil && !runConfiguration.dryRun && context.processArguments != nil {
                RunnerGuard.startInProcess()
            }
            do throws(SpecRunError) {
                summary = try await runner.run(files, sink: sink)
            } catch {
                sink.finish()
                StandardStreams.writeError("\(name): \(error)\n")
                return 2
            }
            if let failure = session?.failureToStart {
                sink.finish()
                StandardStreams.writeError("\(name): \(failure)\n")
                return 2
            }
            for failure in sink.finish() {
                StandardStreams.writeError("\(name): \(failure)\n")
                success = false
            }
            consoleClosed = consoleClosed || sink.consoleWasClosed
            if let warning = sink.recordHistory() { StandardStreams.writeError("\(name): warning: \(warning)\n") }
            // The console formats list the parse errors above their summary; without one, they go to stderr.
            let showsSummary = formats.contains {
                $0.writesToConsole && ReportFormat.consoleFormats.contains($0.format)
            }
            if !showsSummary {
                for error in summary.parseErrors {
                    StandardStreams.writeError(
                        "Parse error: \(error.uri):\(error.line)\(error.column.map { ":\($0)" } ?? ""): "
                            + ReportText.plainWords(forParseError: error.message) + " (Gherkin: \(error.message))\n")
                }
            }
            if let failure = summary.runHookFailure {
                StandardStreams.writeError("A beforeAll/afterAll hook failed: \(failure)\n")
            }
            announce(files: sink.writtenFiles)
            success = success && summary.success
        }
        if consoleClosed {
            if !rerun {
                StandardStreams.writeError(
                    "\(name): standard output was closed before the run ended; the report files were written\n")
            }
            return consoleClosedExitStatus
        }
        return success ? 0 : 1
    }

    /// Watch mode: after the first run, reruns the scenarios of each `.feature` file that changes, until Ctrl-C
    /// (exit status 130).
    private func watch(paths: [String], variants: [Variant], options: RunOptions, configuration: RunConfiguration)
        async -> Never
    {
        let watcher = SpecWatcher(paths: paths)
        // Ctrl-C (or SIGTERM) stops at once with exit status 130, while waiting or during a rerun.
        Interrupts.respond(with: .stopWatching)
        while true {
            StandardStreams.write(
                "\nWatching \(paths.joined(separator: ", ")) (\(watcher.mechanism)): each saved .feature file reruns "
                    + "its scenarios, on the console only. Ctrl-C to stop.\n")
            let changes = watcher.waitForChanges()
            for file in changes.removed { StandardStreams.write("\n\(file) was removed.\n") }
            stopIfConsoleClosed()
            guard !changes.changed.isEmpty else { continue }
            let time = Date().formatted(date: .omitted, time: .standard)
            StandardStreams.write("\n== \(time): \(changes.changed.joined(separator: ", ")) changed\n")
            stopIfConsoleClosed()
            let status = await run(
                paths: changes.changed, variants: variants, options: options, configuration: configuration, rerun: true)
            stopIfConsoleClosed(status)
        }
    }

    /// Watch mode shows its results on the console only: once the console is closed (`| head`, quitting `less`),
    /// it stops, with exit status 141, rather than run unseen for ever.
    private func stopIfConsoleClosed(_ status: Int32 = 0) {
        guard StandardStreams.outputWasClosed || status == consoleClosedExitStatus else { return }
        StandardStreams.writeError("\(name): standard output was closed: stopped watching\n")
        exit(consoleClosedExitStatus)
    }

    /// The runner configuration `options` ask for.
    ///
    /// - Throws: the languages file's error. Its expressions are checked where they are compiled, by the runner
    ///   (`SpecRunner.checkConfiguration()`), before anything is written.
    func configuration(_ options: RunOptions, announcesOrder: Bool = true) throws -> RunConfiguration {
        var configuration = options.configuration
        configuration.lineFilters = options.targets.filter { !$0.lines.isEmpty }.map {
            LineFilter(path: $0.path, lines: $0.lines)
        }
        configuration.implementation = Product(name: name, version: "0.1.0")
        configuration.uriBase = command.uriBase
        if announcesOrder, case .random(let seed) = configuration.order {
            StandardStreams.write("Random order, seed \(seed): repeat it with --order random:\(seed)\n")
        }
        if let languages = try options.settings.gherkinLanguages() { configuration.languages = languages }
        return configuration
    }

    /// The settings of the configuration file's profiles: the file of `settings.config` (`--config`), else
    /// `cucumber.json` in the current directory when there is one; the profiles of `settings.profiles`
    /// (`--profile`), else `default`. A path or format the profiles hold that is wrong is an error naming the file.
    static func profiles(of settings: RunSettings, extraKeys: [String]) throws(OptionParser.Failure) -> RunSettings {
        let path: String
        if let file = settings.config {
            path = file
        } else if FileManager.default.fileExists(atPath: ConfigurationFile.defaultName) {
            path = ConfigurationFile.defaultName
        } else {
            guard let profile = settings.profiles.first else { return RunSettings() }
            throw .usage(
                "--profile \(profile): there is no \(ConfigurationFile.defaultName) here to hold it (or give --config FILE)"
            )
        }
        let profiles: RunSettings
        do throws(ConfigurationFileError) {
            profiles = try ConfigurationFile(path: path, extraKeys: extraKeys).settings(profiles: settings.profiles)
        } catch {
            throw .usage(error.description)
        }
        return try RunOptions.checked(profiles: profiles, file: path)
    }

    /// `--i18n-languages` or `--i18n-keywords LANG`: prints the table (of the built-in languages and those of
    /// `--languages FILE`) and returns the exit status: 2 for an unknown language or a broken languages file.
    private func listLanguages(_ commandLine: RunSettings) -> Int32 {
        let languages: GherkinLanguages
        do {
            let settings = try RunSettings(environment: context.environment).merging(commandLine)
            languages = try settings.gherkinLanguages() ?? .builtIn
        } catch {
            StandardStreams.writeError("\(name): \(error)\n")
            return 2
        }
        guard let code = commandLine.keywordsLanguage else {
            StandardStreams.write(LanguageTables.languages(languages))
            return 0
        }
        guard let dialect = languages.dialect(for: code) else {
            StandardStreams.writeError(
                "\(name): Unsupported ISO 639-1: \(code) (`\(name) --i18n-languages` lists the languages)\n")
            return 2
        }
        StandardStreams.write(LanguageTables.keywords(dialect))
        return 0
    }

    /// `reports/out.xml` → `reports/out-sqlite.xml`.
    func suffixed(_ path: String, with suffix: String) -> String {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension
        let base = url.deletingPathExtension().lastPathComponent + "-" + suffix
        let name = ext.isEmpty ? base : base + "." + ext
        return (path as NSString).deletingLastPathComponent.isEmpty
            ? name : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
    }

}
