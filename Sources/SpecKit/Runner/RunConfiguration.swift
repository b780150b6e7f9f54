import Foundation
import Gherkin
import Messages
import RegexEngine
import TagExpressions

/// How a run selects, orders and runs scenarios.
///
/// ```swift
/// var configuration = RunConfiguration()
/// configuration.tagExpressions = ["@cache and not @slow"]
/// configuration.stepTimeout = .seconds(2)
/// configuration.parallel = 2
/// configuration.order = .random(seed: 42)
/// ```
public struct RunConfiguration: Sendable {
    /// Tag expressions a scenario must all satisfy to run (e.g. `"@cache and not @wip"`); none selects all.
    public var tagExpressions: [String] = []
    /// Regular expressions (`NSRegularExpression` syntax); a scenario runs when its name matches any of them.
    public var namePatterns: [String] = []
    /// `path:line` filters; when any is given, only the scenarios they select run (see `LineFilter`).
    public var lineFilters: [LineFilter] = []
    /// Whether undefined, pending and ambiguous steps fail the run (default true).
    public var strict = true
    /// Whether to match steps without running them: matched steps are `skipped`, hooks do not run.
    public var dryRun = false
    /// Whether to stop after the first failing scenario: the others are not run (as cucumber-js does).
    public var failFast = false
    /// How many times a failing scenario is retried (0: never; at most `RunLimits.retry`, 100); only the last
    /// attempt counts. A scenario that fails and then passes is *flaky*: it passes the run, and every report says
    /// it was flaky.
    public var retry = 0
    /// Only the scenarios whose tags satisfy this tag expression are retried (nil: every failing scenario), as
    /// cucumber-js's `retryTagFilter`, e.g. `@flaky and not @slow`.
    public var retryTagFilter: String?
    /// How long a step or hook may run before it fails with `timed out after N s` (default 10 s; from a
    /// millisecond to a day, `RunLimits.stepTimeoutSeconds`).
    ///
    /// A step that ignores cancellation is abandoned and keeps running in the background.
    public var stepTimeout: Duration = .seconds(10)
    /// The order scenarios run in.
    public var order: RunOrder = .defined
    /// How many scenarios run at once (1: one after the other; at most `RunLimits.parallel`, 256).
    public var parallel = 1
    /// Tag expressions whose scenarios never run at the same time as one another under `parallel` (they share a
    /// database, a port, a device): two scenarios matching the same expression never overlap, while the other
    /// workers go on with other scenarios. Each expression is a group of its own (`["@database", "@printer"]`
    /// keeps database scenarios apart and printer scenarios apart, not one from the other).
    public var exclusiveTagExpressions: [String] = []
    /// Runs only the scenarios of one shard; nil runs them all.
    public var shard: Shard?
    /// The tag of work in progress: such scenarios are reported but never fail the run (default `@wip`).
    public var wipTag: String? = RunVerdict.defaultWorkInProgressTag

