import Foundation
import OptionParsing
import SpecKit
import Testing

@testable import SpecKitCommand

/// The command line's and the editor's durations and counts: out of their stated ranges, refused with an error
/// naming the option or the setting, never a trap.
@Suite("Ranges of the command line's and the editor's durations and counts")
struct SettingRangeTests {
    /// The options of `arguments` over the environment's settings, without a configuration file.
    static func options(_ arguments: [String], environment: [String: String]) throws(OptionParser.Failure)
        -> RunOptions
    {
        try RunOptions(
            RunSettings(environment: environment).merging(RunSettings(arguments: arguments)), environment: environment)
    }

    static func usageMessage(_ arguments: [String]) -> String? {
        do {
            _ = try Self.options(arguments, environment: [:])
            return nil
        } catch {
            guard case .usage(let message) = error else { return "\(error)" }
            return message
        }
    }

    @Test(
        "--timeout out of range, not a number or not finite is a usage error naming the option and the range",
        arguments: ["1e17", "1e300", "nan", "inf", "-1", "1e-300", "86400.5", "0"])
    func timeoutOption(value: String) {
        #expect(
            Self.usageMessage(["--timeout", value])
                == "--timeout \(value): expected a number of seconds from 0.001 to 86400 (a day)")
    }

    @Test(
        "--retry and --parallel out of range are usage errors naming the option and the range",
        arguments: [
            (["--retry", "2147483647"], "--retry 2147483647: expected a whole number from 0 to 100"),
            (["--retry", "101"], "--retry 101: expected a whole number from 0 to 100"),
            (["--retry", "-1"], "--retry -1: expected a whole number from 0 to 100"),
            (["--parallel", "257"], "--parallel 257: expected a whole number from 0 to 256"),
            (["-j", "-1"], "--parallel -1: expected a whole number from 0 to 256"),
            (["--parallel", "1e300"], "--parallel 1e300: expected a whole number from 0 to 256"),
        ])
    func countOptions(arguments: [String], message: String) {
        #expect(Self.usageMessage(arguments) == message)
    }

    @Test("in range is accepted: a quarter of a second, 100 retries, 256 workers")
    func inRange() throws {
        let options = try Self.options(
            ["--timeout", "0.25", "--retry", "100", "--parallel", "256"], environment: [:])
        #expect(options.configuration.stepTimeout == .milliseconds(250))
        #expect(options.configuration.retry == 100)
        #expect(options.configuration.parallel == 256)
    }

    @Test("a configuration file's bad timeout is an error naming the file, the line, the profile and the key")
    func fileThroughTheCommand() {
        let json = "{\"ci\": {\n  \"timeout\": 1e300}}"
        do throws(ConfigurationFileError) {
            _ = try ConfigurationFile(data: Data(json.utf8), path: "/work/cucumber.json").settings(profiles: ["ci"])
            Issue.record("a timeout of 1e300 was read")
        } catch {
            #expect(error.description.hasPrefix(#"/work/cucumber.json:2:3: profile "ci": "timeout" must be"#))
        }
    }

    @Test(
        "the editor's timeout setting out of range is refused, naming the setting; the timeout stays",
        arguments: [1e17, 1e300, .nan, .infinity, -1, 1e-300])
    func editorTimeout(seconds: Double) {
        var settings = ServerSettings()
        let refused = settings.update(["speckit": ["timeout": NSNumber(value: seconds)]])
        #expect(refused.count == 1)
        #expect(
            refused.first?.hasPrefix("speckit.timeout ") == true
                && refused.first?.contains("expected a number of seconds from 0.001 to 86400 (a day)") == true,
            "\(refused)")
        #expect(settings.timeout == 10)
    }

    @Test("the editor's timeout in range is taken, a whole number too; a string is refused")
    func editorTimeoutInRange() throws {
        var settings = ServerSettings()
        // A whole number as a client's JSON gives it (an NSNumber that also reads as a Bool on Linux).
        let whole = try JSONSerialization.jsonObject(with: Data(#"{"speckit": {"timeout": 1}}"#.utf8))
        #expect(settings.update(whole).isEmpty)
        #expect(settings.timeout == 1)
        #expect(settings.update(["speckit": ["timeout": 2.5]]).isEmpty)
        #expect(settings.timeout == 2.5)
        #expect(settings.update(["timeout": "5"]).first?.hasPrefix("speckit.timeout 5: expected") == true)
        #expect(settings.timeout == 2.5)
    }

    @Test(
        "an editor setting of the wrong type is refused, naming it and what it takes; the setting stays",
        arguments: [
            (#"{"speckit": {"runOnSave": "yes"}}"#, "speckit.runOnSave yes: expected true or false; keeps false"),
            (#"{"speckit": {"runOnSave": 1}}"#, "speckit.runOnSave 1.0: expected true or false; keeps false"),
            (#"{"speckit": {"timeout": true}}"#, "speckit.timeout true: expected a number of seconds"),
            (#"{"speckit": {"stepFile": 3}}"#, "speckit.stepFile 3.0: expected a Swift file's path"),
            (#"{"speckit": {"variant": ["sqlite"]}}"#, "speckit.variant "),
        ])
    func editorSettingOfTheWrongType(json: String, message: String) throws {
        var settings = ServerSettings()
        let refused = settings.update(try JSONSerialization.jsonObject(with: Data(json.utf8)))
        #expect(refused.count == 1)
        #expect(refused.first?.hasPrefix(message) == true, "\(refused)")
        #expect(!settings.runOnSave && settings.timeout == 10 && settings.stepFile == nil && settings.variant == nil)
    }

    @Test("a key under speckit that is no setting is refused with the closest one; at the top level it is left alone")
    func unknownEditorSetting() throws {
        var settings = ServerSettings()
        let refused = settings.update(
            try JSONSerialization.jsonObject(with: Data(#"{"speckit": {"timout": 5, "runOnSave": true}}"#.utf8)))
        #expect(
            refused == [
                "speckit.timout is not a setting of the server; did you mean speckit.timeout? (it has "
                    + "speckit.stepFile, speckit.runOnSave, speckit.timeout, speckit.variant)"
            ])
        #expect(settings.runOnSave && settings.timeout == 10)
        #expect(settings.update(["formatter": "x", "runOnSave": false]).isEmpty)
        #expect(!settings.runOnSave)
        var many: [String: Any] = [:]
        for number in 0..<1000 { many["key\(number)"] = number }
        let refusedMany = settings.update(["speckit": many])
        #expect(refusedMany.count == 4)
        #expect(refusedMany.last == "and 997 more keys under speckit that are no setting")
    }

    @Test("null sets an editor setting back to its default, as an editor sends an unset one")
    func nullEditorSetting() throws {
        var settings = ServerSettings()
        let given = #"{"speckit": {"stepFile": "S.swift", "runOnSave": true, "timeout": 3, "variant": "sqlite"}}"#
        #expect(settings.update(try JSONSerialization.jsonObject(with: Data(given.utf8))).isEmpty)
        #expect(settings.stepFile == "S.swift" && settings.runOnSave && settings.timeout == 3)
        let unset = #"{"speckit": {"stepFile": null, "runOnSave": null, "timeout": null, "variant": null}}"#
        #expect(settings.update(try JSONSerialization.jsonObject(with: Data(unset.utf8))).isEmpty)
        #expect(settings.stepFile == nil && !settings.runOnSave && settings.timeout == 10 && settings.variant == nil)
    }

    @Test("a language server given a huge timeout at initialize shows why it refused it, and keeps serving")
    func serverRefusesHugeTimeout() throws {
        var session = ServerSession()
        session.send(
            "initialize", id: 0,
            ["capabilities": [String: Any](), "initializationOptions": ["speckit": ["timeout": 1e17]]])
        session.send("initialized")
        session.send("workspace/didChangeConfiguration", ["settings": ["speckit": ["timeout": 1e300]]])
        session.send("shutdown", id: 1)
        session.send("exit")
        let (status, output) = try session.run()
        #expect(status == 0)
        let shown = output.filter { $0["method"] as? String == "window/showMessage" }
            .compactMap { ($0["params"] as? [String: Any])?["message"] as? String }
        #expect(shown.count == 2, "\(shown)")
        #expect(shown.allSatisfy { $0.hasPrefix("speckit.timeout 1e+") && $0.contains("from 0.001 to 86400") })
    }
}
