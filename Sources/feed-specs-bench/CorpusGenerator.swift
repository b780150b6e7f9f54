import Foundation
import Gherkin
import SpecKit

/// Writes a deterministic corpus of `.feature` files: the same options give the same bytes on every machine.
///
/// Each file has a tagged feature with a description, a background of two steps, and `scenarios` scenarios;
/// every fifth scenario is an outline with one examples table of four rows, the others carry a data table or a
/// doc string on one step. With the defaults (200 files of 25 scenarios) the corpus is about 3.2 MB, 66,800
/// lines, 8,000 pickles and 44,000 pickle steps (background steps included).
///
/// Step texts come from the templates below, where `{int}` is a number, `{string}` a double-quoted text and
/// `{word}` a single word, so a catch-all library with one Cucumber Expression per template (a few dozen
/// definitions) matches every step:
///
///     Given the cache holds {int} images saved {int} days ago
///     Given the remote feed returns {int} items
///     Given the remote feed fails with status {int}
///     Given the store is {word}
///     Given the clock reads {string}
///     Given the user {string} is signed in
///     Given the feed has {int} pages of {int} images
///     Given the network is {word}
///     Given an image titled {string} at position {int}
///     Given the cache expires after {int} days
///     When the user opens the feed
///     When the user pulls to refresh {int} times
///     When the app enters the background
///     When {int} seconds pass
///     When the user scrolls to image {int}
///     When the loader requests page {int}
///     When the user taps image {string}
///     When the cache is validated
///     When the remote feed answers {string}
///     When the store is {word}
///     Then the feed shows {int} images
///     Then the user sees the message {string}
///     Then the cache holds {int} images
///     Then the cache is {word}
///     Then image {int} is titled {string}
///     Then the loader made {int} requests
///     Then no request was made to {string}
///     Then the feed shows the error {string}
///     Then the store was asked to {word} {int} times
///     Then the images are sorted by {word}
///
/// In outlines, `{int}` and `{string}` values of some steps are `<count>` / `<title>` placeholders filled in
/// by the examples rows, so pickles still match the same definitions.
struct CorpusGenerator {
    var features = 200
    var scenarios = 25
    var seed: UInt64 = 42
    /// The spoken language of the files (a `# language:` header and that dialect's first keywords); nil for
    /// English without a header.
    var language: GherkinDialect?

    static let givenTemplates = [
        "the cache holds {int} images saved {int} days ago", "the remote feed returns {int} items",
        "the remote feed fails with status {int}", "the store is {word}", "the clock reads {string}",
        "the user {string} is signed in", "the feed has {int} pages of {int} images", "the network is {word}",
        "an image titled {string} at position {int}", "the cache expires after {int} days",
    ]
    static let whenTemplates = [
        "the user opens the feed", "the user pulls to refresh {int} times", "the app enters the background",
        "{int} seconds pass", "the user scrolls to image {int}", "the loader requests page {int}",
        "the user taps image {string}", "the cache is validated", "the remote feed answers {string}",
        "the store is {word}",
    ]
    static let thenTemplates = [
        "the feed shows {int} images", "the user sees the message {string}", "the cache holds {int} images",
        "the cache is {word}", "image {int} is titled {string}", "the loader made {int} requests",
        "no request was made to {string}", "the feed shows the error {string}",
        "the store was asked to {word} {int} times", "the images are sorted by {word}",
    ]
    static let words = ["empty", "full", "expired", "fresh", "offline", "online", "sqlite", "memory", "file", "date"]
    static let strings = [
        "A quiet lake under a grey morning sky", "Mountain ridge at dawn, seen from the valley",
        "Night market with paper lanterns", "Could not connect to the image server", "2024-03-01 10:00:00 +0000",
        "alice.johnson@example.com", "https://example.com/feeds/v1/images?page=1", "Invalid data in the payload",
        "Red bicycle leaning on a yellow wall", "bob.smith@example.com",
    ]
    static let nouns = ["cache", "feed", "image", "store", "loader", "network", "user", "timeline"]

