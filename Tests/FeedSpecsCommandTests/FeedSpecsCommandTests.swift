import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `feed-specs` executable (beside the test bundle: this target depends on it) and the package root.
enum FeedSpecsCommand {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var url: URL? { BuiltExecutable.feedSpecs.url }

    static var isAvailable: Bool { url != nil }

    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `feed-specs arguments` in `directory` (without a terminal, so without colours).
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) async throws
        -> Outcome
    {
        var base = ProcessInfo.processInfo.environment
        for key in ["TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX", "TEST_SHARD_STATUS_FILE", "GHERKIN_LANGUAGES"] {
            base[key] = nil
        }
        let outcome = try await BuiltExecutable.feedSpecs.run(
            arguments, currentDirectory: directory, environment: base.merging(environment) { $1 })
        return Outcome(status: outcome.status, output: outcome.output, errors: outcome.errorOutput)
    }

    /// A fresh folder holding a copy of the package's `Specs/` (to edit without touching the real ones).
    static func workspace() throws -> URL {
        let directory = scratchFolder.appendingPathComponent(
            "feed-specs-command-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Specs"), to: directory.appendingPathComponent("Specs"))
        return directory
    }

    /// Replaces the first occurrence of `old` by `new` in the file at `path` (relative to `directory`).
    static func edit(_ path: String, in directory: URL, replacing old: String, with new: String) throws {
        let url = directory.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let range = try #require(text.range(of: old), "\(old) not found in \(path)")
        try text.replacingCharacters(in: range, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    /// The numbers of a Cucumber summary line, e.g. 65 in `65 scenarios (65 passed)`.
    static func count(_ noun: String, in output: String) -> Int? {
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count >= 2, words[1].hasPrefix(noun), let value = Int(words[0]) { return value }
        }
        return nil
    }
}

