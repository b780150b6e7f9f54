import Foundation
import SpecKit

/// Writes a deterministic corpus shaped like the specs of public Cucumber projects (`generate --shape real-world`):
/// many small files, backgrounds in half of them, few outlines (some with several examples blocks), a data table or
/// a doc string on a step now and then, a few rules, tags at every level and step texts of real length.
///
/// The proportions are those counted (with the official Python parser, `gherkin-official`) in 285 `.feature`
/// files of four public projects: diaspora/diaspora (71 files), alphagov/whitehall (55), elastic/apm (6) and
/// cucumber/cucumber-ruby (153):
///
/// | per file or step | the four projects pooled | this corpus (defaults) |
/// |---|---|---|
/// | scenarios per file | 3.2 | 3.1 |
/// | steps per scenario | 5.7 | 6.0 |
/// | files with a background, its steps | 50%, 2.7 | 55%, 2.4 |
/// | scenarios that are outlines, rows per examples block | 5.3%, 3.8 | 6.1%, 4.1 |
/// | steps with a data table, its rows (header included) | 3.0%, 2.6 | 4.4%, 2.5 |
/// | steps with a doc string | 10.1% | 10.3% |
/// | step text length (characters, mean / median) | 43 / 39 | 52 / 47 |
/// | tags per feature, per scenario | 0.35, 0.04 | 0.33, 0.04 |
/// | bytes, lines per file | 1,954, 53 | 1,761, 44 |
///
/// What the sample has too rarely to count is given a small floor so that every construct is exercised: outlines
/// with a second examples block (1 in 3 outlines; the sample's outlines have one), tags on examples blocks (1 in 4)
/// and rules (1 in 20 files, two rules each, the second with a background of its own; the sample has 4 rules in
/// 285 files).
///
/// With the defaults (2,200 files, 3.9 MB) the corpus has 8,643 pickles and 59,312 pickle steps, about as many
/// pickles as the `templates` shape (8,000).
struct RealWorldGenerator {
    var features = 2200
    /// The average number of scenarios per file.
    var scenarios = 3
    var seed: UInt64 = 42

    /// The step templates: `{int}` is a number, `{string}` a double-quoted text, `{word}` one word. The bench
    /// defines one no-op step per template (`RunBenchmark.realWorldLibrary()`), none matching another's steps.
    static let templates = [
        "I am signed in as {string}", "I am on the feed page", "I visit the settings page of {string}",
        "a user named {string} with {int} followers exists", "the following images are in the feed:",
        "the remote server answers with status {int} after {int} seconds", "I wait for {int} seconds",
        "the cache was saved {int} days ago with {int} images", "I press {string}", "I fill in {string} with {string}",
        "I follow the link {string} in the navigation bar", "I should see {string}", "I should not see {string}",
        "I should see {int} images in the stream", "the page title should be {string}",
        "I upload the image {string} with the description {string}",
        "an administrator has published the announcement {string} for the {word} locale",
        "the feed for {string} is loaded from the {word} store", "I scroll down to the bottom of the stream",
        "the request to {string} should have the header {string}", "I switch the application to {word} mode",
        "the JSON response should be:", "the notification {string} should be delivered within {int} seconds",
        "the {word} store should contain {int} images", "I reload the page", "I go back to the previous page",
        "I delete the image at position {int} from my gallery and confirm the dialog",
        "the image {string} should have {int} comments and {int} likes",
        "a comment {string} is posted on the image {string}", "I change the language to {word}",
        "the background job {string} has run {int} times", "the feed should be sorted by {word}",
        "the cache should be {word}", "I search for {string} in the search bar at the top of the page",
        "I should be redirected to the sign in page with the message {string}",
        "the clock is set to {string}", "the network connection drops for {int} seconds",
        "the email sent to {string} should contain {string}",
        "I mark the conversation {string} as read", "the API returns the document:",
        "I open the image {string} in full screen", "the attribution {string} should be visible under the image",
        "the {word} feature flag is enabled", "I accept the terms of service and continue to the onboarding",
        "I should see the error {string} next to the field {string}",
        "{int} people have shared the post {string} on their own stream",
    ]
    static let words = [
        "memory", "file", "sqlite", "offline", "online", "date", "popularity", "expired", "fresh", "english", "german",
        "dark",
    ]
    static let strings = [
        "alice@example.org", "Bob Marley", "Save changes", "Your profile was updated",
        "A quiet lake under a grey sky",
        "https://example.org/api/v2/feeds/42", "Sign in", "Something went wrong",
        "photos/harbour-at-dusk.jpg", "Welcome back, Alice!", "Authorization: Bearer abc123",
        "The image could not be loaded",
        "2025-03-01T10:00:00Z", "Aspects", "Night market with paper lanterns",
    ]
    static let nouns = [
        "stream", "profile", "gallery", "conversation", "notification", "announcement", "search", "settings",
        "onboarding", "feed cache", "image upload", "comment thread",
    ]

