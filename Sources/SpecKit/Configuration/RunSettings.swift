import Gherkin
import Messages
import OptionParsing

/// The settings of a run, the one value every source fills: a configuration file's profiles, the environment, the
/// command line (and the editor's settings, as options of its runs). What a source does not set is nil or empty.
///
/// It is also the one table of them: each setting is a property declared once here with its `Setting` (`@Declared`),
/// which says how it is written in each source (option, profile key, variable), the kind of value and its range,
/// how a later source merges with an earlier one, its line in the usage, and what it sets in the runner's
/// configuration (`runs`). `Setting.all` reads them from here, in this order. `tags`, `name`, `format`,
/// `exclusive`, `linkTags`, `environment` and `categories` add up, two retry tag filters must both hold, paths and
/// profiles given replace earlier ones, every other setting takes the last value given. A run takes them in this
/// order: the defaults, the profiles, the environment, the command line (`merging(_:)`). Adding an option is one
/// property here and its use.
public struct RunSettings: Sendable, Equatable {
    /// Feature files or folders to run (`path`, `path:12`), or `@rerun.txt` files.
    @Declared(
        Setting(key: "paths", option: nil, .texts, .texts(\.paths), merge: .replaces, .selecting, "feature files"))
    public var paths: [String]

    /// Tag expressions a scenario must all satisfy.
    @Declared(
        Setting(
            key: "tags", option: "--tags", short: "-t", variables: ["SPECKIT_TAGS"], swiftTest: true, value: "EXPR",
            .texts,
            .texts(\.tags), .selecting, "a tag expression, e.g. '@cache and not @slow' (repeatable: all must hold)",
            runs: { $1.tagExpressions += $0.tags }))
    public var tags: [String]

    /// Regular expressions; a scenario runs when its name matches any of them.
    @Declared(
        Setting(
            key: "name", option: "--name", short: "-n", variables: ["SPECKIT_NAME"], swiftTest: true, value: "REGEX",
            .texts,
            .texts(\.names), .selecting, "scenarios whose name matches (repeatable: any may match)",
            runs: { $1.namePatterns += $0.names }))
    public var names: [String]

    /// The shard to run.
    @Declared(
        Setting(
            key: "shard", option: "--shard", variables: ["TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX"], value: "I/N",
            .shard, .shard(\.shard), .selecting,
            "only shard I of N (stable: a scenario is in the same shard everywhere); Bazel's TEST_TOTAL_SHARDS / "
                + "TEST_SHARD_INDEX are honoured too",
            fromEnvironment: Setting.bazelShard, runs: { settings, run in settings.shard.map { run.shard = $0 } }))
    public var shard: Shard?

    /// Whether steps are matched without running them.
    @Declared(
        Setting(
            key: "dryRun", option: "--dry-run", short: "-d", .flag, .flag(\.dryRun), .running,
            "match every step to its definition without running any",
            runs: { settings, run in settings.dryRun.map { run.dryRun = $0 } }))
    public var dryRun: Bool?

    /// Whether undefined, pending and ambiguous steps fail the run.
    @Declared(
        Setting(
            key: "strict", option: "--strict", negation: "--no-strict", .flag, .flag(\.strict), .running,
            "undefined, pending and ambiguous steps fail the run (the default; scenarios tagged @wip never fail it)",
            negationHelp: "undefined, pending and ambiguous steps do not fail the run",
            runs: { settings, run in settings.strict.map { run.strict = $0 } }))
    public var strict: Bool?

    /// Whether to stop after the first failing scenario.
    @Declared(
        Setting(
            key: "failFast", option: "--fail-fast", .flag, .flag(\.failFast), .running,
            "stop after the first failing scenario",
            runs: { settings, run in settings.failFast.map { run.failFast = $0 } }))
    public var failFast: Bool?

    /// Whether the steps run in the command's own process (for a debugger) rather than in a runner process.
    @Declared(
        Setting(
            key: nil, option: "--in-process", .flag, .flag(\.inProcess), .running,
            "run the steps in this process, for a debugger (by default they run in a runner process of their own: "
                + "a step that crashes or calls exit() fails, and the run goes on in a new one)"))
    public var inProcess: Bool?

    /// Whether the command reruns the scenarios of each `.feature` file saved, until interrupted.
    @Declared(
        Setting(
            key: nil, option: "--watch", short: "-w", .flag, .flag(\.watch), .running,
            "after the run, rerun the scenarios of each .feature file saved, on the console (summary, failures, "
                + "snippets), until Ctrl-C"))
    public var watch: Bool?

