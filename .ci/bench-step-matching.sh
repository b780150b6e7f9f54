#!/usr/bin/env bash
# Measures step matching in SpecKit (CPU time of the process, since the machine is shared): 44,000 generated step texts against 40 step definitions, with the
# StepDefinitionIndex (built-in matcher) and, for comparison, every definition's regex run by
# NSRegularExpression and by Swift Regex. Builds a scratch release executable outside the repository.
# Usage: .ci/bench-step-matching.sh [scratch-dir]   (BENCH_INDEX_ONLY=1 skips the slow comparisons)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
scratch="${1:-${TMPDIR:-/tmp}/feedspecs-bench-step-matching}"
mkdir -p "$scratch/Sources/bench"

cat > "$scratch/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "bench",
    dependencies: [.package(name: "FeedSpecs", path: "$repo")],
    targets: [.executableTarget(name: "bench", dependencies: [.product(name: "SpecKit", package: "FeedSpecs")])]
)
EOF

cat > "$scratch/Sources/bench/main.swift" <<'EOF'
import Foundation
import SpecKit

/// CPU time of this process, which other processes on a shared machine disturb less than wall time.
func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

var wallTimes: [Double] = []

/// The CPU seconds `body` takes (its wall seconds are appended to `wallTimes`).
@MainActor func seconds(_ body: () throws -> Void) rethrows -> Double {
    let wallStart = DispatchTime.now().uptimeNanoseconds
    let start = cpuSeconds()
    try body()
    wallTimes.append(Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9)
    return cpuSeconds() - start
}

let unit = "(?:day|hour|minute|second)s?"
var registry = ParameterTypeRegistry()
try registry.define(ParameterType(
    name: "duration", regexp: "\\d+ \(unit)(?: \\d+ \(unit))*(?: minus \\d+ \(unit))?"
) { values in values[0] ?? "" })
try registry.define(ParameterType(name: "store", regexp: "memory|file|sqlite") { values in values[0] ?? "" })

