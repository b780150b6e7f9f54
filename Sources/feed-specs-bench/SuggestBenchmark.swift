import Foundation
import StepSuggestions

/// `feed-specs-bench suggest [--rounds N]`: the did-you-mean of an undefined step (`StepSuggester`) against a
/// library shaped like the feed's (40 definitions, custom parameter types), for steps of growing length up to the
/// scored limit and past it (a 128 KB step), and for a spec set with thousands of used texts; prints the time per
/// step and the peak memory. Scoring is the text's length times the pattern's size, so the time per step grows
/// linearly with the step's length and stops at the limit.
func runSuggest(_ arguments: [String]) throws {
    let (_, named) = try options(arguments, allowed: ["--rounds"])
    let rounds = try integer(named, "--rounds", default: 200, minimum: 1)
    let suggester = StepSuggester(definitions: benchDefinitions, parameterTypes: benchParameterTypes)
    print(
        "did-you-mean against \(benchDefinitions.count) definitions; texts over "
            + "\(StepSuggester.maximumTextLength) scalars are not scored")
    print("step length (scalars)   time per step   suggestions")
    let typo = "the cache holds 3 imags saved 2 days ago"
    for length in [40, 125, 250, 500, 1_000, 1_001, 128 * 1_024] {
        var text = typo
        while text.unicodeScalars.count < length { text += " and more" }
        text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(length)))
        var found = 0
        let seconds =
            timed {
                for _ in 0..<(length > 10_000 ? max(rounds / 10, 1) : rounds) {
                    found = suggester.suggestions(for: text, rewriting: true).count
                }
            } / Double(length > 10_000 ? max(rounds / 10, 1) : rounds)
        print(
            String(length).padding(toLength: 24, withPad: " ", startingAt: 0)
                + String(format: "%10.3f ms", seconds * 1_000) + "   \(found)")
    }
    // A spec set of 5,000 distinct used texts, and 5,000 distinct undefined steps.
    var used: [(text: String, definition: Int)] = []
    for index in 0..<5_000 { used.append(("the cache holds \(index) images saved \(index % 9 + 1) days ago", 19)) }
    let withTexts = StepSuggester(
        definitions: benchDefinitions, parameterTypes: benchParameterTypes, usedTexts: used)
    var proposed = 0
    let many = timed {
        for index in 0..<5_000 {
            proposed += withTexts.suggestions(for: "the cache holds \(index) imags saved 2 days ago").count
        }
    }
    print(
        String(
            format: "5,000 undefined steps against 5,000 used texts: %.2f s (%.3f ms per step, %d proposed)",
            many, many / 5, proposed))
    print(String(format: "peak memory: %.1f MB", peakResidentMegabytes()))
}

private func timed(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

private let benchParameterTypes = [
    "duration": [#"\d+ (?:day|hour|minute|second)s?(?: (?:(?:plus|minus) )?\d+ (?:day|hour|minute|second)s?)*"#],
    "store": ["memory|file|sqlite"],
]

private let benchDefinitions: [StepSuggester.Definition] = [
    "the customer has connectivity", "the customer doesn't have connectivity", "the customer loses connectivity",
    "the app reads the photo list format", "the server offers the feed {string}",
    "the server answers with status {int} and the file {string}", "the server answers with status {int} and this feed:",
    "the feed is loaded from the server", "the photos are loaded from the server",
    "the server was asked for the feed once", "the maximum age of the cache is {duration}",
    "the cache is unreadable", "deleting the cache fails", "storing into the cache fails", "saving to the cache fails",
    "the app will be stopped between deleting the old feed and storing the new one",
    "the feed is loaded from the cache", "the app saves a feed of {int} image(s)", "the cache is validated",
    "the cache holds {int} image(s) saved {duration} ago", "the cache holds these images, saved {duration} ago:",
    "the cache still holds {int} image(s) saved {duration} ago", "the cache holds {int} image(s) saved just now",
    "the cache holds the {int} new image(s)", "the cache holds the {int} image(s) from the server",
    "the cache was saved just now", "saving succeeds", "saving fails because the old feed could not be deleted",
    "saving fails because the new feed could not be stored",
    "validation fails because the old feed could not be deleted", "the customer opens the feed",
    "the customer opens the feed again", "the app goes to the background", "the app shows {int} image(s)",
    "the app shows these images:", "the app shows the error message {string}", "none of them comes from the cache",
    "{int} image(s) is/are delivered", "no images are delivered", "the store is {store}",
].map { StepSuggester.Definition(source: $0, isRegularExpression: false) }