    /// Writes the files `spec-0000.feature`, ... into `directory` (created when missing); returns the paths.
    func write(to directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var random = SplitMix64(seed: seed)
        var paths: [String] = []
        let width = max(4, String(features - 1).count)
        for index in 0..<features {
            let number = String(index)
            let name = "spec-" + String(repeating: "0", count: max(0, width - number.count)) + number + ".feature"
            let path = (directory as NSString).appendingPathComponent(name)
            try Data(feature(index, &random).utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    /// The text of one feature file.
    func feature(_ index: Int, _ random: inout SplitMix64) -> String {
        var lines: [String] = []
        let noun = random.pick(Self.nouns)
        if random.below(3) == 0 { lines.append("@area-\(index % 7)") }
        lines.append("Feature: \(noun.capitalized) \(index)")
        for line in 0..<random.below(4) {
            lines.append(
                line == 0
                    ? "  In order to keep track of my \(noun), as a signed-in user,"
                    : "  I want the \(random.pick(Self.nouns)) to stay \(random.pick(Self.words)) and predictable.")
        }
        lines.append("")
        if random.below(2) == 0 { background(steps: 1 + random.below(4), indent: "  ", into: &lines, &random) }
        let count = max(1, 1 + random.below(max(1, 2 * scenarios - 1)))
        if index % 20 == 7 {
            for rule in 0..<2 {
                if random.below(2) == 0 { lines.append("  @rule-\(rule)") }
                lines.append("  Rule: the \(random.pick(Self.nouns)) is \(random.pick(Self.words)) (\(rule + 1))")
                lines.append("")
                if rule == 1 { background(steps: 1, indent: "    ", into: &lines, &random) }
                for number in 0..<max(1, count / 2 + rule) { scenario(number, indent: "    ", into: &lines, &random) }
            }
        } else {
            for number in 0..<count { scenario(number, indent: "  ", into: &lines, &random) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func background(steps: Int, indent: String, into lines: inout [String], _ random: inout SplitMix64) {
        lines.append(indent + "Background:")
        for index in 0..<steps {
            append(step(index == 0 ? "Given" : "And", &random), indent: indent + "  ", into: &lines, &random)
        }
        lines.append("")
    }

    private func scenario(_ number: Int, indent: String, into lines: inout [String], _ random: inout SplitMix64) {
        if random.below(25) == 0 { lines.append(indent + "@\(random.pick(Self.words))") }
        let isOutline = random.below(16) == 0
        let name = "\(random.pick(Self.nouns)) case \(number) when \(random.pick(Self.words))"
        lines.append(indent + (isOutline ? "Scenario Outline: \(name) with <count>" : "Scenario: \(name)"))
        let stepCount = 2 + random.below(8)
        for index in 0..<stepCount {
            let keyword = index == 0 ? "Given" : index == 1 ? "When" : index == stepCount - 1 ? "Then" : "And"
            if isOutline && index == stepCount - 1 {
                lines.append(indent + "  \(keyword) I should see <count> images in the stream")
            } else if isOutline && index == 0 {
                lines.append(indent + "  \(keyword) I am signed in as \"<user>\"")
            } else {
                append(step(keyword, &random), indent: indent + "  ", into: &lines, &random)
            }
        }
        lines.append("")
        guard isOutline else { return }
        for block in 0..<(random.below(3) == 0 ? 2 : 1) {
            if random.below(4) == 0 { lines.append(indent + "  @examples-\(block)") }
            lines.append(indent + "  Examples: \(random.pick(Self.words)) \(block + 1)")
            lines.append(indent + "    | count | user |")
            for _ in 0..<(2 + random.below(5)) {
                lines.append(indent + "    | \(random.below(60)) | \(random.pick(Self.strings)) |")
            }
            lines.append("")
        }
    }

    /// A step line: a template with its placeholders filled in, and a data table or doc string now and then
    /// (always after a template ending in a colon).
    private func step(_ keyword: String, _ random: inout SplitMix64) -> (text: String, argument: Int) {
        var text = random.pick(Self.templates)
        while let range = text.range(of: "{int}") { text.replaceSubrange(range, with: String(random.below(100))) }
        while let range = text.range(of: "{string}") {
            text.replaceSubrange(range, with: "\"" + random.pick(Self.strings) + "\"")
        }
        while let range = text.range(of: "{word}") { text.replaceSubrange(range, with: random.pick(Self.words)) }
        // 0: none, 1: a data table, 2: a doc string.
        let draw = random.below(320)
        let argument = text.hasSuffix(":") ? (draw % 2 == 0 ? 1 : 2) : draw < 4 ? 1 : draw < 29 ? 2 : 0
        return (keyword + " " + text, argument)
    }

    private func append(
        _ step: (text: String, argument: Int), indent: String, into lines: inout [String], _ random: inout SplitMix64
    ) {
        lines.append(indent + step.text)
        switch step.argument {
        case 1:
            lines.append(indent + "  | name | value | note |")
            for row in 0..<(1 + random.below(2)) {
                lines.append(
                    indent
                        + "  | \(random.pick(Self.words))-\(row) | \(random.below(1000)) | \(random.pick(Self.strings)) |"
                )
            }
        case 2:
            let json = random.below(2) == 0
            lines.append(indent + "  \"\"\"" + (json ? "json" : ""))
            if json {
                lines.append(indent + "  {")
                lines.append(indent + "    \"id\": \(random.below(10_000)),")
                lines.append(indent + "    \"description\": \"\(random.pick(Self.strings))\",")
                lines.append(indent + "    \"tags\": [\"\(random.pick(Self.words))\", \"\(random.pick(Self.words))\"]")
                lines.append(indent + "  }")
            } else {
                for _ in 0..<(1 + random.below(3)) { lines.append(indent + "  " + random.pick(Self.strings)) }
            }
            lines.append(indent + "  \"\"\"")
        default:
            break
        }
    }
}
