import CucumberExpressions
import Foundation
import RegexEngine

/// `feed-specs-bench regex [--texts N]`: matches the regular expressions that step definitions compile to against
/// step texts with three engines, the built-in matcher, `NSRegularExpression` (ICU) and Swift `Regex`, and prints
/// the time per match of each: the figures behind `RegexEngine`'s reason to exist.
func runRegex(_ arguments: [String]) throws {
    let (_, named) = try options(arguments, allowed: ["--texts"])
    let count = try integer(named, "--texts", default: 200_000, minimum: 1)
    let registry = ParameterTypeRegistry()
    let cases: [(expression: String, texts: [String])] = [
        ("the cache holds {int} images saved {int} days ago", ["the cache holds 3 images saved 2 days ago"]),
        (
            "the server answers with status {int} and the file {string}",
            ["the server answers with status 200 and the file \"four-images.json\""]
        ),
        ("the customer opens the feed", ["the customer opens the feed", "the customer opens the feed again"]),
        ("a price of {float} is shown for {word}", ["a price of 2.97 is shown for apples", "a price of x"]),
    ]
    var patterns: [(pattern: String, texts: [String])] = []
    for item in cases {
        let expression = try CucumberExpression(item.expression, registry: registry)
        patterns.append((expression.regexPattern, item.texts))
    }
    print("matching \(count) step texts against the regular expressions of \(patterns.count) step definitions")
    let builtIn = try patterns.map { try TreeRegex($0.pattern) }
    let icu = try patterns.map { try TreeRegex($0.pattern, preferFoundation: true) }
    let swift = try patterns.map { try Regex<AnyRegexOutput>($0.pattern) }
    func measure(_ name: String, _ match: (Int, String) throws -> Bool) rethrows {
        var found = 0
        let start = ContinuousClock.now
        for index in 0..<count {
            let pattern = index % patterns.count
            let texts = patterns[pattern].texts
            if try match(pattern, texts[(index / patterns.count) % texts.count]) { found += 1 }
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(
            "\(name.padding(toLength: 22, withPad: " ", startingAt: 0))"
                + String(
                    format: "%8.3f s  %8.0f ns per match  (%d matched)", seconds, seconds / Double(count) * 1e9, found))
    }
    try measure("built-in matcher") { pattern, text in try builtIn[pattern].matchArguments(text) != nil }
    try measure("NSRegularExpression") { pattern, text in try icu[pattern].matchArguments(text) != nil }
    try measure("Swift Regex") { pattern, text in try swift[pattern].firstMatch(in: text) != nil }
}
