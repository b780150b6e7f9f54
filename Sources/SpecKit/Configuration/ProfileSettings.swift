import Gherkin
import Messages

/// The options of one profile of a configuration file (`cucumber.json`), or of several merged: what is not set is
/// nil or empty.
///
/// The option names and their merging are cucumber-js's: `paths`, `format`, `name`, `tags`, `exclusive`,
/// `linkTags`, `environment` and `categories` add up (tag expressions must all hold, two retry tag filters too), every other option takes the last
/// value given. `ProfileKey.all` is the one
/// table of the keys a profile may hold.
public struct ProfileSettings: Sendable, Equatable {
    /// Feature files or folders to run (`path`, `path:12`), or `@rerun.txt` files.
    public var paths: [String] = []
    /// Tag expressions a scenario must all satisfy.
    public var tags: [String] = []
    /// Regular expressions; a scenario runs when its name matches any of them.
    public var names: [String] = []
    /// Reports to write, `NAME[:PATH]`.
    public var formats: [String] = []
    /// Tag expressions whose scenarios never run at the same time as one another.
    public var exclusive: [String] = []
    /// How many scenarios run at once (from 0, one at a time as 1, to 256).
    public var parallel: Int?
    /// How many times a failing scenario is retried (from 0 to 100).
    public var retry: Int?
    /// The tag expression of the scenarios that may be retried.
    public var retryTagFilter: String?
    /// Rules turning tags into links in the reports, `PATTERN=URL`.
    public var linkTags: [String] = []
    /// Facts of the team's own shown at the top of the HTML and Markdown reports, `NAME=VALUE`.
    public var environment: [String] = []
    /// The failure categories' rules, in order (Allure's `categories.json`).
    public var categories: [FailureCategory] = []
    /// Whether undefined, pending and ambiguous steps fail the run.
    public var strict: Bool?
    /// Whether steps are matched without running them.
    public var dryRun: Bool?
    /// Whether to stop after the first failing scenario.
    public var failFast: Bool?
    /// The order scenarios run in.
    public var order: RunOrder?
    /// How long a step may run, in seconds (from 0.001 to 86400, a day).
    public var timeout: Double?
    /// The shard to run.
    public var shard: Shard?
    /// The report folder.
    public var out: String?
    /// The title of the HTML and Markdown reports.
    public var title: String?
    /// A `gherkin-languages.json` file of more languages.
    public var languages: String?
    /// Values of the options a command adds (`store` for `--store`), by key.
    public var extra: [String: String] = [:]

    /// Settings with nothing set.
    public init() {}

    /// Whether nothing is set.
    public var isEmpty: Bool { self == ProfileSettings() }

    /// These settings, then `later`'s: lists add up, the other options take `later`'s value where it has one.
    public func merging(_ later: ProfileSettings) -> ProfileSettings {
        var merged = self
        merged.paths += later.paths
        merged.tags += later.tags
        merged.names += later.names
        merged.formats += later.formats
        merged.exclusive += later.exclusive
        merged.parallel = later.parallel ?? parallel
        merged.retry = later.retry ?? retry
        merged.linkTags += later.linkTags
        merged.environment += later.environment
        merged.categories += later.categories
        switch (retryTagFilter, later.retryTagFilter) {
        case (let earlier?, let latest?): merged.retryTagFilter = "(\(earlier)) and (\(latest))"
        case (let earlier, let latest): merged.retryTagFilter = latest ?? earlier
        }
        merged.strict = later.strict ?? strict
        merged.dryRun = later.dryRun ?? dryRun
        merged.failFast = later.failFast ?? failFast
        merged.order = later.order ?? order
        merged.timeout = later.timeout ?? timeout
        merged.shard = later.shard ?? shard
        merged.out = later.out ?? out
        merged.title = later.title ?? title
        merged.languages = later.languages ?? languages
        merged.extra.merge(later.extra) { _, new in new }
        return merged
    }

    /// Applies what a run configuration holds: tags and names (added to the configuration's), exclusive groups,
    /// parallelism, retries and their tag filter, strictness, dry run, fail-fast, order, step timeout, shard and
    /// languages. Paths, formats, tag links, the report folder and title are for the caller (a command, or the
    /// Swift Testing bridge).
    ///
    /// - Throws: `LanguagesFileError` when `languages` names a file that cannot be read.
    public func apply(to configuration: inout RunConfiguration) throws(LanguagesFileError) {
        configuration.tagExpressions += tags
        configuration.namePatterns += names
        configuration.exclusiveTagExpressions += exclusive
        if let parallel { configuration.parallel = max(parallel, 1) }
        if let retry { configuration.retry = retry }
        if let retryTagFilter { configuration.retryTagFilter = retryTagFilter }
        if let strict { configuration.strict = strict }
        if let dryRun { configuration.dryRun = dryRun }
        if let failFast { configuration.failFast = failFast }
        if let order { configuration.order = order }
        // Read from a file, the timeout is in range; set by code, one out of range is refused by the run (no trap).
        if let timeout { configuration.stepTimeout = RunLimits.stepTimeoutOrOutOfRange(seconds: timeout) }
        if let shard { configuration.shard = shard }
        if let languages {
            do {
                configuration.languages = try GherkinLanguages.builtIn(plus: languages)
            } catch let error as LanguagesFileError {
                throw error
            } catch {
                throw LanguagesFileError(path: languages, reason: "\(error)")
            }
        }
    }
}