@Suite(
    "feed-specs command",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct FeedSpecsCommandTests {
    @Test("runs every spec by default, passes, and writes every report into --out")
    func defaultRun() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try await FeedSpecsCommand.run(["--out", "out"], in: directory)
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
        let scenarios = try #require(FeedSpecsCommand.count("scenario", in: outcome.output))
        #expect(scenarios > 20)
        #expect(outcome.output.contains("\(scenarios) scenarios (\(scenarios) passed)"))
        for name in ["cucumber-messages.ndjson", "cucumber.json", "junit.xml", "report.html", "report.md", "rerun.txt"]
        {
            #expect(
                FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/\(name)").path), "\(name)")
            #expect(outcome.output.contains("out/\(name)"), "the console names \(name)")
        }
        #expect(!outcome.output.contains("\u{1B}["), "no colours without a terminal")
    }

    @Test(
        "a word that is not a command is a path, said missing; one close to a command is offered it",
        arguments: [
            ("nosuchdir", "no such file or folder: nosuchdir"),
            ("stpes", "unknown command 'stpes'; did you mean 'steps'?"),
        ])
    func wordThatIsNotACommand(word: String, message: String) async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try await FeedSpecsCommand.run([word], in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains(message), "\(outcome.errors)")
    }

    @Test(
        "a spec saved with a byte-order mark, or in Latin-1 with its encoding header, runs; an unknown encoding is an error at 1:1"
    )
    func encodings() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let specs = directory.appendingPathComponent("Specs")
        let feature = "Feature: Café offline\n  Scenario: Déjà vu\n    Given the customer has connectivity\n"
        try Data([0xEF, 0xBB, 0xBF] + Array(feature.utf8)).write(to: specs.appendingPathComponent("bom.feature"))
        let latin1 = ("# encoding: ISO-8859-1\n" + feature).unicodeScalars.map { UInt8($0.value) }
        try Data(latin1).write(to: specs.appendingPathComponent("latin1.feature"))
        let outcome = try await FeedSpecsCommand.run(
            ["Specs/bom.feature", "Specs/latin1.feature", "--format", "pretty"], in: directory)
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.output.contains("2 scenarios (2 passed)"))
        #expect(outcome.output.contains("Déjà vu"))

        try Data(Array(("# encoding: klingon\n" + feature).utf8)).write(to: specs.appendingPathComponent("bad.feature"))
        let bad = try await FeedSpecsCommand.run(["Specs/bad.feature", "--format", "summary"], in: directory)
        #expect(bad.status == 1)
        #expect(bad.output.contains("Specs/bad.feature:1:1: "), "\(bad.output)")
        #expect(bad.output.contains("unknown encoding 'klingon'"))
    }

    @Test("with only report files chosen, progress and the summary still show on the console, as in Cucumber")
    func progressWhenNoConsoleFormat() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try await FeedSpecsCommand.run(
            ["--format", "message:out.ndjson", "--format", "json:out.json"], in: directory)
        #expect(outcome.status == 0, "\(outcome.errors)")
        let scenarios = try #require(FeedSpecsCommand.count("scenario", in: outcome.output), "\(outcome.output)")
        #expect(outcome.output.contains("\(scenarios) scenarios (\(scenarios) passed)"))
        #expect(outcome.output.hasPrefix("."), "progress dots first: \(outcome.output.prefix(80))")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.ndjson").path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("reports").path))

        let toStandardOutput = try await FeedSpecsCommand.run(["--format", "message:-"], in: directory)
        #expect(toStandardOutput.output.split(separator: "\n").allSatisfy { $0.hasPrefix("{") }, "only messages")
    }

    @Test("a console format with --out still writes every report file there; without --out, none")
    func consoleFormatWithOut() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let withOut = try await FeedSpecsCommand.run(["--format", "summary", "--out", "out"], in: directory)
        #expect(withOut.status == 0, "\(withOut.errors)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/report.html").path))
        #expect(!withOut.output.contains("...."), "summary only, no progress")

        let without = try await FeedSpecsCommand.run(["--format", "summary"], in: directory)
        #expect(without.status == 0)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("reports").path))
    }

    @Test("a failing expectation fails the run at the failing step's file:line:column with a product owner's message")
    func failingScenario() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FeedSpecsCommand.edit(
            "Specs/load_cached_feed.feature", in: directory, replacing: "Then 4 images are delivered",
            with: "Then 5 images are delivered")
        let outcome = try await FeedSpecsCommand.run(
            ["--out", "out", "--format", "summary", "--format", "rerun"], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.output.contains("1 failed"))
        #expect(outcome.output.contains("Specs/load_cached_feed.feature:"))
        #expect(outcome.output.contains("Expected 5 images"))
        let specs = try String(
            contentsOf: directory.appendingPathComponent("Specs/load_cached_feed.feature"), encoding: .utf8)
        let stepLine = try #require(
            specs.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains("Then 5 images are delivered")
            })
        #expect(
            outcome.output.contains("Specs/load_cached_feed.feature:\(stepLine + 1):5: Expected 5 images"),
            "the failure points at the failing step's line: \(outcome.output)")

        let rerun = try String(
            contentsOf: directory.appendingPathComponent("out/rerun.txt"), encoding: .utf8)
        #expect(rerun.contains("Specs/load_cached_feed.feature:"))
        let again = try await FeedSpecsCommand.run(["@out/rerun.txt", "--format", "summary"], in: directory)
        #expect(again.status == 1)
        #expect(again.output.contains("1 scenario (1 failed)"), "only the failed scenario is rerun: \(again.output)")
    }

    @Test("an undefined step shows a snippet; it fails a strict run and not a --no-strict one")
    func undefinedStep() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let feature = """
            Feature: Shaking
              Scenario: Shaking the phone refreshes the feed
                Given the customer has connectivity
                When the customer shakes the phone 3 times

            """
        try feature.write(
            to: directory.appendingPathComponent("Specs/shaking.feature"), atomically: true, encoding: .utf8)
        let strict = try await FeedSpecsCommand.run(
            ["Specs/shaking.feature", "--format", "summary", "--format", "junit:strict.xml"], in: directory)
        #expect(strict.status == 1)
        #expect(strict.output.contains("1 scenario (1 undefined)"))
        #expect(strict.output.contains(#"steps.when("the customer shakes the phone {int} times")"#))
        #expect(!strict.output.contains("{float}"), "no {float} twin of the {int} snippet")
        let lenient = try await FeedSpecsCommand.run(
            ["Specs/shaking.feature", "--format", "summary", "--format", "junit:lenient.xml", "--no-strict"],
            in: directory)
        #expect(lenient.status == 0)
        // The reports judge by the run's own verdict, as the exit status does.
        let strictJUnit = try String(contentsOf: directory.appendingPathComponent("strict.xml"), encoding: .utf8)
        let lenientJUnit = try String(contentsOf: directory.appendingPathComponent("lenient.xml"), encoding: .utf8)
        #expect(strictJUnit.contains(#"skipped="0" failures="1""#))
        #expect(lenientJUnit.contains(#"skipped="1" failures="0""#))
    }

    @Test("a mistyped step gets \"did you mean\" with the closest steps on the console, in HTML and in Markdown")
    func mistypedStep() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "Feature: Typo\n  Scenario: One\n    Given the custmer has conectivity\n".write(
            to: directory.appendingPathComponent("Specs/typo.feature"), atomically: true, encoding: .utf8)
        let outcome = try await FeedSpecsCommand.run(
            ["Specs/typo.feature", "--format", "summary", "--out", "out"], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.output.contains("Did you mean:\n         \"the customer has connectivity\" (FeedAcceptance/"))
        let html = try String(contentsOf: directory.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(html.contains("Did you mean:"))
        #expect(html.contains("the customer has connectivity"))
        let markdown = try String(contentsOf: directory.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(markdown.contains("Did you mean `\"the customer has connectivity\""))
    }

    @Test(
        "a malformed feature is explained at file:line:column before the summary and fails the run; the others still run"
    )
    func parseError() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "Feature: Broken\n  Scenario: one\n    Given a step\n  Oops\n".write(
            to: directory.appendingPathComponent("Specs/broken.feature"), atomically: true, encoding: .utf8)
        let outcome = try await FeedSpecsCommand.run(["--format", "summary", "--out", "out"], in: directory)
        #expect(outcome.status == 1)
        #expect((FeedSpecsCommand.count("scenario", in: outcome.output) ?? 0) > 20)
        let explained = try #require(
            outcome.output.range(of: "Specs/broken.feature:4:3: This line is not a step"), "\(outcome.output)")
        let totals = try #require(outcome.output.range(of: "1 parse error in 1 file (not run)\n"))
        #expect(explained.upperBound < totals.lowerBound, "said before the summary")

        let messagesOnly = try await FeedSpecsCommand.run(["--format", "message:-"], in: directory)
        #expect(messagesOnly.status == 1)
        #expect(messagesOnly.errors.contains("Parse error: Specs/broken.feature:4:3: This line is not a step"))
    }

    @Test("a FIFO or a symbolic-link loop given as a spec is named for what it is, with exit status 2")
    func specialFiles() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(mkfifo(directory.appendingPathComponent("pipe.feature").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("a.feature").path, withDestinationPath: "b.feature")
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("b.feature").path, withDestinationPath: "a.feature")

        let fifo = try await FeedSpecsCommand.run(["pipe.feature"], in: directory)
        let loop = try await FeedSpecsCommand.run(["a.feature"], in: directory)

        #expect(fifo.status == 2)
        #expect(
            fifo.errors
                == "feed-specs: pipe.feature is a FIFO (named pipe), not a file: give a .feature file or a folder\n")
        #expect(fifo.output.isEmpty)
        #expect(loop.status == 2)
        #expect(loop.errors.contains("a.feature is a symbolic link that leads back to itself (a loop)"))
    }

    @Test("terminal escape sequences written in a spec are printed escaped on the console")
    func escapesOnTheConsole() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "Feature: Bell\u{07}\n  Scenario: Clear \u{1B}[2J screen\n    Given the customer has connectivity\n".write(
            to: directory.appendingPathComponent("Specs/hostile.feature"), atomically: true, encoding: .utf8)
        let outcome = try await FeedSpecsCommand.run(["Specs/hostile.feature", "--format", "pretty"], in: directory)
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("Feature: Bell\\u{7}"))
        #expect(outcome.output.contains("Scenario: Clear \\u{1B}[2J screen"))
        #expect(!outcome.output.contains("\u{1B}"))
        #expect(!outcome.output.contains("\u{07}"))
    }

    @Test("a malformed feature shows in the JUnit and Cucumber JSON reports, so CI dashboards do not show green")
    func parseErrorInFileReports() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "Feature: Broken\n  Scenario: one\n    Given a step\n  Oops\n".write(
            to: directory.appendingPathComponent("Specs/broken.feature"), atomically: true, encoding: .utf8)
        let outcome = try await FeedSpecsCommand.run(["Specs/broken.feature", "--out", "out"], in: directory)
        #expect(outcome.status == 1)
        let junit = try String(contentsOf: directory.appendingPathComponent("out/junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"tests="1" skipped="0" failures="0" errors="1""#))
        #expect(junit.contains(#"<testcase classname="Parse errors" name="Specs/broken.feature""#))
        let json = try String(contentsOf: directory.appendingPathComponent("out/cucumber.json"), encoding: .utf8)
        #expect(json.contains(#""status":"failed""#))
        #expect(json.contains(#""error_message":"Specs/broken.feature:4:3: "#))
    }

    @Test(
        "usage errors exit with status 2 and name what is wrong",
        arguments: [
            (["--tag", "@cache"], "did you mean '--tags'?"),
            (["--format", "htm"], "did you mean 'html'?"),
            (["--shard", "3/2"], "--shard 3/2"),
            (["--store", "disk"], "--store disk"),
            (["--retry", "-1"], "--retry -1"),
            (["--order", "shuffled"], "--order shuffled"),
            (["Specs/nowhere.feature"], "Specs/nowhere.feature"),
            (["stpes"], "did you mean 'steps'?"),
            (["merge"], "no message stream given"),
        ])
    func usageErrors(arguments: [String], message: String) async throws {
        let outcome = try await FeedSpecsCommand.run(arguments, in: FeedSpecsCommand.packageRoot)
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains(message), "\(outcome.errors)")
    }

    @Test("--help explains the options with examples and exits 0")
    func help() async throws {
        let outcome = try await FeedSpecsCommand.run(["run", "--help"], in: FeedSpecsCommand.packageRoot)
        #expect(outcome.status == 0)
        for option in [
            "--tags", "--name", "--dry-run", "--strict", "--fail-fast", "--retry", "--store", "--format",
            "--out", "--order", "--parallel", "--shard", "--languages", "Examples:",
        ] {
            #expect(outcome.output.contains(option), "\(option)")
        }
    }

    @Test("two shards split the scenarios without overlap, and merging their streams gives the full run")
    func shardsAndMerge() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let full = try await FeedSpecsCommand.run(["--format", "summary"], in: directory)
        let total = try #require(FeedSpecsCommand.count("scenario", in: full.output))
        let first = try await FeedSpecsCommand.run(
            ["--shard", "1/2", "--format", "summary", "--format", "message:s1.ndjson"], in: directory)
        let second = try await FeedSpecsCommand.run(
            ["--shard", "2/2", "--format", "summary", "--format", "message:s2.ndjson"], in: directory)
        let one = try #require(FeedSpecsCommand.count("scenario", in: first.output))
        let two = try #require(FeedSpecsCommand.count("scenario", in: second.output))
        #expect(one > 0 && two > 0)
        #expect(one + two == total)

        let merged = try await FeedSpecsCommand.run(
            ["merge", "s1.ndjson", "s2.ndjson", "--out", "merged"], in: directory)
        #expect(merged.status == 0, "\(merged.errors)")
        #expect(merged.output.contains("\(total) scenarios (\(total) passed)"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("merged/junit.xml").path))
    }

    @Test("Bazel's sharding variables select a shard and the status file is touched")
    func bazelSharding() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let statusFile = directory.appendingPathComponent("shard-status").path
        let bazel = try await FeedSpecsCommand.run(
            ["--format", "summary"], in: directory,
            environment: ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "1", "TEST_SHARD_STATUS_FILE": statusFile])
        let explicit = try await FeedSpecsCommand.run(["--format", "summary", "--shard", "2/2"], in: directory)
        #expect(bazel.status == 0)
        #expect(FileManager.default.fileExists(atPath: statusFile))
        #expect(
            FeedSpecsCommand.count("scenario", in: bazel.output)
                == FeedSpecsCommand.count("scenario", in: explicit.output))
    }

    @Test("--tags and --name select scenarios; --dry-run runs nothing but matches every step")
    func selection() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tagged = try await FeedSpecsCommand.run(["--tags", "@boundary", "--format", "pretty"], in: directory)
        #expect(tagged.status == 0)
        let scenarioLines = tagged.output.split(separator: "\n").filter { $0.contains("Scenario") }
        #expect(!scenarioLines.isEmpty)
        #expect(
            tagged.output.split(separator: "\n").filter { $0.hasPrefix("  @") }.allSatisfy { $0.contains("@boundary") })

        let none = try await FeedSpecsCommand.run(
            ["--name", "^no scenario has this name$", "--format", "summary"], in: directory)
        #expect(none.output.contains("0 scenarios"))

        let dry = try await FeedSpecsCommand.run(["--dry-run", "--format", "summary"], in: directory)
        #expect(dry.status == 0)
        #expect(dry.output.contains("skipped"))
        #expect(!dry.output.contains("passed"))
    }

    @Test(
        "a path:line anywhere inside a scenario selects it, as Cucumber does; a line inside none says so on stderr",
        arguments: [
            (2, 1), (3, 1), (5, 1), (8, 1), (9, 1), (10, 1), (11, 0), (12, 3), (13, 3), (14, 0), (15, 1), (17, 1),
            (18, 2), (20, 2), (21, 1), (1, 4), (40, 0),
        ])
    func lineInsideAScenario(line: Int, scenarios: Int) async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let feature = """
            Feature: Lines
              @first
              Scenario: With a table and a doc string
                Given a table:
                  | a | b |
                  | 1 | 2 |
                And a doc string:
                  \"\"\"
                  text
                  \"\"\"

              Scenario Outline: Rows <n>
                Given the number <n>

                Examples: Some
                  | n |
                  | 1 |
                @more
                Examples: More
                  | n |
                  | 2 |
                  | 3 |
            """
        try feature.write(
            to: directory.appendingPathComponent("Specs/lines.feature"), atomically: true, encoding: .utf8)
        let outcome = try await FeedSpecsCommand.run(
            ["Specs/lines.feature:\(line)", "--dry-run", "--no-strict", "--format", "summary"], in: directory)
        #expect(outcome.output.contains(scenarios == 1 ? "1 scenario " : "\(scenarios) scenarios"), "\(outcome.output)")
        #expect(
            outcome.errors.contains("Specs/lines.feature:\(line) selects no scenario") == (scenarios == 0),
            "\(outcome.errors)")
    }

    @Test(
        "--store all runs every scenario against each store, one report folder per store, JUnit names ending in the store; a single run's old reports go"
    )
    func everyStore() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let single = try await FeedSpecsCommand.run(["--tags", "@cache", "--out", "out"], in: directory)
        #expect(single.status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/report.html").path))
        let outcome = try await FeedSpecsCommand.run(
            ["--store", "all", "--parallel", "2", "--tags", "@cache", "--out", "out"], in: directory)
        #expect(outcome.status == 0, "\(outcome.output)")
        for store in ["memory", "file", "sqlite"] {
            #expect(outcome.output.contains("== store: \(store)"))
            let junit = try String(
                contentsOf: directory.appendingPathComponent("out/\(store)/junit.xml"), encoding: .utf8)
            #expect(junit.contains(" [\(store)]\""), "every test case names its store")
        }
        #expect(
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/report.html").path),
            "the single run's report would read as this run's")
    }

    @Test("steps lists every definition with an example, its Swift location and its use count")
    func stepCatalog() async throws {
        let outcome = try await FeedSpecsCommand.run(["steps"], in: FeedSpecsCommand.packageRoot)
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("step definitions,"))
        #expect(outcome.output.contains("the server offers the feed {string}"))
        #expect(outcome.output.contains("example:    the server offers the feed \""))
        #expect(outcome.output.contains("defined at: FeedAcceptance/"))
        let unused = try await FeedSpecsCommand.run(["steps", "--unused"], in: FeedSpecsCommand.packageRoot)
        #expect(unused.status == 0, "the package's own specs use every step: \(unused.output)")
    }

    @Test("steps flags a definition no spec uses")
    func unusedStep() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.removeItem(at: directory.appendingPathComponent("Specs/photos_feed.feature"))
        let outcome = try await FeedSpecsCommand.run(["steps", "--unused"], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.output.contains("used by:    no step (UNUSED)"))
        // Uses count the steps written in the specs (a background's step once), as the editor's hover does.
        let specs = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("Specs").path)
        var written = 0
        for name in specs where name.hasSuffix(".feature") {
            let text = try String(contentsOf: directory.appendingPathComponent("Specs/\(name)"), encoding: .utf8)
            written +=
                text.split(separator: "\n").filter { $0.hasSuffix(" the customer doesn't have connectivity") }.count
        }
        let listing = try await FeedSpecsCommand.run(["steps"], in: directory).output
        let block = try #require(listing.components(separatedBy: "\nthe customer doesn't have connectivity\n").last)
        let used = try #require(block.split(separator: "\n").first { $0.hasPrefix("  used by:") })
        #expect(written > 1 && used == "  used by:    \(written) steps", "\(written) written; \(used)")
    }

    @Test("Ctrl-C writes the reports of what has run, marked as interrupted, and exits with 130")
    func interrupted() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Enough scenarios that the run is still going when the first progress dots appear: 280 files run for about
        // 5 s after them (debug build); the interrupted run then writes their reports in about 2 s.
        let specs = directory.appendingPathComponent("Specs")
        let big = directory.appendingPathComponent("Big")
        try FileManager.default.createDirectory(at: big, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: specs.path) where file.hasSuffix(".feature") {
            for copy in 1...40 {
                try FileManager.default.copyItem(
                    at: specs.appendingPathComponent(file), to: big.appendingPathComponent("\(copy)-\(file)"))
            }
        }
        let executable = try #require(FeedSpecsCommand.url)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["Big", "--store", "sqlite", "--out", "out"]
        process.currentDirectoryURL = directory
        let output = try process.start(errors: .null).output!
        let hangGuard = HangGuard(process)
        let reading = output.fileHandleForReading
        // On a thread of its own: waiting for the child's output and its end holds none of the tests' threads.
        await offThePool {
            _ = reading.availableData  // blocks until the first progress output
            process.interrupt()
            _ = reading.readDataToEndOfFile()
            process.waitUntilExit()
        }
        #expect(
            !hangGuard.disarm(),
            "the interrupted run was still going after its hang guard, while:\n\(hangGuard.killedWhile)")

        #expect(process.terminationStatus == 130)
        let markdown = try String(contentsOf: directory.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(markdown.lowercased().contains("interrupted"))
        let messages = try String(
            contentsOf: directory.appendingPathComponent("out/cucumber-messages.ndjson"), encoding: .utf8)
        #expect(messages.contains("testCaseFinished"))
        #expect(!messages.contains("testRunFinished"))
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent("out").path)
        #expect(
            Set(leftovers).isSubset(of: [
                "cucumber-messages.ndjson", "cucumber.json", "junit.xml", "report.html", "report.md", "rerun.txt",
                "usage.txt",
            ]), "no temporary files are left behind: \(leftovers)")
    }
}

