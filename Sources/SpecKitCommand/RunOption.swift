import Messages
import SpecKit

/// One option of `run`, declared once: its names, its value, its line in the usage and what it sets, in the
/// runner's configuration (SpecKit's `RunConfiguration`) or in the command's own options. `RunOption.all` is the one
/// table of them: the parser, the usage, did-you-mean and the configuration a run gets all come from it, so a new
/// option is one entry here plus its use.
struct RunOption: Sendable {
    /// Where the option is listed in the usage.
    enum Section: String, CaseIterable, Sendable {
        case selecting = "Selecting scenarios"
        case running = "Running"
        case configuration = "Configuration file"
        case reports = "Reports"
    }

    /// The long name, with its dashes (`--retry`).
    let name: String
    /// A short alias (`-j`), if any.
    let short: String?
    /// The value's name in the usage (`N`, `EXPR`); nil for a flag.
    let value: String?
    let section: Section
    /// What it does, for the usage.
    let help: String
    /// Sets what the option says from its value (empty for a flag); throws a usage error for a bad value.
    let set: @Sendable (inout RunOptions, String) throws(OptionParser.Failure) -> Void

    init(
        _ name: String, short: String? = nil, value: String? = nil, _ section: Section, _ help: String,
        set: @escaping @Sendable (inout RunOptions, String) throws(OptionParser.Failure) -> Void
    ) {
        self.name = name
        self.short = short
        self.value = value
        self.section = section
        self.help = help
        self.set = set
    }

    /// The option as the parser knows it.
    var parserOption: OptionParser.Option { OptionParser.Option(name: name, short: short, takesValue: value != nil) }

    /// `  -j, --parallel N      run N scenarios at once`, the help wrapped under itself.
    var usage: String {
        let names = (short.map { "\($0), " } ?? "") + name + (value.map { " \($0)" } ?? "")
        return Self.usageLines(names: names, help: help)
    }

    /// Where help text starts, and how wide the usage is.
    static let helpColumn = 24
    static let width = 112

    /// `names` at two spaces, then `help` from `helpColumn` (on the next line when the names reach it), wrapped.
    static func usageLines(names: String, help: String) -> String {
        var lines: [String] = []
        var line = "  " + names
        if line.count + 2 > helpColumn {
            lines.append(line)
            line = ""
        }
        line += String(repeating: " ", count: helpColumn - line.count)
        var wordsOnLine = 0
        for word in help.split(separator: " ") {
            if wordsOnLine > 0 && line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: helpColumn)
                wordsOnLine = 0
            }
            line += (wordsOnLine > 0 ? " " : "") + word
            wordsOnLine += 1
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }
}

