import Foundation
import Gherkin
import SpecKit
import Testing

@Suite("Configuration file (cucumber.json) and profiles")
struct ConfigurationFileTests {
    static let text = """
        {
          "default": { "format": ["progress"], "strict": false },
          "ci": {
            "paths": ["Specs/cache.feature"],
            "tags": "not @wip",
            "name": ["cache"],
            "format": ["junit:reports/junit.xml", ["html", "reports/report.html"]],
            "parallel": 4,
            "retry": 2,
            "retryTagFilter": "@flaky",
            "linkTags": ["@JIRA-([0-9]+)=https://tracker.example/browse/JIRA-$1"],
            "strict": true,
            "order": "random:7",
            "exclusive": ["@database"],
            "dryRun": false,
            "failFast": true,
            "timeout": 2.5,
            "shard": "1/3",
            "out": "ci-reports",
            "title": "CI",
            "store": "sqlite"
          },
          "slow": { "tags": ["@slow"], "parallel": 1, "format": ["summary"], "retryTagFilter": "not @slow" },
          "line": "--tags '@smoke and not @wip' -j 2 --no-strict --format=summary Specs/a.feature",
          "argv": ["--retry", "1", "--dry-run"]
        }
        """

    static func file(_ text: String = text, extraKeys: [String] = ["store"]) throws -> ConfigurationFile {
        try ConfigurationFile(data: Data(text.utf8), path: "cucumber.json", extraKeys: extraKeys)
    }

    /// The error of reading `profile` of `text`.
    static func error(_ text: String, profile: String? = nil) -> ConfigurationFileError? {
        do throws(ConfigurationFileError) {
            _ = try ConfigurationFile(data: Data(text.utf8), path: "cucumber.json", extraKeys: ["store"])
                .settings(profiles: profile.map { [$0] } ?? [])
            return nil
        } catch {
            return error
        }
    }

    @Test("every key of a profile is read with cucumber-js's name and type")
    func everyKey() throws {
        let settings = try Self.file().settings(profiles: ["ci"])
        #expect(settings.paths == ["Specs/cache.feature"])
        #expect(settings.tags == ["not @wip"])
        #expect(settings.names == ["cache"])
        #expect(settings.formats == ["junit:reports/junit.xml", "html:reports/report.html"])
        #expect(settings.parallel == 4)
        #expect(settings.retry == 2)
        #expect(settings.retryTagFilter == "@flaky")
        #expect(settings.linkTags == [#"@JIRA-([0-9]+)=https://tracker.example/browse/JIRA-$1"#])
        #expect(settings.strict == true)
        #expect(settings.order == .random(seed: 7))
        #expect(settings.exclusive == ["@database"])
        #expect(settings.dryRun == false)
        #expect(settings.failFast == true)
        #expect(settings.timeout == 2.5)
        #expect(settings.shard == (try Shard(index: 1, count: 3)))
        #expect(settings.out == "ci-reports")
        #expect(settings.title == "CI")
        #expect(settings.extra == ["store": "sqlite"])
    }

    @Test("no profile named is the default profile; a file without one gives no setting")
    func defaultProfile() throws {
        let settings = try Self.file().settings(profiles: [])
        #expect(settings.formats == ["progress"])
        #expect(settings.strict == false)
        #expect(try Self.file(#"{"ci": {"retry": 1}}"#).settings(profiles: []).isEmpty)
    }

