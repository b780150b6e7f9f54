import Foundation
import TestSupport
import Testing

/// Runs the built `feed-specs` executable.
enum FeedSpecsExecutable {
    static var isAvailable: Bool { BuiltExecutable.feedSpecs.isAvailable }

    static func run(_ arguments: [String], environment: [String: String]? = nil) async throws -> (
        status: Int32, output: String, errors: String
    ) {
        let outcome = try await BuiltExecutable.feedSpecs.run(arguments, environment: environment)
        return (outcome.status, outcome.output, outcome.errorOutput)
    }
}

@Suite(
    "feed-specs gherkin command",
    .enabled(if: FeedSpecsExecutable.isAvailable, "needs the feed-specs executable built beside the tests"))
final class GherkinCommandTests {
    /// The test's own folder, removed when the test ends.
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gherkin-cli-\(UUID())")

    deinit { try? FileManager.default.removeItem(at: folder) }

    private func write(_ text: String, name: String = "spec.feature") throws -> URL {
        let directory = folder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    private func kinds(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?.keys.first
        }
    }

    @Test("a valid file exits 0 and writes source, gherkinDocument and pickles as NDJSON")
    func validFile() async throws {
        let url = try write("Feature: f\n  Scenario: s\n    Given g\n  Scenario: t\n    Given h\n")
        let result = try await FeedSpecsExecutable.run(["gherkin", url.path])
        #expect(result.status == 0)
        #expect(kinds(result.output) == ["source", "gherkinDocument", "pickle", "pickle"])
        #expect(result.errors.isEmpty)
    }

    @Test("--no-source, --no-ast and --no-pickles leave those envelopes out")
    func filters() async throws {
        let url = try write("Feature: f\n  Scenario: s\n    Given g\n")
        #expect(
            kinds(try await FeedSpecsExecutable.run(["gherkin", "--no-source", "--no-ast", url.path]).output) == [
                "pickle"
            ])
        #expect(
            kinds(try await FeedSpecsExecutable.run(["gherkin", "--no-pickles", url.path]).output) == [
                "source", "gherkinDocument",
            ])
    }

    @Test("a broken file exits 1, writes parseError envelopes and prints file:line:column: message")
    func brokenFile() async throws {
        let good = try write("Feature: f\n")
        let bad = try write("Feature: f\n  Scenario: s\n    Given g\n  what is this\n")
        let result = try await FeedSpecsExecutable.run(["gherkin", good.path, bad.path])
        #expect(result.status == 1)
        #expect(kinds(result.output) == ["source", "gherkinDocument", "source", "parseError"])
        #expect(result.errors.hasPrefix("\(bad.path):4:3: expected: #EOF"))
    }

    @Test("an empty file is valid Gherkin: exit 0, a document without feature, and a warning")
    func emptyFile() async throws {
        let url = try write("")
        let result = try await FeedSpecsExecutable.run(["gherkin", url.path])
        #expect(result.status == 0)
        #expect(kinds(result.output) == ["source", "gherkinDocument"])
        #expect(result.errors == "\(url.path): warning: no Feature in this file\n")
    }

    @Test("a binary file exits 1 with an error naming where the binary content starts")
    func binaryFile() async throws {
        let url = try write("Feature: f\n\u{0}\u{1}")
        let result = try await FeedSpecsExecutable.run(["gherkin", url.path])
        #expect(result.status == 1)
        #expect(kinds(result.output) == ["parseError"])
        #expect(result.errors.hasPrefix("\(url.path):2:1: binary content"))
    }

    @Test("a file that cannot be read exits 1 with its name on standard error")
    func unreadableFile() async throws {
        let result = try await FeedSpecsExecutable.run(["gherkin", "/nonexistent/x.feature"])
        #expect(result.status == 1)
        #expect(result.errors.contains("/nonexistent/x.feature"))
    }

    @Test(
        "usage errors exit 2",
        arguments: [
            ["gherkin"], ["gherkin", "--bogus", "x.feature"], ["gherkin", "--languages"], ["gherkn"],
        ])
    func usageErrors(arguments: [String]) async throws {
        let result = try await FeedSpecsExecutable.run(arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains("usage"))
    }

    @Test("a word that is no command and not close to one is taken as a path, and said missing")
    func missingPath() async throws {
        let result = try await FeedSpecsExecutable.run(["nosuchdir"])
        #expect(result.status == 2)
        #expect(result.errors == "feed-specs: no such file or folder: nosuchdir\n")
        #expect(result.output.isEmpty)
    }

    @Test("a broken --languages file is a usage error naming it")
    func brokenLanguagesFile() async throws {
        let languages = try write("{not json", name: "languages.json")
        let feature = try write("Feature: f\n")
        let result = try await FeedSpecsExecutable.run(["gherkin", "--languages", languages.path, feature.path])
        #expect(result.status == 2)
        #expect(result.errors.contains(languages.path))
    }

    @Test("--languages and GHERKIN_LANGUAGES add languages")
    func languagesFile() async throws {
        let json =
            #"{"zz": {"and": ["* "], "background": ["B"], "but": ["* "], "examples": ["E"], "feature": ["Fz"], "given": ["* ", "Gz "], "name": "Z", "native": "Z", "rule": ["R"], "scenario": ["Sz"], "scenarioOutline": ["SO"], "then": ["* "], "when": ["* "]}}"#
        let languages = try write(json, name: "languages.json")
        let feature = try write("# language: zz\nFz: f\n  Sz: s\n    Gz g\n")
        #expect(try await FeedSpecsExecutable.run(["gherkin", feature.path]).status == 1)
        #expect(
            try await FeedSpecsExecutable.run(["gherkin", "--languages", languages.path, feature.path]).status == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["GHERKIN_LANGUAGES"] = languages.path
        #expect(try await FeedSpecsExecutable.run(["gherkin", feature.path], environment: environment).status == 0)
    }
}