@Suite(
    "feed-specs: tag links",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct FeedSpecsTagLinkTests {
    @Test func `a tag matching --link-tags is a link in the HTML report`() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FeedSpecsCommand.edit(
            "Specs/offline_feed.feature", in: directory, replacing: "  Scenario: A recent saved feed is shown",
            with: "  @JIRA-123\n  Scenario: A recent saved feed is shown")
        let outcome = try await FeedSpecsCommand.run(
            [
                "--link-tags", #"@JIRA-(\d+)=https://tracker.example/browse/JIRA-$1"#, "--format", "html",
                "--out", "out",
            ], in: directory)
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
        let html = try String(contentsOf: directory.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(html.contains("href=\"https://tracker.example/browse/JIRA-123\">@JIRA-123</a>"))
    }

    @Test func `a --link-tags rule that is not PATTERN=URL is a usage error naming it`() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try await FeedSpecsCommand.run(["--link-tags", "@JIRA=ftp://x.example"], in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("--link-tags '@JIRA=ftp://x.example'"), "\(outcome.errors)")
    }
}

@Suite(
    "feed-specs: run history",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct FeedSpecsHistoryTests {
    @Test func `after five runs the HTML report shows each scenario's last five results and names what changed`()
        async throws
    {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        for _ in 0..<4 {
            let outcome = try await FeedSpecsCommand.run(["--out", "out", "--format", "summary"], in: directory)
            #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
        }
        try FeedSpecsCommand.edit(
            "Specs/offline_feed.feature", in: directory, replacing: "Couldn't connect to server",
            with: "Could not connect")
        let outcome = try await FeedSpecsCommand.run(["--out", "out", "--format", "summary"], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.output.contains("Changed since the last run:\n  Specs/offline_feed.feature › "))
        #expect(outcome.output.contains(": passed → failed"))
        let html = try String(contentsOf: directory.appendingPathComponent("out/report.html"), encoding: .utf8)
        let scenarios = try #require(FeedSpecsCommand.count("scenario", in: outcome.output))
        #expect(html.components(separatedBy: "aria-label=\"Last 5 runs\"").count - 1 == scenarios)
        #expect(html.contains("changed in this run (was passed)"))
        #expect(html.contains("<section class=\"changes\""))
        let history = try String(contentsOf: directory.appendingPathComponent("out/history.json"), encoding: .utf8)
        #expect(history.hasPrefix("{\"format\":\"feedspecs-run-history\""))
    }

    @Test func `shards write no history, and their merge adds one run`() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        for index in 1...2 {
            let outcome = try await FeedSpecsCommand.run(
                ["--shard", "\(index)/2", "--format", "message:shard-\(index).ndjson"], in: directory)
            #expect(outcome.status == 0, "\(outcome.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("reports/history.json").path))
        let merged = try await FeedSpecsCommand.run(
            ["merge", "shard-1.ndjson", "shard-2.ndjson", "--out", "merged"], in: directory)
        #expect(merged.status == 0, "\(merged.errors)")
        let data = try Data(contentsOf: directory.appendingPathComponent("merged/history.json"))
        let history = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((history["runs"] as? [Any])?.count == 1)
    }

    @Test func `a corrupt history file is a warning and a fresh history, never a failed run`() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("out"), withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: directory.appendingPathComponent("out/history.json"))
        let outcome = try await FeedSpecsCommand.run(["--out", "out", "--format", "summary"], in: directory)
        #expect(outcome.status == 0)
        #expect(outcome.errors.contains("is not a run history of this harness: starting a new one"))
        let none = try await FeedSpecsCommand.run(
            ["--out", "other", "--no-history", "--format", "summary"], in: directory)
        #expect(none.status == 0)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("other/history.json").path))
    }
}

