import Foundation
import SpecKit
import Testing

/// Durations and counts out of their stated ranges (`RunLimits`) are refused wherever they come from, with an error
/// naming where: a configuration file's key (file, line, column, profile), a profile named by `SPECKIT_PROFILE`, or
/// a run configuration set by code. None traps converting a number of seconds to a `Duration`.
@Suite("Ranges of durations and counts")
struct RunLimitsTests {
    /// Seconds no step timeout may be: too long for a day, too long for an `Int64` of milliseconds, not a number,
    /// not finite, negative, or below a millisecond.
    static let badSeconds = ["1e17", "1e300", "nan", "inf", "-1", "1e-300"]

    @Test(
        "a configuration file's timeout out of range is an error naming the file, its place, the profile, the key",
        arguments: ["1e17", "1e300", "-1", "1e-300"])
    func fileTimeout(value: String) throws {
        let text = "{\n  \"ci\": {\n    \"timeout\": \(value)\n  }\n}"
        let file = try ConfigurationFile(data: Data(text.utf8), path: "/work/cucumber.json")
        let error = try #require(throwing(file, profile: "ci"))
        #expect(error.path == "/work/cucumber.json")
        #expect(error.line == 3 && error.column == 5, "\(error)")
        #expect(
            error.message.hasPrefix(
                #"profile "ci": "timeout" must be a number of seconds from 0.001 to 86400 (a day)"#),
            "\(error)")
    }

    @Test(
        "a profile written as a command line refuses every bad timeout, naming the option, the file and profile",
        arguments: badSeconds)
    func commandLineProfileTimeout(value: String) throws {
        let text = #"{"ci": "--timeout \#(value)"}"#
        let file = try ConfigurationFile(data: Data(text.utf8), path: "cucumber.json")
        let error = try #require(throwing(file, profile: "ci"))
        #expect(
            error.description.hasPrefix(
                #"cucumber.json:1:2: profile "ci": --timeout \#(value): expected a number of seconds from 0.001 to 86400"#
            ),
            "\(error)")
    }

    @Test(
        "counts out of range in a file: retries past 100, workers past 256, a fraction, a number past Int",
        arguments: [
            (#"{"ci": {"retry": 2147483647}}"#, #""retry" must be a whole number from 0 to 100, not 2147483647"#),
            (#"{"ci": {"retry": 101}}"#, #""retry" must be a whole number from 0 to 100, not 101"#),
            (#"{"ci": {"parallel": 257}}"#, #""parallel" must be a whole number from 0 to 256, not 257"#),
            (#"{"ci": {"parallel": 1e300}}"#, #""parallel" must be a whole number from 0 to 256, not 1e+300"#),
            (#"{"ci": {"retry": 1.5}}"#, #""retry" must be a whole number from 0 to 100, not 1.5"#),
            (#"{"ci": "--retry 101"}"#, #"--retry 101: expected a whole number from 0 to 100"#),
        ])
    func fileCounts(text: String, message: String) throws {
        let file = try ConfigurationFile(data: Data(text.utf8), path: "cucumber.json")
        let error = try #require(throwing(file, profile: "ci"))
        #expect(error.description.contains(message), "\(error)")
    }

    @Test(
        "a profile named by SPECKIT_PROFILE with a bad timeout: the error names the file and the variable",
        arguments: ["1e17", "1e300", "-1", "1e-300"])
    func environmentProfile(value: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("run-limits-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"{"ci": {"timeout": \#(value)}}"#.utf8).write(to: root.appendingPathComponent("cucumber.json"))
        do {
            _ = try ConfigurationFile.settings(packageRoot: root, environment: ["SPECKIT_PROFILE": "ci"])
            Issue.record("a timeout of \(value) was accepted")
        } catch {
            #expect(error.path == root.appendingPathComponent("cucumber.json").path)
            #expect(error.message.contains(#""timeout" must be a number of seconds from 0.001 to 86400"#), "\(error)")
            #expect(error.message.hasSuffix("(SPECKIT_PROFILE=ci)"), "\(error)")
        }
    }

    @Test("in range is accepted: a quarter of a second, a day, a millisecond, 100 retries, 256 workers")
    func inRange() throws {
        let text =
            #"{"a": {"timeout": 0.25, "retry": 100, "parallel": 256}, "b": {"timeout": 86400}, "c": "--timeout 0.001"}"#
        let file = try ConfigurationFile(data: Data(text.utf8), path: "cucumber.json")
        var configuration = RunConfiguration()
        try file.settings(profiles: ["a"]).apply(to: &configuration)
        #expect(configuration.stepTimeout == .milliseconds(250))
        #expect(configuration.retry == 100 && configuration.parallel == 256)
        try configuration.validate()
        try file.settings(profiles: ["b"]).apply(to: &configuration)
        #expect(configuration.stepTimeout == .seconds(86_400))
        try file.settings(profiles: ["c"]).apply(to: &configuration)
        #expect(configuration.stepTimeout == .milliseconds(1))
        try configuration.validate()
    }

    @Test(
        "settings set by code out of range apply without a trap, and the run configuration refuses them",
        arguments: [1e17, 1e300, .nan, .infinity, -1, 1e-300])
    func codeSettings(seconds: Double) throws {
        var settings = RunSettings()
        settings.timeout = seconds
        var configuration = RunConfiguration()
        settings.apply(to: &configuration)
        #expect(throws: SpecRunError.self) { try configuration.validate() }
    }

    @Test(
        "a run configuration out of range is refused, naming the value and the range",
        arguments: [
            ("retry", 2_147_483_647, "retry count"), ("retry", 101, "retry count"), ("parallel", 257, "parallelism"),
            ("timeout ms", 86_401_000, "timeout"), ("timeout ms", 0, "timeout"),
        ])
    func configurationRanges(field: String, value: Int, named: String) {
        var configuration = RunConfiguration()
        switch field {
        case "retry": configuration.retry = value
        case "parallel": configuration.parallel = value
        default: configuration.stepTimeout = .milliseconds(value)
        }
        do {
            try configuration.validate()
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains(named) && error.message.contains(" from "), "\(error.message)")
        }
    }

    private func throwing(_ file: ConfigurationFile, profile: String) -> ConfigurationFileError? {
        do {
            _ = try file.settings(profiles: [profile])
            return nil
        } catch {
            return error
        }
    }
}
