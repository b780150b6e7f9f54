import Foundation
import Testing

/// The test cases of a Cucumber Messages stream, in the order their start and end were emitted: `+name`, `-name`.
private func caseEvents(_ ndjson: String) throws -> [String] {
    var pickleNames: [String: String] = [:]
    var testCaseNames: [String: String] = [:]
    var startedNames: [String: String] = [:]
    var events: [String] = []
    for line in ndjson.split(separator: "\n") {
        let envelope = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        if let pickle = envelope["pickle"] as? [String: Any], let id = pickle["id"] as? String {
            pickleNames[id] = pickle["name"] as? String
        } else if let testCase = envelope["testCase"] as? [String: Any], let id = testCase["id"] as? String,
            let pickle = testCase["pickleId"] as? String
        {
            testCaseNames[id] = pickleNames[pickle]
        } else if let started = envelope["testCaseStarted"] as? [String: Any], let id = started["id"] as? String,
            let testCase = started["testCaseId"] as? String, let name = testCaseNames[testCase]
        {
            startedNames[id] = name
            events.append("+" + name)
        } else if let finished = envelope["testCaseFinished"] as? [String: Any],
            let started = finished["testCaseStartedId"] as? String, let name = startedNames[started]
        {
            events.append("-" + name)
        }
    }
    return events
}

@Suite(
    "feed-specs with a configuration file, and exclusive scenarios",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct ConfigurationAndExclusiveTests {
    static let configuration = """
        {
          "default": { "format": ["summary"] },
          "ci": {
            "tags": "@cache",
            "parallel": 2,
            "format": ["summary", "message:out/ci.ndjson"],
            "store": "sqlite",
            "title": "Nightly"
          },
          "broken": {
            "retry": "twice"
          }
        }

        """

    @Test("a cucumber.json with a ci profile drives a run; the command line wins over it; a bad value is named")
    func profileDrivesARun() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.configuration.write(
            to: directory.appendingPathComponent("cucumber.json"), atomically: true, encoding: .utf8)

        let cache = try await FeedSpecsCommand.run(["--tags", "@cache", "--format", "summary"], in: directory)
        let cacheScenarios = try #require(FeedSpecsCommand.count("scenario", in: cache.output))
        let all = try await FeedSpecsCommand.run([], in: directory)
        #expect(all.status == 0)
        let allScenarios = try #require(FeedSpecsCommand.count("scenario", in: all.output), "\(all.output)")
        #expect(cacheScenarios < allScenarios)
        #expect(
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("reports").path),
            "the default profile's summary replaces the default reports")

        let ci = try await FeedSpecsCommand.run(["--profile", "ci"], in: directory)
        #expect(ci.status == 0, "\(ci.output)\(ci.errors)")
        #expect(FeedSpecsCommand.count("scenario", in: ci.output) == cacheScenarios, "\(ci.output)")
        let stream = try String(contentsOf: directory.appendingPathComponent("out/ci.ndjson"), encoding: .utf8)
        #expect(stream.contains(#""workerId""#), "parallel 2 from the profile")

        let narrowed = try await FeedSpecsCommand.run(
            ["-p", "ci", "--tags", "@boundary", "--parallel", "1"], in: directory)
        #expect(narrowed.status == 0, "\(narrowed.errors)")
        let narrowedScenarios = try #require(FeedSpecsCommand.count("scenario", in: narrowed.output))
        #expect(narrowedScenarios < cacheScenarios, "the command line's tags add to the profile's")
        let serial = try String(contentsOf: directory.appendingPathComponent("out/ci.ndjson"), encoding: .utf8)
        #expect(!serial.contains(#""workerId""#), "--parallel 1 on the command line wins")

        let broken = try await FeedSpecsCommand.run(["--profile", "broken"], in: directory)
        #expect(broken.status == 2)
        #expect(
            broken.errors.contains(
                #"cucumber.json:11:5: profile "broken": "retry" must be a whole number from 0 to 100, not the string "twice""#
            ), "\(broken.errors)")

        let missing = try await FeedSpecsCommand.run(["--profile", "nightly"], in: directory)
        #expect(missing.status == 2)
        #expect(missing.errors.contains(#"no profile "nightly" (it has broken, ci, default)"#), "\(missing.errors)")
    }

    /// SPECKIT_TAGS is swift test's own: a command run from a test inherits it.
    @Test("a profile's bad tag expression stops the run before any report; SPECKIT_TAGS selects nothing here")
    func settingsFromEverySource() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"{"default": {"tags": "@cache and", "format": ["junit"]}}"#.write(
            to: directory.appendingPathComponent("cucumber.json"), atomically: true, encoding: .utf8)
        let broken = try await FeedSpecsCommand.run([], in: directory)
        #expect(broken.status == 2)
        #expect(broken.errors.contains("invalid tag expression '@cache and'"), "\(broken.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("reports").path))

        try FileManager.default.removeItem(at: directory.appendingPathComponent("cucumber.json"))
        let all = try await FeedSpecsCommand.run(["--format", "summary"], in: directory)
        let inherited = try await FeedSpecsCommand.run(
            ["--format", "summary"], in: directory, environment: ["SPECKIT_TAGS": "@boundary"])
        #expect(inherited.status == 0, "\(inherited.errors)")
        #expect(
            FeedSpecsCommand.count("scenario", in: inherited.output)
                == FeedSpecsCommand.count("scenario", in: all.output))
    }

    static let database = """
        Feature: Shared database
          Background:
            Given the customer doesn't have connectivity

          @database
          Scenario: Writer one
            Given the cache holds 20000 images saved 1 day ago
            When the customer opens the feed
            Then the app shows 20000 images

          @database
          Scenario: Writer two
            Given the cache holds 20000 images saved 1 day ago
            When the customer opens the feed
            Then the app shows 20000 images

          Scenario: Reader one
            Given the cache holds 1 images saved 1 day ago
            When the customer opens the feed
            Then the app shows 1 images

          Scenario: Reader two
            Given the cache holds 2 images saved 1 day ago
            When the customer opens the feed
            Then the app shows 2 images

        """

    @Test(
        "two @database scenarios never overlap under --parallel 4, given on the command line or in cucumber.json",
        arguments: [["--exclusive", "@database"], ["--profile", "apart"]])
    func exclusiveScenarios(arguments: [String]) async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.database.write(
            to: directory.appendingPathComponent("Specs/database.feature"), atomically: true, encoding: .utf8)
        try #"{"apart": {"exclusive": ["@database"]}}"#.write(
            to: directory.appendingPathComponent("cucumber.json"), atomically: true, encoding: .utf8)
        for _ in 0..<5 {
            let outcome = try await FeedSpecsCommand.run(
                [
                    "Specs/database.feature", "--parallel", "4", "--store", "sqlite", "--format", "summary",
                    "--format", "message:out/messages.ndjson",
                ] + arguments, in: directory)
            #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
            let events = try caseEvents(
                String(contentsOf: directory.appendingPathComponent("out/messages.ndjson"), encoding: .utf8))
            let writers = events.filter { $0.hasSuffix("Writer one") || $0.hasSuffix("Writer two") }
            #expect(writers.count == 4)
            #expect(
                writers[0].dropFirst() == writers[1].dropFirst(),
                "the first writer ends before the other starts: \(events)")
        }
    }
}