    /// How many times a failing scenario is retried (from 0 to 100).
    @Declared(
        Setting(
            key: "retry", option: "--retry", value: "N", .wholeNumber(RunLimits.retry), .number(\.retry), .running,
            "rerun a failing scenario up to N times, from 0 to 100 (only the last attempt counts; one that fails, "
                + "then passes, is flaky: it passes the run, reported as flaky)",
            runs: { settings, run in settings.retry.map { run.retry = $0 } }))
    public var retry: Int?

    /// The tag expression of the scenarios that may be retried.
    @Declared(
        Setting(
            key: "retryTagFilter", option: "--retry-tag-filter", value: "EXPR", .text, .text(\.retryTagFilter),
            merge: .conjoins, .running, "retry only the scenarios matching this tag expression",
            runs: { settings, run in settings.retryTagFilter.map { run.retryTagFilter = $0 } }))
    public var retryTagFilter: String?

    /// The order scenarios run in.
    @Declared(
        Setting(
            key: "order", option: "--order", value: "ORDER", .order, .order(\.order), .running,
            "defined (default), reverse, random, or random:SEED to repeat a random order",
            runs: { settings, run in settings.order.map { run.order = $0 } }))
    public var order: RunOrder?

    /// How many scenarios run at once (from 0, one at a time as 1, to 256).
    @Declared(
        Setting(
            key: "parallel", option: "--parallel", short: "-j", value: "N",
            .wholeNumber(0...RunLimits.parallel.upperBound), .number(\.parallel), .running,
            "run N scenarios at once, 0 to 256 (0 and 1: one at a time, the default)",
            // 0 is cucumber-js's "not in parallel": one at a time.
            runs: { settings, run in settings.parallel.map { run.parallel = max($0, 1) } }))
    public var parallel: Int?

    /// Tag expressions whose scenarios never run at the same time as one another.
    @Declared(
        Setting(
            key: "exclusive", option: "--exclusive", value: "EXPR", .texts, .texts(\.exclusive), .running,
            "scenarios matching the tag expression never run at the same time as one another under --parallel, "
                + "e.g. @database (repeatable: one group each)",
            runs: { $1.exclusiveTagExpressions += $0.exclusive }))
    public var exclusive: [String]

    /// How long a step may run, in seconds (from 0.001 to 86400, a day).
    @Declared(
        Setting(
            key: "timeout", option: "--timeout", value: "SECONDS", .seconds, .seconds(\.timeout), .running,
            "fail a step still running after SECONDS, from 0.001 to 86400 (a day; default 10)",
            runs: { settings, run in
                // Read from a file, the timeout is in range; set by code, one out of range is refused by the run.
                settings.timeout.map { run.stepTimeout = RunLimits.stepTimeoutOrOutOfRange(seconds: $0) }
            }))
    public var timeout: Double?

    /// A `gherkin-languages.json` file of more languages.
    @Declared(
        Setting(
            key: "languages", option: "--languages", variables: [GherkinLanguages.environmentVariable], value: "FILE",
            .text,
            .text(\.languages), .running,
            "more Gherkin languages, or other keywords for built-in ones, in the gherkin-languages.json format "
                + "(default: $GHERKIN_LANGUAGES when set); every language of Cucumber is built in"))
    public var languages: String?

    /// Whether to list the Gherkin languages instead of running.
    @Declared(
        Setting(
            key: nil, option: "--i18n-languages", .flag, .flag(\.listLanguages), .running,
            "list the languages a `# language:` header can name, and exit"))
    public var listLanguages: Bool?

    /// The language whose keywords to list instead of running.
    @Declared(
        Setting(
            key: nil, option: "--i18n-keywords", value: "LANG", .text, .text(\.keywordsLanguage), .running,
            "list the keywords of language LANG (e.g. nl, ja), and exit"))
    public var keywordsLanguage: String?

    /// The configuration-file profiles to use, in order.
    @Declared(
        Setting(
            key: nil, option: "--profile", short: "-p", variables: [ConfigurationFile.profileVariable],
            swiftTest: true, value: "NAME",
            .texts, .texts(\.profiles), merge: .replaces, .configuration,
            "use profile NAME of the file (repeatable, merged in order; default: \"default\")",
            fromEnvironment: { environment in
                let names = (environment[ConfigurationFile.profileVariable] ?? "")
                    .split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
                return names.isEmpty ? nil : .texts(names)
            }))
    public var profiles: [String]

