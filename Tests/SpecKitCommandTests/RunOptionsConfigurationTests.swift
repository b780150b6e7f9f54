import Foundation
import Gherkin
import OptionParsing
import SpecKit
import Testing

@testable import SpecKitCommand

@Suite("run's options over a configuration file's profile, and the language tables")
struct RunOptionsConfigurationTests {
    /// `arguments` parsed over the settings of `profile` in `json`.
    static func options(_ json: String, profile: String, _ arguments: [String]) throws -> RunOptions {
        let settings = try ConfigurationFile(data: Data(json.utf8), path: "cucumber.json", extraKeys: ["store"])
            .settings(profiles: [profile])
        let commandLine = try RunSettings(arguments: arguments, extra: RunOptions.extraSettings(variantOption: "store"))
        return try RunOptions(
            RunOptions.checked(profiles: settings, file: "cucumber.json").merging(commandLine), variantOption: "store")
    }

    static let json = """
        {"ci": {"paths": ["Specs/a.feature:3"], "tags": "@a", "name": ["x"], "format": ["summary"],
                "exclusive": "@db", "parallel": 4, "retry": 2, "strict": false, "order": "reverse",
                "timeout": 3, "shard": "2/3", "out": "ci", "title": "CI", "store": "sqlite", "failFast": true,
                "retryTagFilter": "@flaky", "linkTags": ["@T-([0-9]+)=https://t.example/$1"]}}
        """

    @Test("the profile's options are the base: every key reaches its option")
    func profileAlone() throws {
        let options = try Self.options(Self.json, profile: "ci", [])
        #expect(options.targets == [RunOptions.Target(path: "Specs/a.feature", lines: [3])])
        #expect(options.configuration.tagExpressions == ["@a"])
        #expect(options.configuration.namePatterns == ["x"])
        #expect(options.formats.map(\.name) == ["summary"])
        #expect(options.configuration.exclusiveTagExpressions == ["@db"])
        #expect(options.configuration.parallel == 4)
        #expect(options.configuration.retry == 2)
        #expect(!options.configuration.strict)
        #expect(options.configuration.order == .reverse)
        #expect(options.configuration.stepTimeout == .seconds(3))
        #expect(options.configuration.shard?.index == 2 && options.configuration.shard?.count == 3)
        #expect(options.outDirectory == "ci" && options.outDirectoryGiven)
        #expect(options.title == "CI")
        #expect(options.variant == "sqlite")
        #expect(options.configuration.failFast)
        #expect(options.configuration.retryTagFilter == "@flaky")
        #expect(options.linkTags == [#"@T-([0-9]+)=https://t.example/$1"#])
    }

    @Test("the command line wins: scalars replace, lists add up, paths replace, retry tag filters both hold")
    func commandLineWins() throws {
        let options = try Self.options(
            Self.json, profile: "ci",
            [
                "Specs/b.feature", "--tags", "@b", "--name", "y", "--format", "pretty", "--exclusive", "@port",
                "--parallel", "2", "--retry", "0", "--retry-tag-filter", "@other", "--link-tags",
                "@U-(\\d+)=https://u.example/$1", "--strict", "--order", "defined", "--store", "memory",
            ])
        #expect(options.targets == [RunOptions.Target(path: "Specs/b.feature", lines: [])])
        #expect(options.configuration.tagExpressions == ["@a", "@b"])
        #expect(options.configuration.namePatterns == ["x", "y"])
        #expect(options.formats.map(\.name) == ["summary", "pretty"])
        #expect(options.configuration.exclusiveTagExpressions == ["@db", "@port"])
        #expect(options.configuration.parallel == 2)
        #expect(options.configuration.retry == 0)
        #expect(options.configuration.strict)
        #expect(options.configuration.order == .defined)
        #expect(options.variant == "memory")
        #expect(options.configuration.retryTagFilter == "(@flaky) and (@other)")
        #expect(options.linkTags.count == 2)
    }

    @Test("a format the command does not know is an error naming the file")
    func badFormat() throws {
        #expect(throws: OptionParser.Failure.self) {
            try Self.options(#"{"p": {"format": ["nonsense:x"]}}"#, profile: "p", [])
        }
        do {
            _ = try Self.options(#"{"p": {"format": ["nonsense:x"]}}"#, profile: "p", [])
        } catch let failure as OptionParser.Failure {
            guard case .usage(let message) = failure else { throw failure }
            #expect(message.hasPrefix("cucumber.json: "), "\(message)")
        }
    }

    @Test("display widths count East Asian wide characters and emoji twice, combining marks not at all")
    func displayWidths() {
        #expect(LanguageTables.displayWidth("Nederlands") == 10)
        #expect(LanguageTables.displayWidth("日本語") == 6)
        #expect(LanguageTables.displayWidth("한국어") == 6)
        #expect(LanguageTables.displayWidth("😀") == 2)
        #expect(LanguageTables.displayWidth("e\u{301}") == 1)
        #expect(LanguageTables.displayWidth("हिंदी") == 5)
    }

    @Test("the keyword table of a language lists every kind, quoted, in cucumber-js's order")
    func keywordTable() throws {
        let table = LanguageTables.keywords(try #require(GherkinLanguages.builtIn.dialect(for: "nl")))
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.count == 12)
        #expect(lines[0] == "ENGLISH KEYWORD  | NATIVE KEYWORDS")
        #expect(lines[1] == #"Feature          | "Functionaliteit""#)
        #expect(lines[7] == #"Given            | "* ", "Gegeven ", "Stel ""#)
        #expect(table.hasSuffix("\n"))
    }
}