    /// Writes the files `feature-000.feature`, ... into `directory` (created when missing); returns the paths.
    func write(to directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var generator = SplitMix64(seed: seed)
        var paths: [String] = []
        let width = max(3, String(features - 1).count)
        for index in 0..<features {
            let number = String(index)
            let name = "feature-" + String(repeating: "0", count: max(0, width - number.count)) + number + ".feature"
            let path = (directory as NSString).appendingPathComponent(name)
            let english = feature(index, &generator)
            let text = language.map { Self.translated(english, into: $0) } ?? english
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    /// `text` with a `# language:` header and each English keyword at the start of a line replaced by the
    /// dialect's first one (for step keywords, its first other than `* `).
    static func translated(_ text: String, into dialect: GherkinDialect) -> String {
        func step(_ keywords: [String]) -> String { keywords.first { $0 != "* " } ?? keywords[0] }
        let replacements: [(String, String)] = [
            ("Feature: ", dialect.feature[0] + ": "), ("Background:", dialect.background[0] + ":"),
            ("Scenario Outline: ", dialect.scenarioOutline[0] + ": "), ("Scenario: ", dialect.scenario[0] + ": "),
            ("Examples: ", dialect.examples[0] + ": "), ("Given ", step(dialect.given)), ("When ", step(dialect.when)),
            ("Then ", step(dialect.then)), ("And ", step(dialect.and)),
        ]
        var lines = ["# language: \(dialect.language)"]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let body = line.drop { $0 == " " }
            let indent = line.prefix(line.count - body.count)
            if let (english, native) = replacements.first(where: { body.hasPrefix($0.0) }) {
                lines.append(indent + native + body.dropFirst(english.count))
            } else {
                lines.append(String(line))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The text of one feature file.
    func feature(_ index: Int, _ random: inout SplitMix64) -> String {
        var lines: [String] = []
        let noun = random.pick(Self.nouns)
        lines.append("@feature-\(index) @\(random.pick(Self.words))")
        lines.append("Feature: \(noun.capitalized) behaviour number \(index)")
        lines.append("  As a user of the image feed I want the \(noun) to behave predictably")
        lines.append("  so that I can trust what the app shows me, online or offline.")
        lines.append("")
        lines.append("  Background:")
        lines.append("    Given " + step(Self.givenTemplates, &random))
        lines.append("    And " + step(Self.givenTemplates, &random))
        lines.append("")
        var outlineCount = 0
        var plainCount = 0
        for scenario in 0..<scenarios {
            if scenario % 5 == 4 {
                outline(scenario, stepCount: 3 + outlineCount % 2, into: &lines, &random)
                outlineCount += 1
            } else {
                plain(scenario, stepCount: plainCount % 5 < 3 ? 4 : 3, into: &lines, &random)
                plainCount += 1
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func plain(_ number: Int, stepCount: Int, into lines: inout [String], _ random: inout SplitMix64) {
        lines.append("  @scenario-\(number) @\(random.pick(Self.words))")
        lines.append("  Scenario: \(random.pick(Self.nouns)) case \(number) when \(random.pick(Self.words))")
        lines.append(
            "    The \(random.pick(Self.nouns)) is checked against a \(random.pick(Self.words)) state, with"
                + " \(random.pick(Self.words)) data from the \(random.pick(Self.nouns)) and a \(random.pick(Self.words))"
                + " \(random.pick(Self.nouns)).")
        let argumentStep = random.below(stepCount)
        for index in 0..<stepCount {
            lines.append("    " + keyword(index, of: stepCount) + step(templates(index, of: stepCount), &random))
            guard index == argumentStep else { continue }
            if number % 2 == 0 {
                lines.append("      | id | title                                        | location | width | height |")
                for row in 0..<3 {
                    lines.append(
                        "      | \(row + 1) | \(random.pick(Self.strings)) | \(random.pick(Self.strings)) |"
                            + " \(100 + random.below(900)) | \(100 + random.below(900)) |")
                }
            } else {
                lines.append("      \"\"\"json")
                lines.append(
                    "      {\"items\": [{\"id\": \(random.below(1000)), \"url\": \"https://example.com/\(random.below(100)).png\"}]}"
                )
                lines.append("      \(random.pick(Self.strings))")
                lines.append("      \"\"\"")
            }
        }
        lines.append("    # checked by the \(random.pick(Self.nouns)) suite")
        lines.append("")
    }

    private func outline(_ number: Int, stepCount: Int, into lines: inout [String], _ random: inout SplitMix64) {
        lines.append("  @outline-\(number)")
        lines.append("  Scenario Outline: \(random.pick(Self.nouns)) with <count> images titled <title>")
        lines.append(
            "    Each row of the examples checks a different number of images and a different title, so the"
                + " \(random.pick(Self.nouns)) is exercised with \(random.pick(Self.words)) and"
                + " \(random.pick(Self.words)) data.")
        for index in 0..<stepCount {
            var text = step(templates(index, of: stepCount), &random)
            if index == 0 {
                text = "the feed has <count> pages of \(1 + random.below(9)) images"
            } else if index == stepCount - 1 {
                text = "the user sees the message \"<title>\""
            }
            lines.append("    " + keyword(index, of: stepCount) + text)
        }
        lines.append("")
        lines.append("    @examples-\(number)")
        lines.append("    Examples: \(random.pick(Self.words)) feeds")
        lines.append("      | count | title | note |")
        for _ in 0..<4 {
            lines.append("      | \(random.below(50)) | \(random.pick(Self.strings)) | \(random.pick(Self.strings)) |")
        }
        lines.append("")
    }

    private func keyword(_ index: Int, of count: Int) -> String {
        if index == 0 { return "Given " }
        if index == count - 1 { return "Then " }
        return index == 1 ? "When " : "And "
    }

    private func templates(_ index: Int, of count: Int) -> [String] {
        if index == 0 { return Self.givenTemplates }
        if index == count - 1 { return Self.thenTemplates }
        return Self.whenTemplates
    }

    /// A template with its placeholders filled in.
    private func step(_ templates: [String], _ random: inout SplitMix64) -> String {
        var text = random.pick(templates)
        while let range = text.range(of: "{int}") {
            text.replaceSubrange(range, with: String(random.below(100)))
        }
        while let range = text.range(of: "{string}") {
            text.replaceSubrange(range, with: "\"" + random.pick(Self.strings) + "\"")
        }
        while let range = text.range(of: "{word}") {
            text.replaceSubrange(range, with: random.pick(Self.words))
        }
        return text
    }
}