    /// Whether a finished test case fails the run, as `strict` and `wipTag` say: the one rule the reports apply too.
    public var verdict: RunVerdict { RunVerdict(strict: strict, workInProgressTag: wipTag) }
    /// Where timestamps and durations come from (default: the system clock).
    package var clock: RunClock = .system
    /// The ids of messages: incrementing (reproducible, the default) or UUIDs.
    public var idStyle: IdStyle = .incrementing
    /// The folder `.feature` uris are written relative to (default: the current directory). Files outside it
    /// keep their path as given.
    public var uriBase: String?
    /// The Gherkin languages a `# language:` header can name (default: the built-in ones; add more with
    /// `GherkinLanguages.builtIn(plus:)`).
    public var languages: GherkinLanguages = .builtIn
    /// How much of the specs a whole run keeps in memory between its passes over them (see `SpecStream`).
    package var memoryBudget = MemoryBudget()
    /// Where a run carries on after the process that ran its first part ended in the middle (a crashing step):
    /// nil for a whole run.
    package var resume: ResumePoint?
    /// The key of the run's UUIDs (`idStyle` `.uuid`), so that a runner process started again draws the same ids;
    /// nil draws a random one.
    package var idKey: IdKey?
    /// Where the hooks and test cases run when not in this process (a runner process); nil runs them here.
    package var remote: (any RemoteExecution)?
    /// In a runner process: the command emits the documents and every `testCase` itself, so the run here draws the
    /// test cases' ids without preparing them to emit, and prepares each once, to run it.
    package var commandEmitsTestCases = false
    /// In a runner process: what the command's reading of the specs found, so that the run here reads them once,
    /// as it runs them (in the defined order; nil reads them whole first, as the command did).
    package var documentsRead: DocumentsRead?
    /// Whether the run is the last thing its process does (the last run of a command, a runner process): what it
    /// read of its specs is then left for the process's end to free (`ProcessEnd`).
    package var endsWithProcess = false
    /// In a worker process of a parallel run: where its test cases come from (nil: it runs every one).
    package var dispatch: (any TestCaseDispatch)?
    /// In a worker process of a parallel run: the `workerId` its test cases carry.
    package var workerName: String?
    /// The `implementation` of the `meta` message.
    public var implementation = Product(name: "feed-specs", version: "0.1.0")

    /// Creates the default configuration.
    public init() {}

    /// Checks the tag expressions (exclusive ones too), name patterns, shard, and that parallelism, retries and
    /// timeout are in their ranges (`RunLimits`).
    ///
    /// - Throws: `SpecRunError` naming the bad value.
    public func validate() throws(SpecRunError) {
        _ = try compiled()
    }
}

/// How much of the specs a whole run keeps in memory between its passes over them.
package struct MemoryBudget: Sendable, Hashable {
    /// The bytes of Gherkin whose selected pickles are kept parsed between passes: a run of at most this many is
    /// parsed once.
    package var keptSourceBytes = 4 << 20
    /// In a larger run, the bytes of Gherkin of its first files whose selected pickles stay kept (the files beyond
    /// are parsed again).
    package var keptSourceBytesOfLargerRuns = 2 << 20
    /// The bytes of the files' text kept in memory (beyond, in an unlinked temporary file).
    package var snapshotBytes = 8 << 20

    /// The default budget.
    package init() {}

    /// A budget keeping nothing in memory: every pass parses again, from a temporary file.
    package static let nothing: MemoryBudget = {
        var budget = MemoryBudget()
        budget.keptSourceBytes = 0
        budget.keptSourceBytesOfLargerRuns = 0
        budget.snapshotBytes = 0
        return budget
    }()
}

/// The message id style of a run.
public enum IdStyle: String, Sendable, Hashable, CaseIterable {
    /// `"0"`, `"1"`, `"2"`, ...
    case incrementing
    /// Random UUIDs.
    case uuid

    /// A new id source of this style (UUIDs from `key`, or a random key).
    package func makeSource(key: IdKey? = nil) -> IdSource {
        switch self {
        case .incrementing: .incrementing()
        case .uuid: key.map { .uuid(key: $0) } ?? .uuid()
        }
    }
}

/// The key of a run's UUIDs: two runner processes with one key draw the same ids for the same specs.
package struct IdKey: Sendable, Hashable, Codable {
    package var high: UInt64
    package var low: UInt64

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// A random key.
    package static func random() -> IdKey {
        var random = SystemRandomNumberGenerator()
        return IdKey(high: random.next(), low: random.next())
    }
}

/// Where a run carries on when the process that ran its first part ended in the middle (a crashing step): the
/// test cases already told are not run again, and the run has failed already.
package struct ResumePoint: Sendable, Hashable, Codable {
    /// The test cases already run (or crashed): they are prepared, with the same ids, but not run.
    package var skippedTestCaseIds: Set<String>
    /// Whether what ran before failed the run (a crash always does): with fail-fast, nothing more runs.
    package var runHasFailed: Bool

    package init(skippedTestCaseIds: Set<String>, runHasFailed: Bool) {
        self.skippedTestCaseIds = skippedTestCaseIds
        self.runHasFailed = runHasFailed
    }
}

