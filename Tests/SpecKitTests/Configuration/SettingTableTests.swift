import Foundation
import Gherkin
import Messages
import OptionParsing
import Testing

@testable import SpecKit

/// The one table of a run's settings (`Setting.all`): each source it is read from fills the same value, in the
/// same field, and the sources merge in one order.
@Suite("The settings table: one declaration per setting, read the same from every source")
struct SettingTableTests {
    /// A value of `setting`'s kind, as a command line writes it and as a profile does.
    static func sample(_ setting: Setting, categoriesFile: String) -> (argument: String?, json: String) {
        switch setting.kind {
        case .text: ("x.json", #""x.json""#)
        case .texts: ("@a", #"["@a"]"#)
        case .wholeNumber(let range): ("\(range.upperBound)", "\(range.upperBound)")
        case .flag: (nil, "true")
        case .order: ("reverse", #""reverse""#)
        case .seconds: ("2.5", "2.5")
        case .shard: ("2/3", #""2/3""#)
        case .formats: ("summary", #"["summary"]"#)
        case .categories: (categoriesFile, "\"\(categoriesFile)\"")
        }
    }

    static func categoriesFile() throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("categories-\(UUID()).json")
        try Data(#"[{"name": "Timeouts", "messageRegex": ".*timed out.*"}]"#.utf8).write(to: file)
        return file.path
    }

    @Test(
        "each setting a profile may hold reads the same from its option and its key",
        arguments: Setting.all.filter { $0.key != nil && $0.option != nil })
    func optionAndKeyAgree(setting: Setting) throws {
        let file = try Self.categoriesFile()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (argument, json) = Self.sample(setting, categoriesFile: file)
        let option = try #require(setting.option)
        let key = try #require(setting.key)
        let fromCommandLine = try RunSettings(arguments: [option] + (argument.map { [$0] } ?? []))
        let fromFile = try ConfigurationFile(data: Data(#"{"p": {"\#(key)": \#(json)}}"#.utf8), path: "c.json")
            .settings(profiles: ["p"])
        #expect(!fromCommandLine.isEmpty, "\(option) set nothing")
        #expect(fromCommandLine == fromFile, "\(option) and \"\(key)\" set different things")
        let fromProfileCommandLine = try ConfigurationFile(
            data: Data(#"{"p": "\#(option) \#(argument ?? "")"}"#.utf8), path: "c.json"
        ).settings(profiles: ["p"])
        #expect(fromProfileCommandLine == fromCommandLine, "a profile's command line reads \(option) otherwise")
    }

    @Test("each property of RunSettings is set by the setting declared with it, and by no other")
    func eachDeclarationSetsItsOwnProperty() throws {
        let file = try Self.categoriesFile()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let empty = Mirror(reflecting: RunSettings()).children.map { ($0.label ?? "", String(describing: $0.value)) }
        var declared: [Setting] = []
        for child in Mirror(reflecting: RunSettings()).children {
            guard let label = child.label, let setting = (child.value as? any DeclaredSetting)?.setting else {
                continue
            }
            declared.append(setting)
            let (argument, _) = Self.sample(setting, categoriesFile: file)
            let arguments = setting.option.map { [$0] + (argument.map { [$0] } ?? []) } ?? ["x.feature"]
            let read = Mirror(reflecting: try RunSettings(arguments: arguments)).children
            let changed = zip(read, empty).filter { $0.1.0.hasPrefix("_") && String(describing: $0.0.value) != $0.1.1 }
                .map(\.1.0)
            #expect(changed == [label], "\(arguments) set \(changed), not \(label)")
        }
        #expect(declared.map(\.option) == Setting.all.map(\.option), "Setting.all is every declaration, in order")
    }

    @Test("no two settings share an option, a short option or a key")
    func namesAreUnique() {
        let options = Setting.all.flatMap { [$0.option, $0.short, $0.negation].compactMap { $0 } }
        let keys = Setting.all.compactMap(\.key)
        #expect(Set(options).count == options.count)
        #expect(Set(keys).count == keys.count)
    }

    @Test("a setting a profile cannot hold is refused in a profile's command line, naming it")
    func commandLineOnly() throws {
        for setting in Setting.all where setting.key == nil {
            let option = try #require(setting.option)
            let argument = setting.kind == .flag ? option : "\(option) x"
            #expect(throws: ConfigurationFileError.self, "\(option)") {
                try ConfigurationFile(data: Data(#"{"p": "\#(argument)"}"#.utf8), path: "c.json")
                    .settings(profiles: ["p"])
            }
        }
    }

    @Test("sources merge in one order: the profile, then the environment, then the command line")
    func order() throws {
        let profile = try ConfigurationFile(
            data: Data(#"{"p": {"languages": "file.json", "tags": "@file", "shard": "1/2"}}"#.utf8), path: "c.json"
        ).settings(profiles: ["p"])
        let environment = try RunSettings(environment: [
            "GHERKIN_LANGUAGES": "environment.json", "TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "3",
        ])
        let commandLine = try RunSettings(arguments: ["--languages", "line.json", "--tags", "@line"])
        let merged = profile.merging(environment).merging(commandLine)
        #expect(merged.languages == "line.json")
        #expect(merged.tags == ["@file", "@line"])
        #expect(merged.shard == (try Shard(index: 4, count: 4)), "Bazel's shard over the profile's")
        #expect(profile.merging(environment).languages == "environment.json")
    }

    @Test("how a later value merges: lists add, paths and scalars replace, retry tag filters must both hold")
    func merging() throws {
        let earlier = try RunSettings(arguments: [
            "a.feature", "--tags", "@a", "--retry", "1", "--retry-tag-filter", "@flaky", "--format", "summary",
        ])
        let later = try RunSettings(arguments: [
            "b.feature", "--tags", "@b", "--retry", "2", "--retry-tag-filter", "@slow",
        ])
        let merged = earlier.merging(later)
        #expect(merged.paths == ["b.feature"])
        #expect(merged.tags == ["@a", "@b"])
        #expect(merged.retry == 2)
        #expect(merged.retryTagFilter == "(@flaky) and (@slow)")
        #expect(merged.formats == ["summary"])
        #expect(earlier.merging(RunSettings()) == earlier, "nothing set changes nothing")
    }

    @Test("swift test's variables are read under swift test only; GHERKIN_LANGUAGES by every run")
    func swiftTestVariables() throws {
        let environment = [
            "SPECKIT_TAGS": "@fast", "SPECKIT_NAME": "cache", "SPECKIT_REPORTS": "/tmp/r",
            "GHERKIN_LANGUAGES": "l.json",
        ]
        let command = try RunSettings(environment: environment)
        #expect(command.tags.isEmpty && command.names.isEmpty && command.out == nil)
        #expect(command.languages == "l.json")
        let swiftTest = try RunSettings(environment: environment, swiftTest: true)
        #expect(swiftTest.tags == ["@fast"] && swiftTest.names == ["cache"] && swiftTest.out == "/tmp/r")
        #expect(try RunSettings(environment: ["SPECKIT_TAGS": "  "], swiftTest: true).isEmpty)
    }

    @Test(
        "a languages file that cannot be read is named with the variable or the option that gave it, the later one",
        arguments: [
            ([String](), ["GHERKIN_LANGUAGES": "/nonexistent/l.json"], "GHERKIN_LANGUAGES=/nonexistent/l.json: "),
            (["--languages", "/nonexistent/m.json"], [:], "--languages /nonexistent/m.json: "),
            (
                ["--languages", "/nonexistent/m.json"], ["GHERKIN_LANGUAGES": "/nonexistent/l.json"],
                "--languages /nonexistent/m.json: "
            ),
        ])
    func languagesFileSource(arguments: [String], environment: [String: String], prefix: String) throws {
        let settings = try RunSettings(environment: environment).merging(try RunSettings(arguments: arguments))
        let error = #expect(throws: LanguagesFileError.self) { try settings.gherkinLanguages() }
        #expect(error?.description.hasPrefix(prefix) == true, "\(String(describing: error))")
        #expect(error?.description.contains("cannot read the file") == true)
    }

    @Test(
        "a languages file a profile gave is named with the file's place, the profile and the key; a later variable's with the variable"
    )
    func languagesFileSourceAfterProfile() throws {
        let file = try ConfigurationFile(
            data: Data(
                "{\n  \"ci\": {\"strict\": true, \"languages\": \"/nonexistent/p.json\"},\n  \"line\": \"--languages /nonexistent/q.json\"\n}"
                    .utf8),
            path: "/pkg/cucumber.json")
        let profile = try file.settings(profiles: ["ci"])
        let own = #expect(throws: LanguagesFileError.self) { try profile.gherkinLanguages() }
        #expect(
            own?.description.hasPrefix(
                #"/pkg/cucumber.json:2:26: profile "ci": languages /nonexistent/p.json: cannot read the file"#) == true,
            "\(String(describing: own))")
        let written = #expect(throws: LanguagesFileError.self) {
            try file.settings(profiles: ["line"]).gherkinLanguages()
        }
        #expect(
            written?.description.hasPrefix(
                #"/pkg/cucumber.json:3:3: profile "line": --languages /nonexistent/q.json: cannot read"#) == true,
            "a profile written as a command line: \(String(describing: written))")
        let environment = try RunSettings(environment: ["GHERKIN_LANGUAGES": "/nonexistent/l.json"])
        let variable = #expect(throws: LanguagesFileError.self) { try profile.merging(environment).gherkinLanguages() }
        #expect(variable?.source == "GHERKIN_LANGUAGES" && variable?.path == "/nonexistent/l.json")
        let commandLine = try RunSettings(arguments: ["--strict"])
        let unchanged = #expect(throws: LanguagesFileError.self) {
            try profile.merging(environment).merging(commandLine).gherkinLanguages()
        }
        #expect(unchanged?.source == "GHERKIN_LANGUAGES", "a command line without --languages keeps the variable's")
    }

    @Test("a command that reads only the languages (gherkin, lsp) takes GHERKIN_LANGUAGES's file when no path is given")
    func languagesAlone() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gherkin-env-\(UUID()).json")
        let json =
            #"{"zz": {"and": ["* "], "background": ["B"], "but": ["* "], "examples": ["E"], "feature": ["F"], "given": ["* "], "name": "Z", "native": "Z", "rule": ["R"], "scenario": ["S"], "scenarioOutline": ["SO"], "then": ["* "], "when": ["* "]}}"#
        try Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromVariable = try RunSettings.gherkinLanguages(
            option: nil, environment: ["GHERKIN_LANGUAGES": url.path])
        #expect(fromVariable.dialect(for: "zz") != nil)
        let fromOption = try RunSettings.gherkinLanguages(
            option: url.path, environment: ["GHERKIN_LANGUAGES": "/nonexistent/l.json"])
        #expect(fromOption.dialect(for: "zz") != nil, "the option's file is read, the variable's is not")
        #expect(try RunSettings.gherkinLanguages(option: nil, environment: [:]).dialect(for: "zz") == nil)
        #expect(
            try RunSettings.gherkinLanguages(option: nil, environment: ["GHERKIN_LANGUAGES": " "]).dialect(for: "zz")
                == nil, "an empty variable names no file")
    }

    @Test("a command that reads only the languages names the variable or the option that gave a file it cannot read")
    func languagesAloneNamedInErrors() {
        let environment = ["GHERKIN_LANGUAGES": "/nonexistent/l.json"]
        let fromVariable = #expect(throws: LanguagesFileError.self) {
            try RunSettings.gherkinLanguages(option: nil, environment: environment)
        }
        #expect(fromVariable?.description.hasPrefix("GHERKIN_LANGUAGES=/nonexistent/l.json: cannot read") == true)
        let fromOption = #expect(throws: LanguagesFileError.self) {
            try RunSettings.gherkinLanguages(option: "/nonexistent/m.json", environment: environment)
        }
        #expect(fromOption?.description.hasPrefix("--languages /nonexistent/m.json: cannot read") == true)
    }

    @Test(
        "Bazel's sharding variables out of range are an error naming both",
        arguments: [("2", "2"), ("0", "0"), ("x", "0"), ("2", "-1")])
    func bazelShard(total: String, index: String) {
        #expect(
            throws: OptionParser.Failure.usage(
                "TEST_TOTAL_SHARDS=\(total), TEST_SHARD_INDEX=\(index): expected 0 <= index < total")
        ) {
            try RunSettings(environment: ["TEST_TOTAL_SHARDS": total, "TEST_SHARD_INDEX": index])
        }
    }

    /// The fields of a run configuration the settings may set, by name, as text.
    static func runFields(_ run: RunConfiguration) -> [String: String] {
        [
            "tags": "\(run.tagExpressions)", "names": "\(run.namePatterns)",
            "exclusive": "\(run.exclusiveTagExpressions)", "parallel": "\(run.parallel)", "retry": "\(run.retry)",
            "retryTagFilter": run.retryTagFilter ?? "-", "strict": "\(run.strict)", "dryRun": "\(run.dryRun)",
            "failFast": "\(run.failFast)", "order": "\(run.order)", "timeout": "\(run.stepTimeout)",
            "shard": run.shard.map { "\($0)" } ?? "-",
        ]
    }

    @Test(
        "each option the runner reads sets its configuration field, and only it; the command's own set none",
        arguments: [
            (["--tags", "@a"], "tags"), (["--name", "x"], "names"), (["--exclusive", "@db"], "exclusive"),
            (["--parallel", "3"], "parallel"), (["--retry", "2"], "retry"),
            (["--retry-tag-filter", "@flaky"], "retryTagFilter"), (["--no-strict"], "strict"),
            (["--dry-run"], "dryRun"), (["--fail-fast"], "failFast"), (["--order", "reverse"], "order"),
            (["--timeout", "2.5"], "timeout"), (["--shard", "1/2"], "shard"), (["--out", "r"], nil),
            (["--title", "T"], nil), (["--format", "summary"], nil),
        ] as [([String], String?)])
    func runnerReads(arguments: [String], field: String?) throws {
        var run = RunConfiguration()
        try RunSettings(arguments: arguments).apply(to: &run)
        let before = Self.runFields(RunConfiguration())
        let after = Self.runFields(run)
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(changed == Set(field.map { [$0] } ?? []), "\(arguments) changed \(changed.sorted())")
    }

    @Test("a value out of its range on the command line names the option and the range")
    func outOfRange() {
        #expect(throws: OptionParser.Failure.usage("--retry 101: expected a whole number from 0 to 100")) {
            try RunSettings(arguments: ["--retry", "101"])
        }
        #expect(
            throws: OptionParser.Failure.usage(
                "--order sideways: expected defined, reverse, random or "
                    + "random:SEED (e.g. random:42)")
        ) {
            try RunSettings(arguments: ["--order", "sideways"])
        }
    }
}

extension Setting: CustomTestStringConvertible {
    /// The option, else the key, that names the setting in a test's arguments.
    public var testDescription: String { option ?? key ?? "a setting" }
}
