import Foundation
import Messages
import SpecKit
import Testing

@Suite("Failure categories in cucumber.json and in an Allure categories.json file")
struct FailureCategoryRulesTests {
    static func settings(_ text: String, profile: String = "default", path: String = "cucumber.json")
        throws(ConfigurationFileError) -> RunSettings
    {
        try ConfigurationFile(data: Data(text.utf8), path: path).settings(profiles: [profile])
    }

    static func error(_ text: String) -> ConfigurationFileError? {
        do throws(ConfigurationFileError) {
            _ = try settings(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("the rules of a profile are read in order with Allure's fields; profiles add theirs up")
    func inline() throws {
        let text = """
            {
              "default": { "categories": [
                { "name": "Server down", "matchedStatuses": ["broken", "failed"], "messageRegex": ".*connect.*" },
                { "name": "Timeouts", "traceRegex": "TimeoutError: .*", "flaky": false }
              ] },
              "more": { "categories": [{ "name": "Unfinished", "matchedStatuses": ["undefined", "pending"] }] }
            }
            """
        let file = try ConfigurationFile(data: Data(text.utf8), path: "cucumber.json")
        let settings = try file.settings(profiles: ["default", "more"])
        #expect(
            settings.categories == [
                FailureCategory(name: "Server down", matchedStatuses: [.broken, .failed], messageRegex: ".*connect.*"),
                FailureCategory(name: "Timeouts", traceRegex: "TimeoutError: .*"),
                FailureCategory(name: "Unfinished", matchedStatuses: [.undefined, .pending]),
            ])
    }

    @Test(
        "a rule that cannot be used is an error at its place in the file, naming the rule, the field and why",
        arguments: [
            (
                "{\n  \"default\": { \"categories\": [\n    { \"name\": \"a\" },\n    { \"name\": \"b\", \"messageRegex\": \"(x\" }\n  ] }\n}",
                #"cucumber.json:4:20: profile "default": categories: category 2 ("b"): messageRegex: "(x" is not a valid regular expression"#
            ),
            (
                "{\"default\": {\"categories\": [{\"name\": \"a\", \"matchedStatuses\": [\"skipped\"]}]}}",
                #"cucumber.json:1:43: profile "default": categories: category 1 ("a"): matchedStatuses: "skipped" is not a status a category takes (failed, broken, undefined, ambiguous, pending): categories sort the scenarios that did not pass, and a skipped one is not a failure"#
            ),
            (
                "{\"default\": {\"categories\": [\n  {\"matchedStatuses\": [\"failed\"]}]}}",
                #"cucumber.json:2:3: profile "default": categories: category 1: name: a category needs a name"#
            ),
            (
                "{\"default\": {\"categories\": [{\"name\": \"a\", \"messageregex\": \".*\"}]}}",
                #"category 1 ("a"): messageregex: not a field of a category (did you mean "messageRegex"? fields:"#
            ),
            (
                "{\"default\": {\"categories\": [{\"name\": \"a\", \"flaky\": true}]}}",
                #"flaky: a scenario that passes on a retry is flaky, not a failure"#
            ),
            (
                "{\"default\": {\"categories\": [\"Product defects\"]}}",
                #"cucumber.json:1:29: profile "default": categories: category 1: a category is an object {"name": …}, not the string "Product defects""#
            ),
            (
                "{\"default\": {\"categories\": {\"name\": \"a\"}}}",
                #"cucumber.json:1:28: profile "default": categories: category 1: expected an array of categories"#
            ),
            (
                "{\"default\": {\"categories\": [{\"name\": \"a\", \"messageRegex\": 3}]}}",
                #"messageRegex: expected a regular expression (a string), not 3"#
            ),
        ])
    func badRules(text: String, message: String) throws {
        let error = try #require(Self.error(text), "no error for \(text)")
        #expect(error.description.contains(message), "\(error)")
    }

    @Test("the key may name a categories.json of its own, relative to the configuration file's folder")
    func file() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("categories-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"[{"name": "Server down", "matchedStatuses": ["broken"]}]"#.utf8)
            .write(to: folder.appendingPathComponent("categories.json"))
        try Data("[\n  {\"name\": \"a\"},\n  {\"name\": \"b\", \"traceRegex\": \"[\"}\n]\n".utf8)
            .write(to: folder.appendingPathComponent("broken.json"))
        let config = folder.appendingPathComponent("cucumber.json").path
        let text = #"{"default": {"categories": "categories.json"}, "line": "--categories broken.json"}"#
        let settings = try Self.settings(text, path: config)
        #expect(settings.categories == [FailureCategory(name: "Server down", matchedStatuses: [.broken])])
        #expect(throws: ConfigurationFileError.self) { try Self.settings(text, profile: "line", path: config) }
        let error = try #require(throws: ConfigurationFileError.self) {
            try FailureCategoryRules.read(file: folder.appendingPathComponent("broken.json").path)
        }
        #expect(error.path.hasSuffix("broken.json") && error.line == 3 && error.column == 17, "\(error)")
        #expect(error.message == #"category 2 ("b"): traceRegex: "[" is not a valid regular expression"#)
        #expect(throws: ConfigurationFileError.self) {
            try FailureCategoryRules.read(file: folder.appendingPathComponent("missing.json").path)
        }
    }
}