/// The order scenarios run in.
public enum RunOrder: Sendable, Hashable, CustomStringConvertible {
    /// Files in path order, scenarios as written.
    case defined
    /// Shuffled with a seeded generator: the same seed gives the same order on every machine.
    case random(seed: UInt64)
    /// The defined order, reversed (files last to first, scenarios last to first), as cucumber-js's
    /// `--order reverse`.
    case reverse

    /// Parses `defined`, `reverse`, `random` (a seed drawn from 0 to 999,999, which the run reports) or
    /// `random:SEED` (any unsigned 64-bit seed). The one reading of an order, wherever it is written (`--order`,
    /// a profile's `order`, a runner process's instruction).
    ///
    /// - Throws: `SpecRunError` for anything else, whose message is `expectedDescription` after the text.
    public init(parsing text: String) throws(SpecRunError) {
        if text == "defined" {
            self = .defined
        } else if text == "reverse" {
            self = .reverse
        } else if text == "random" {
            self = .random(seed: UInt64.random(in: 0...999_999))
        } else if text.hasPrefix("random:"), let seed = UInt64(text.dropFirst("random:".count)) {
            self = .random(seed: seed)
        } else {
            throw SpecRunError(kind: .invalidConfiguration, message: "\(text): \(Self.expectedDescription)")
        }
    }

    /// What an order is written as, for messages.
    public static let expectedDescription = "expected defined, reverse, random or random:SEED (e.g. random:42)"

    /// `defined`, `reverse` or `random:SEED`.
    public var description: String {
        switch self {
        case .defined: "defined"
        case .random(let seed): "random:\(seed)"
        case .reverse: "reverse"
        }
    }
}