let cucumberExpressions = [
    "a {store} store", "an empty cache", "the cache holds {int} images saved {duration} ago",
    "the cache holds {int} image(s)", "the cache is empty", "the cache is deleted",
    "the cache was saved {duration} ago", "the current date is {string}", "the remote feed returns {int} images",
    "the remote feed returns invalid data", "the remote feed fails with status {int}",
    "the remote feed is unreachable", "the remote photos return {int} photo(s)",
    "I load the feed", "I load the feed from the cache", "I validate the cache", "I save {int} images",
    "I wait {duration}", "the app enters the background", "the app launches", "the app launches offline",
    "the feed shows {int} images", "the feed shows no images", "the feed shows the error {string}",
    "the user sees {int} image(s) in/on the screen", "the cache should hold {int} images",
    "the cache should be empty", "the cache should be deleted", "no request is made to {string}",
    "a request is made to {string}", "the image {int} has the description {string}",
    "the image {int} has the location {string}", "the image {int} has no description",
    "the store is {word}", "the loader delivers {int} images", "the loader delivers an error",
    "the load completes", "{int} images were cached {duration} ago",
]
let regularExpressions = [#"^the (\d+)(?:st|nd|rd|th) image is selected$"#, #"^I scroll to the (top|bottom)$"#]

var index = StepDefinitionIndex()
let buildTime = try seconds {
    for source in cucumberExpressions { index.add(try CucumberExpression(source, registry: registry)) }
    for source in regularExpressions { index.add(try RegularExpression(source, registry: registry)) }
}

let durations = ["7 days", "6 days 23 hours 59 minutes 59 seconds", "7 days minus 1 second", "1 day", "30 seconds"]
let stores = ["memory", "file", "sqlite"]
let templates: [(Int) -> String] = [
    { "a \(stores[$0 % 3]) store" }, { _ in "an empty cache" },
    { "the cache holds \($0 % 20) images saved \(durations[$0 % 5]) ago" }, { "the cache holds \($0 % 3) image" },
    { _ in "the cache is empty" }, { "the cache was saved \(durations[$0 % 5]) ago" },
    { "the current date is \"2024-0\($0 % 9 + 1)-01\"" }, { "the remote feed returns \($0 % 50) images" },
    { "the remote feed fails with status \(400 + $0 % 100)" }, { _ in "I load the feed" },
    { _ in "I load the feed from the cache" }, { _ in "I validate the cache" }, { "I wait \(durations[$0 % 5])" },
    { "the feed shows \($0 % 10) images" }, { "the feed shows the error \"Error \($0 % 7)\"" },
    { "the user sees \($0 % 4) images on the screen" }, { "the image \($0 % 10) has the description \"d\($0)\"" },
    { "the store is \(stores[$0 % 3])" }, { "the \($0 % 30 + 1)th image is selected" },
    { "I scroll to the \($0 % 2 == 0 ? "top" : "bottom")" }, { "\($0 % 9) images were cached 8 days ago" },
    { "an undefined step number \($0)" },
]
let texts = (0..<44_000).map { templates[$0 % templates.count]($0 / templates.count) }

var matched = 0
var undefined = 0
var ambiguous = 0
var transformed = 0
let matchTime = try seconds {
    for text in texts {
        let matches = try index.matches(for: text)
        switch matches.count {
        case 0: undefined += 1
        case 1: matched += 1
        default: ambiguous += 1
        }
        if let match = matches.first {
            for argument in match.arguments {
                _ = try argument.value()
                transformed += 1
            }
        }
    }
}

var matchesOnly = 0
let matchOnlyTime = try seconds {
    for text in texts { matchesOnly += try index.matches(for: text).count }
}

let count = Double(texts.count)
print("definitions: \(index.count) (\(cucumberExpressions.count) Cucumber Expressions, \(regularExpressions.count) regexps)")
print(String(format: "index build: %.2f ms", buildTime * 1e3))
print("steps: \(texts.count) (matched \(matched), undefined \(undefined), ambiguous \(ambiguous)); arguments transformed: \(transformed)")
print(String(format: "StepDefinitionIndex.matches + transforms: %.3f s CPU (%.3f s wall), %.0f ns/step CPU",
    matchTime, wallTimes[wallTimes.count - 1], matchTime / count * 1e9))
print(String(format: "  of which StepDefinitionIndex.matches alone: %.0f ns/step CPU", matchOnlyTime / count * 1e9))
if ProcessInfo.processInfo.environment["BENCH_INDEX_ONLY"] != nil { exit(0) }

let patterns = try cucumberExpressions.map { try CucumberExpression($0, registry: registry).regexPattern }
    + regularExpressions
// The definition each step matches (nil when undefined), to time the engines alone, as with a perfect index.
let matchingDefinition = try texts.map { try index.matches(for: $0).first?.definition }

let foundation = try patterns.map { try NSRegularExpression(pattern: $0) }
var foundationMatches = 0
let foundationIdealTime = seconds {
    for (text, definition) in zip(texts, matchingDefinition) {
        guard let definition else { continue }
        let range = NSRange(location: 0, length: text.utf16.count)
        if let match = foundation[definition].firstMatch(in: text, range: range) {
            for group in 1..<match.numberOfRanges where match.range(at: group).location != NSNotFound {
                foundationMatches += 1
            }
        }
    }
}
let foundationAllTime = seconds {
    for text in texts {
        let range = NSRange(location: 0, length: text.utf16.count)
        for regex in foundation where regex.firstMatch(in: text, range: range) != nil {
            foundationMatches += 1
        }
    }
}
let swiftRegexes = try patterns.map { try Regex($0) }
var swiftMatches = 0
let swiftIdealTime = try seconds {
    for (text, definition) in zip(texts, matchingDefinition) {
        guard let definition else { continue }
        if let match = try swiftRegexes[definition].firstMatch(in: text) {
            swiftMatches += match.output.count
        }
    }
}
let sample = texts.prefix(4_400)
let swiftAllTime = try seconds {
    for text in sample {
        for regex in swiftRegexes where try regex.firstMatch(in: text) != nil {
            swiftMatches += 1
        }
    }
}

print(String(format: "NSRegularExpression, only the matching definition (a perfect index): %.0f ns/step CPU",
    foundationIdealTime / count * 1e9))
print(String(format: "NSRegularExpression, every definition: %.0f ns/step CPU", foundationAllTime / count * 1e9))
print(String(format: "Swift Regex, only the matching definition (a perfect index): %.0f ns/step CPU",
    swiftIdealTime / count * 1e9))
print(String(format: "Swift Regex, every definition (first %d steps): %.0f ns/step CPU",
    sample.count, swiftAllTime / Double(sample.count) * 1e9))
print("(\(foundationMatches + swiftMatches) matches and groups, so that nothing is optimised away)")
EOF

cd "$scratch"
if ! swift build -c release > build.log 2>&1; then cat build.log; exit 1; fi
"$scratch/.build/release/bench"