    /// The configuration file.
    @Declared(
        Setting(
            key: nil, option: "--config", short: "-c", variables: [ConfigurationFile.fileVariable],
            swiftTest: true, value: "FILE",
            .text, .text(\.config), .configuration,
            "the configuration file (default: cucumber.json in the current folder, if any)"))
    public var config: String?

    /// Reports to write, `NAME[:PATH]`.
    @Declared(
        Setting(
            key: "format", option: "--format", short: "-f", value: "NAME[:PATH]", .formats, .texts(\.formats),
            .reports,
            "a report to write, repeatable. Console formats (standard output unless a PATH is given): pretty, "
                + "progress, summary. File formats (into --out unless a PATH is given; PATH - is standard output): "
                + "message (Cucumber Messages NDJSON), json (Cucumber JSON), junit (JUnit XML), html, markdown, "
                + "rerun, usage. Default: progress, plus every file format in --out. Given formats replace the "
                + "default; progress is added when none writes to the console, and every file format when --out is "
                + "given but no chosen format writes a file."))
    public var formats: [String]

    /// The report folder.
    @Declared(
        Setting(
            key: "out", option: "--out", short: "-o", variables: ["SPECKIT_REPORTS"], swiftTest: true, value: "DIR",
            .text, .text(\.out), .reports,
            "the report folder (default: reports); a run of several variants writes one folder per variant in it "
                + "(and removes the reports a single run left at its top)"))
    public var out: String?

    /// The title of the HTML and Markdown reports.
    @Declared(
        Setting(
            key: "title", option: "--title", value: "TEXT", .text, .text(\.title), .reports,
            "the title of the HTML and Markdown reports"))
    public var title: String?

    /// The run history file.
    @Declared(
        Setting(
            key: nil, option: "--history", value: "FILE", .text, .text(\.history), .reports,
            "keep the run history in FILE (default: history.json in the report folder, when the run writes reports "
                + "there): the HTML report shows each scenario's last results, the summary what changed since the "
                + "last run"))
    public var history: String?

    /// Whether no run history is kept.
    @Declared(
        Setting(key: nil, option: "--no-history", .flag, .flag(\.noHistory), .reports, "keep no run history"))
    public var noHistory: Bool?

    /// Rules turning tags into links in the reports, `PATTERN=URL`.
    @Declared(
        Setting(
            key: "linkTags", option: "--link-tags", value: "PATTERN=URL", .texts, .texts(\.linkTags), .reports,
            "tags matching PATTERN (a regular expression) link to URL in the HTML and Markdown reports, $1..$9 its "
                + "groups: '@JIRA-(\\d+)=https://jira.example/browse/JIRA-$1' (repeatable)"))
    public var linkTags: [String]

    /// Facts of the team's own shown at the top of the HTML and Markdown reports, `NAME=VALUE`.
    @Declared(
        Setting(
            key: "environment", option: "--environment", value: "NAME=VALUE", .texts, .texts(\.environment),
            .reports,
            "a fact shown at the top of the HTML and Markdown reports beside the CI's (branch, commit, build): "
                + "'app=2.3.0', 'device=iPhone 15' (repeatable)"))
    public var environment: [String]

    /// The failure categories' rules, in order (Allure's `categories.json`).
    @Declared(
        Setting(
            key: "categories", option: "--categories", value: "FILE", .categories, .categories(\.categories),
            .reports,
            "sort what did not pass into the categories of FILE (Allure's categories.json: name, matchedStatuses, "
                + "messageRegex, traceRegex), before the built-in ones: product defects, broken tests, crashes, "
                + "undefined, ambiguous and pending steps (repeatable)"))
    public var categories: [FailureCategory]

    /// Values of the options a command adds (`store` for `--store`), by key.
    public var extra: [String: String] = [:]
    /// Where the values were read (the command line, the environment, a profile), for the errors found once they
    /// are used (a languages file that cannot be read names `GHERKIN_LANGUAGES`).
    package var sources = Sources()

    /// Where settings were read: the option, the environment variable or the profile's key, by the setting's
    /// option. Not part of the value: two settings holding the same values are equal wherever they were read.
    package struct Sources: Sendable, Equatable {
        /// The option, the variable or the place of the profile's key, by the setting's option (`--languages`:
        /// `GHERKIN_LANGUAGES`, or `cucumber.json:3:5: profile "ci": languages`).
        package var byOption: [String: String] = [:]

        package static func == (_: Sources, _: Sources) -> Bool { true }
    }

    /// Settings with nothing set.
    public init() {}

    /// Whether nothing is set.
    public var isEmpty: Bool { self == RunSettings() }
}