/// One shard of a run split across machines: shard `index` (1-based) of `count`.
///
/// A scenario's shard is a stable hash (FNV-1a) of its uri and line, so every machine agrees.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// The shard, from 1 to `count`.
    public var index: Int
    /// How many shards.
    public var count: Int

    /// Creates shard `index` of `count`.
    ///
    /// - Throws: `SpecRunError` unless `1 <= index <= count`.
    public init(index: Int, count: Int) throws(SpecRunError) {
        guard count >= 1, (1...count).contains(index) else {
            throw SpecRunError(
                kind: .invalidConfiguration,
                message: "invalid shard \(index)/\(count): the index must be between 1 and the count (e.g. 1/3)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`, e.g. `2/3`.
    ///
    /// - Throws: `SpecRunError` for anything else.
    public init(parsing text: String) throws(SpecRunError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw SpecRunError(
                kind: .invalidConfiguration, message: "invalid shard '\(text)': use INDEX/COUNT, e.g. 1/3")
        }
        try self.init(index: index, count: count)
    }

    /// Whether the scenario at `uri`, `line` belongs to this shard.
    public func contains(uri: String, line: Int) -> Bool {
        Shard.number(uri: uri, line: line, count: count) == index
    }

    /// The 1-based shard of the scenario at `uri`, `line` among `count` shards.
    public static func number(uri: String, line: Int, count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(uri):\(line)".utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(max(count, 1))) + 1
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }
}

/// Selects scenarios by their place in a `.feature` file, as `path:line` on the command line.
///
/// A line anywhere inside a scenario (its tags, keyword, description, a step, a table row or a doc string)
/// selects it; inside an outline, all its rows. An examples block's tags, keyword or header row select its rows,
/// one examples row selects that row, and a rule's or the feature's keyword line selects all they hold, as in
/// Cucumber-Ruby and Cucumber-JVM. No lines selects every scenario of the file. The path is matched against the
/// scenario's uri both as given and resolved from the current directory.
public struct LineFilter: Sendable, Hashable, CustomStringConvertible {
    /// The `.feature` file, as given.
    public var path: String
    /// The lines; empty for the whole file.
    public var lines: [Int]

    /// Creates a filter.
    public init(path: String, lines: [Int]) {
        self.path = path
        self.lines = lines
    }

    /// Parses `path`, `path:12` or `path:12:30`.
    ///
    /// - Throws: `SpecRunError` when a part after the path is not a positive line number.
    public init(parsing text: String) throws(SpecRunError) {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var lines: [Int] = []
        while parts.count > 1, let last = parts.last, let line = Int(last) {
            guard line > 0 else {
                throw SpecRunError(
                    kind: .invalidConfiguration, message: "invalid line filter '\(text)': lines start at 1")
            }
            lines.insert(line, at: 0)
            parts.removeLast()
        }
        let path = parts.joined(separator: ":")
        guard !path.isEmpty else {
            throw SpecRunError(kind: .invalidConfiguration, message: "invalid line filter '\(text)': no path")
        }
        self.init(path: path, lines: lines)
    }

    /// `path:12:30`.
    public var description: String { ([path] + lines.map(String.init)).joined(separator: ":") }
}

/// A configuration with its expressions compiled.
struct CompiledConfiguration: Sendable {
    let tags: [TagExpression]
    let names: [FoundationRegex]
    /// Which scenarios may be retried (nil: every one).
    let retryFilter: TagExpression?
    /// The exclusive groups' expressions, with their texts, in the configuration's order.
    let exclusive: [(text: String, expression: TagExpression)]

    /// Nothing selected away, retried or kept apart: what a configuration that does not compile leaves a run,
    /// which fails before it uses any of it.
    static let empty = CompiledConfiguration(tags: [], names: [], retryFilter: nil, exclusive: [])
}

extension RunConfiguration {
    /// Its expressions and patterns compiled, each once.
    ///
    /// - Throws: `SpecRunError` naming the first invalid one.
    func compiled() throws(SpecRunError) -> CompiledConfiguration {
        var tags: [TagExpression] = []
        for text in tagExpressions {
            do {
                tags.append(try TagExpression(text))
            } catch {
                throw SpecRunError(
                    kind: .invalidConfiguration, message: "invalid tag expression '\(text)': \(error.message)")
            }
        }
        var exclusive: [(text: String, expression: TagExpression)] = []
        for text in exclusiveTagExpressions {
            do {
                exclusive.append((text, try TagExpression(text)))
            } catch {
                throw SpecRunError(
                    kind: .invalidConfiguration,
                    message: "invalid exclusive tag expression '\(text)': \(error.message)")
            }
        }
        var names: [FoundationRegex] = []
        for pattern in namePatterns {
            do {
                names.append(try FoundationRegex(pattern: pattern))
            } catch {
                throw SpecRunError(
                    kind: .invalidConfiguration,
                    message: "invalid name pattern '\(pattern)': not a valid regular expression")
            }
        }
        guard RunLimits.parallel.contains(parallel) else {
            throw SpecRunError(
                kind: .invalidConfiguration,
                message: "invalid parallelism \(parallel): use \(RunLimits.expected(RunLimits.parallel)) (workers)")
        }
        guard RunLimits.retry.contains(retry) else {
            throw SpecRunError(
                kind: .invalidConfiguration,
                message: "invalid retry count \(retry): use \(RunLimits.expected(RunLimits.retry))")
        }
        var retryFilter: TagExpression?
        if let text = retryTagFilter {
            do {
                retryFilter = try TagExpression(text)
            } catch {
                throw SpecRunError(
                    kind: .invalidConfiguration, message: "invalid retry tag filter '\(text)': \(error.message)")
            }
        }
        guard RunLimits.contains(stepTimeout: stepTimeout) else {
            throw SpecRunError(
                kind: .invalidConfiguration,
                message: "invalid step timeout \(stepTimeout): use \(RunLimits.stepTimeoutExpected)")
        }
        return CompiledConfiguration(tags: tags, names: names, retryFilter: retryFilter, exclusive: exclusive)
    }
}