    @Test("profiles merge in order: lists add up, tags must all hold, the last value of the others wins")
    func merging() throws {
        let settings = try Self.file().settings(profiles: ["ci", "slow"])
        #expect(settings.tags == ["not @wip", "@slow"])
        #expect(settings.formats == ["junit:reports/junit.xml", "html:reports/report.html", "summary"])
        #expect(settings.parallel == 1)
        #expect(settings.retry == 2)
        #expect(
            settings.retryTagFilter == "(@flaky) and (not @slow)", "retry tag filters must both hold, as in cucumber-js"
        )
    }

    @Test("a profile may be a command line, as a string or as an array of arguments")
    func commandLineProfiles() throws {
        let line = try Self.file().settings(profiles: ["line"])
        #expect(line.tags == ["@smoke and not @wip"])
        #expect(line.parallel == 2)
        #expect(line.strict == false)
        #expect(line.formats == ["summary"])
        #expect(line.paths == ["Specs/a.feature"])
        let argv = try Self.file().settings(profiles: ["argv"])
        #expect(argv.retry == 1)
        #expect(argv.dryRun == true)
    }

    @Test(
        "a wrong value is an error naming the file, its line and column, the profile, the key and the expected type",
        arguments: [
            (
                #"{"default": {"parallel": "4"}}"#,
                #"cucumber.json:1:14: profile "default": "parallel" must be a whole number from 0 to 256, not the string "4""#
            ),
            (
                "{\n  \"default\": {\n    \"retry\": -1\n  }\n}",
                #"cucumber.json:3:5: profile "default": "retry" must be a whole number from 0 to 100, not -1"#
            ),
            (
                #"{"default": {"strict": "yes"}}"#,
                #"profile "default": "strict" must be true or false, not the string "yes""#
            ),
            (#"{"default": {"tags": 3}}"#, #""tags" must be a string or an array of strings, not 3"#),
            (
                #"{"default": {"order": "sideways"}}"#,
                #""order" must be "defined", "reverse", "random" or "random:SEED""#
            ),
            (#"{"default": {"format": "html"}}"#, ""),
            (#"{"default": {"format": [3]}}"#, #""format" must be an array of "NAME[:PATH]" strings"#),
            (#"{"default": {"shard": "4/3"}}"#, #""shard" must be "I/N" with 1 <= I <= N"#),
            (
                #"{"default": {"timeout": 0}}"#,
                #""timeout" must be a number of seconds from 0.001 to 86400 (a day), not 0"#
            ),
            (#"{"default": {"tag": "@x"}}"#, #"unknown key "tag"; did you mean "tags"?"#),
            (
                #"{"default": {"worldParameters": {}}}"#,
                #""worldParameters" is not supported: the world is made by Swift"#
            ),
            (#"{"default": {"linkTags": "@JIRA-(\\d+)"}}"#, ""),
            (#"{"default": {"retryTagFilter": ["@a"]}}"#, #""retryTagFilter" must be a string, not an array"#),
            (#"{"default": 3}"#, #"profile "default": must be an object of options, a command line, or an array"#),
            (#"{"default": "--tags"}"#, #"--tags needs a value"#),
            (#"{"default": "--parallel many"}"#, #"--parallel many: expected a whole number from 0 to 256"#),
            (#"{"default": "--bogus"}"#, #"unknown option '--bogus'"#),
            (#"{"default": "--watch"}"#, #"--watch is for the command line, not a profile"#),
            (#"{"default": "--tags '@a"}"#, #"the profile's command line ends inside a quote"#),
            (#"{"default": {"store": 1}}"#, #""store" must be a string, not 1"#),
        ])
    func wrongValues(text: String, message: String) throws {
        let error = Self.error(text)
        if message.isEmpty {
            #expect(error == nil, "a single string is accepted for a list")
        } else {
            let found = try #require(error, "no error for \(text)")
            #expect(found.description.contains(message), "\(found)")
            #expect(found.path == "cucumber.json")
        }
    }

    @Test("a broken file, a missing profile, or an unused bad profile")
    func fileProblems() throws {
        let notJSON = try #require(Self.error("{\n  \"default\": {,\n}"))
        #expect(notJSON.description.hasPrefix("cucumber.json:2:"), "\(notJSON)")
        #expect(notJSON.message.hasPrefix("not valid JSON"))
        #expect(Self.error("[1]")?.message.contains("expected a JSON object of profiles") == true)
        let missing = try #require(Self.error(Self.text, profile: "nightly"))
        #expect(missing.message == #"no profile "nightly" (it has argv, ci, default, line, slow)"#)
        // A profile that is not used is not checked, as in cucumber-js.
        #expect(Self.error(#"{"default": {}, "broken": {"bogus": 1}}"#) == nil)
    }

    @Test("a byte-order mark before the JSON is skipped; errors count lines and columns after it")
    func byteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let file = try ConfigurationFile(
            data: Data(bom + Array(#"{"default": {"retry": 2}}"#.utf8)), path: "cucumber.json")
        #expect(try file.settings(profiles: []).retry == 2)
        let wrong = try ConfigurationFile(
            data: Data(bom + Array(#"{"default": {"retry": -1}}"#.utf8)), path: "cucumber.json")
        #expect(throws: ConfigurationFileError.self) { try wrong.settings(profiles: []) }
        do {
            _ = try wrong.settings(profiles: [])
        } catch {
            #expect(error.description.hasPrefix("cucumber.json:1:14: "), "\(error)")
        }
    }

    @Test("a configuration file that is a device, a folder or missing is refused saying so, unread")
    func notARegularFile() throws {
        func message(_ path: String) -> String? {
            do {
                _ = try ConfigurationFile(path: path)
                return nil
            } catch {
                #expect(error.path == path)
                return error.message
            }
        }
        #expect(message("/dev/zero") == "not a regular file but a character device")
        #expect(message(FileManager.default.temporaryDirectory.path) == "not a regular file but a folder")
        #expect(message("/nonexistent/cucumber.json")?.hasPrefix("cannot read the file (") == true)
    }

    @Test("the settings apply to a run configuration; paths, formats and the report folder are the caller's")
    func applying() throws {
        var configuration = RunConfiguration()
        configuration.tagExpressions = ["@given"]
        try Self.file().settings(profiles: ["ci"]).apply(to: &configuration)
        #expect(configuration.tagExpressions == ["@given", "not @wip"])
        #expect(configuration.namePatterns == ["cache"])
        #expect(configuration.exclusiveTagExpressions == ["@database"])
        #expect(configuration.parallel == 4)
        #expect(configuration.retry == 2)
        #expect(configuration.retryTagFilter == "@flaky")
        #expect(configuration.strict)
        #expect(configuration.failFast)
        #expect(configuration.order == .random(seed: 7))
        #expect(configuration.stepTimeout == .milliseconds(2500))
        #expect(configuration.shard == (try Shard(index: 1, count: 3)))
        try configuration.validate()

        var settings = RunSettings()
        settings.languages = "/nonexistent/languages.json"
        #expect(throws: LanguagesFileError.self) { try settings.gherkinLanguages() }
    }

    @Test("swift test's settings: cucumber.json in the package root, SPECKIT_PROFILE and SPECKIT_CONFIG")
    func forSwiftTest() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("speckit-config-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }

        #expect(try ConfigurationFile.settings(packageRoot: root, environment: [:]).isEmpty, "no file, no setting")
        #expect(throws: ConfigurationFileError.self) {
            try ConfigurationFile.settings(packageRoot: root, environment: ["SPECKIT_PROFILE": "ci"])
        }

        try Data(Self.text.utf8).write(to: root.appendingPathComponent("cucumber.json"))
        #expect(try ConfigurationFile.settings(packageRoot: root, environment: [:]).formats == ["progress"])
        let ci = try ConfigurationFile.settings(
            packageRoot: root, environment: ["SPECKIT_PROFILE": "ci, slow"], extraKeys: ["store"])
        #expect(ci.tags == ["not @wip", "@slow"])
        #expect(ci.extra == ["store": "sqlite"])
        #expect(throws: ConfigurationFileError.self, "the command's own key is unknown unless named") {
            try ConfigurationFile.settings(packageRoot: root, environment: ["SPECKIT_PROFILE": "ci"])
        }
        let given = try ConfigurationFile.settings(
            packageRoot: root, profiles: ["ci"], environment: ["SPECKIT_PROFILE": "slow"], extraKeys: ["store"])
        #expect(given.parallel == 1, "the given profiles, then SPECKIT_PROFILE's")

        try Data(#"{"default": {"retry": 3}}"#.utf8).write(to: root.appendingPathComponent("other.json"))
        let other = try ConfigurationFile.settings(packageRoot: root, environment: ["SPECKIT_CONFIG": "other.json"])
        #expect(other.retry == 3)
        #expect(throws: ConfigurationFileError.self) {
            try ConfigurationFile.settings(packageRoot: root, environment: ["SPECKIT_CONFIG": "absent.json"])
        }
    }
}