@Suite(
    "feed-specs: where the run happened",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct FeedSpecsEnvironmentTests {
    @Test func `the CI's facts and the team's own are at the top of the HTML and Markdown reports`() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"default": {"environment": ["app=2.3.0", "device=iPhone <15>"]}}"#.utf8)
            .write(to: directory.appendingPathComponent("cucumber.json"))
        let outcome = try await FeedSpecsCommand.run(
            ["--environment", "server=staging", "--format", "html", "--format", "markdown", "--out", "out"],
            in: directory,
            environment: [
                "GITLAB_CI": "true", "CI_PIPELINE_URL": "https://gitlab.example/acme/feed/-/pipelines/7",
                "CI_JOB_ID": "99", "CI_REPOSITORY_URL": "https://gitlab-ci-token:SECRET@gitlab.example/acme/feed.git",
                "CI_COMMIT_SHA": "0123abc", "CI_COMMIT_BRANCH": "main",
            ])
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
        let html = try String(contentsOf: directory.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(html.contains(#"<dt>CI</dt><dd><a href="https://gitlab.example/acme/feed/-/pipelines/7""#))
        #expect(html.contains("<dt>Branch</dt><dd>main</dd><dt>Commit</dt><dd>0123abc</dd>"))
        #expect(html.contains("<dt>app</dt><dd>2.3.0</dd><dt>device</dt><dd>iPhone &lt;15&gt;</dd>"))
        #expect(html.contains("<dt>server</dt><dd>staging</dd>"), "the command line adds to the profile")
        #expect(!html.contains("SECRET"), "the job token in the repository address is not shown")
        let markdown = try String(contentsOf: directory.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(markdown.contains("| CI | [GitLab](https://gitlab.example/acme/feed/-/pipelines/7) |"))
        #expect(markdown.contains("| device | iPhone &lt;15&gt; |"))
        let history = try String(contentsOf: directory.appendingPathComponent("out/history.json"), encoding: .utf8)
        #expect(history.contains(#"["Commit","0123abc"]"#) && history.contains(#"["server","staging"]"#), "\(history)")
    }

    @Test(arguments: ["no-equals", "=value"])
    func `an --environment entry that is not NAME=VALUE is a usage error naming it`(entry: String) async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try await FeedSpecsCommand.run(["--environment", entry], in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("--environment '\(entry)': expected NAME=VALUE"), "\(outcome.errors)")
    }
}