extension RunOption {
    /// Every option of `run` (the command's variant option, such as `--store`, is added by the command).
    static let all: [RunOption] = [
        RunOption(
            "--tags", short: "-t", value: "EXPR", .selecting,
            "a tag expression, e.g. '@cache and not @slow' (repeatable: all must hold)"
        ) { options, value in options.configuration.tagExpressions.append(value) },
        RunOption(
            "--name", short: "-n", value: "REGEX", .selecting,
            "scenarios whose name matches (repeatable: any may match)"
        ) {
            options, value in options.configuration.namePatterns.append(value)
        },
        RunOption(
            "--shard", value: "I/N", .selecting,
            "only shard I of N (stable: a scenario is in the same shard everywhere); Bazel's TEST_TOTAL_SHARDS / "
                + "TEST_SHARD_INDEX are honoured too"
        ) { options, value throws(OptionParser.Failure) in
            options.configuration.shard = try RunOptions.shard(value, option: "--shard")
        },
        RunOption("--dry-run", short: "-d", .running, "match every step to its definition without running any") {
            options, _ in options.configuration.dryRun = true
        },
        RunOption(
            "--strict", .running,
            "undefined, pending and ambiguous steps fail the run (the default; scenarios tagged @wip never fail it)"
        ) { options, _ in options.configuration.strict = true },
        RunOption("--no-strict", .running, "undefined, pending and ambiguous steps do not fail the run") {
            options, _ in options.configuration.strict = false
        },
        RunOption("--fail-fast", .running, "stop after the first failing scenario") { options, _ in
            options.configuration.failFast = true
        },
        RunOption(
            "--in-process", .running,
            "run the steps in this process, for a debugger (by default they run in a runner process of their own: "
                + "a step that crashes or calls exit() fails, and the run goes on in a new one)"
        ) { options, _ in options.inProcess = true },
        RunOption(
            "--watch", short: "-w", .running,
            "after the run, rerun the scenarios of each .feature file saved, on the console (summary, failures, "
                + "snippets), until Ctrl-C"
        ) { options, _ in options.watch = true },
        RunOption(
            "--retry", value: "N", .running,
            "rerun a failing scenario up to N times, from 0 to 100 (only the last attempt counts; one that fails, "
                + "then passes, is flaky: it passes the run, reported as flaky)"
        ) { options, value throws(OptionParser.Failure) in
            options.configuration.retry = try RunOptions.integer(value, option: "--retry", in: RunLimits.retry)
        },
        RunOption(
            "--retry-tag-filter", value: "EXPR", .running, "retry only the scenarios matching this tag expression"
        ) {
            options, value in options.configuration.retryTagFilter = value
        },
        RunOption(
            "--order", value: "ORDER", .running,
            "defined (default), reverse, random, or random:SEED to repeat a random order"
        ) { options, value throws(OptionParser.Failure) in
            options.configuration.order = try RunOptions.order(value)
        },
        RunOption("--parallel", short: "-j", value: "N", .running, "run N scenarios at once, 1 to 256 (default 1)") {
            options, value throws(OptionParser.Failure) in
            options.configuration.parallel = try RunOptions.integer(value, option: "--parallel", in: RunLimits.parallel)
        },
        RunOption(
            "--exclusive", value: "EXPR", .running,
            "scenarios matching the tag expression never run at the same time as one another under --parallel, "
                + "e.g. @database (repeatable: one group each)"
        ) { options, value in options.configuration.exclusiveTagExpressions.append(value) },
        RunOption(
            "--timeout", value: "SECONDS", .running,
            "fail a step still running after SECONDS, from 0.001 to 86400 (a day; default 10)"
        ) { options, value throws(OptionParser.Failure) in
            options.configuration.stepTimeout = try RunOptions.stepTimeout(value, option: "--timeout")
        },
        RunOption(
            "--languages", value: "FILE", .running,
            "more Gherkin languages, or other keywords for built-in ones, in the gherkin-languages.json format "
                + "(default: $GHERKIN_LANGUAGES when set); every language of Cucumber is built in"
        ) { options, value in options.languagesFile = value },
        RunOption("--i18n-languages", .running, "list the languages a `# language:` header can name, and exit") {
            options, _ in options.listLanguages = true
        },
        RunOption(
            "--i18n-keywords", value: "LANG", .running, "list the keywords of language LANG (e.g. nl, ja), and exit"
        ) {
            options, value in options.keywordsLanguage = value
        },
        RunOption(
            "--profile", short: "-p", value: "NAME", .configuration,
            "use profile NAME of the file (repeatable, merged in order; default: \"default\"); options given on the "
                + "command line win, tags/name/format/exclusive/linkTags/environment/categories add up"
        ) { options, value in options.profiles.append(value) },
        RunOption(
            "--config", short: "-c", value: "FILE", .configuration,
            "the configuration file (default: cucumber.json in the current folder, if any)"
        ) { options, value in options.configFile = value },
        RunOption(
            "--format", short: "-f", value: "NAME[:PATH]", .reports,
            "a report to write, repeatable. Console formats (standard output unless a PATH is given): pretty, "
                + "progress, summary. File formats (into --out unless a PATH is given; PATH - is standard output): "
                + "message (Cucumber Messages NDJSON), json (Cucumber JSON), junit (JUnit XML), html, markdown, "
                + "rerun, usage. Default: progress, plus every file format in --out. Given formats replace the "
                + "default; progress is added when none writes to the console, and every file format when --out is "
                + "given but no chosen format writes a file."
        ) { options, value throws(OptionParser.Failure) in options.formats.append(try FormatRequest.parse(value)) },
        RunOption(
            "--out", short: "-o", value: "DIR", .reports,
            "the report folder (default: reports); a run of several variants writes one folder per variant in it "
                + "(and removes the reports a single run left at its top)"
        ) { options, value in
            options.outDirectory = value
            options.outDirectoryGiven = true
        },
        RunOption("--title", value: "TEXT", .reports, "the title of the HTML and Markdown reports") { options, value in
            options.title = value
        },
        RunOption(
            "--history", value: "FILE", .reports,
            "keep the run history in FILE (default: history.json in the report folder, when the run writes reports "
                + "there): the HTML report shows each scenario's last results, the summary what changed since the "
                + "last run"
        ) { options, value in options.historyFile = value },
        RunOption("--no-history", .reports, "keep no run history") { options, _ in options.noHistory = true },
        RunOption(
            "--link-tags", value: "PATTERN=URL", .reports,
            "tags matching PATTERN (a regular expression) link to URL in the HTML and Markdown reports, $1..$9 its "
                + "groups: '@JIRA-(\\d+)=https://jira.example/browse/JIRA-$1' (repeatable)"
        ) { options, value in options.linkTags.append(value) },
        RunOption(
            "--environment", value: "NAME=VALUE", .reports,
            "a fact shown at the top of the HTML and Markdown reports beside the CI's (branch, commit, build): "
                + "'app=2.3.0', 'device=iPhone 15' (repeatable)"
        ) { options, value in options.environment.append(value) },
        RunOption(
            "--categories", value: "FILE", .reports,
            "sort what did not pass into the categories of FILE (Allure's categories.json: name, matchedStatuses, "
                + "messageRegex, traceRegex), before the built-in ones: product defects, broken tests, crashes, "
                + "undefined, ambiguous and pending steps (repeatable)"
        ) { options, value throws(OptionParser.Failure) in
            do throws(ConfigurationFileError) {
                options.categories += try FailureCategoryRules.read(file: value)
            } catch {
                throw .usage("--categories: \(error)")
            }
        },
    ]

    /// The options by name.
    static let byName: [String: RunOption] = Dictionary(all.map { ($0.name, $0) }) { first, _ in first }
}
