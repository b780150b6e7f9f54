// swift-tools-version: 6.3
import PackageDescription

let package = Package(
    name: "FeedSpecs",
    platforms: [.macOS(.v15)],
    // What another package uses (the README's "Use it in your package"): step definitions and the runner, scenarios
    // as Swift Testing cases, the command line, and the reports with the Cucumber Messages they read. The rest is
    // this package's own: the feed, and the parts the harness is built from.
    products: [
        .library(name: "SpecKit", targets: ["SpecKit"]),
        .library(name: "SpecKitTesting", targets: ["SpecKitTesting"]),
        .library(name: "SpecKitCommand", targets: ["SpecKitCommand"]),
        .library(name: "SpecReports", targets: ["SpecReports"]),
        .library(name: "Messages", targets: ["Messages"]),
        .executable(name: "feed", targets: ["feed"]),
        .executable(name: "feed-specs", targets: ["feed-specs"]),
        .executable(name: "feed-specs-bench", targets: ["FeedSpecsBench"]),
    ],
    targets: [
        // The feed: domain, use cases, infrastructure and the headless app.
        .target(name: "Feed"),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "FeedInfrastructure", dependencies: ["Feed", "CSQLite"]),
        .target(name: "FeedApp", dependencies: ["Feed"]),
        .executableTarget(name: "feed", dependencies: ["Feed", "FeedApp", "FeedInfrastructure", "OptionParsing"]),
        // The crash-safety tests' helper: saves feeds in a loop until a test kills it. Built for the tests only.
        .target(name: "FeedStressSave", dependencies: ["Feed", "FeedInfrastructure", "OptionParsing"]),
        .executableTarget(name: "feed-stress-save", dependencies: ["FeedStressSave"]),
        // Stand-ins for the feed's boundaries (the stub HTTP client) that its tests and its acceptance world share;
        // never linked into `feed`.
        .target(name: "FeedTestDoubles", dependencies: ["Feed"]),

        // The harness: messages, Gherkin, matching and running, reports.
        .target(name: "Messages"),
        // Did-you-mean for undefined steps and mistyped options: one rule shared by the runner, the reports and
        // the language server (a leaf: Foundation only).
        .target(name: "StepSuggestions"),
        // The one command-line option parser of every executable (the feed's, the harness's, the bench's).
        .target(name: "OptionParsing", dependencies: ["StepSuggestions"]),
        .target(name: "Gherkin", dependencies: ["Messages"]),
        .target(name: "TagExpressions"),
        .target(name: "RegexEngine"),
        .target(name: "CucumberExpressions", dependencies: ["RegexEngine"]),
        .target(
            name: "SpecKit",
            dependencies: [
                "Gherkin", "Messages", "CucumberExpressions", "TagExpressions", "RegexEngine", "StepSuggestions",
                "OptionParsing",
            ]),
        .target(name: "SpecReports", dependencies: ["Messages", "StepSuggestions"]),
        .target(name: "SpecKitTesting", dependencies: ["SpecKit", "SpecReports", "Messages"]),
        .target(
            name: "SpecKitCommand",
            dependencies: [
                "SpecKit", "SpecReports", "Gherkin", "Messages", "StepSuggestions", "CucumberExpressions", "OptionParsing",
            ]),

        // The feed's acceptance specs and the command line.
        .target(
            name: "FeedAcceptance",
            dependencies: ["SpecKit", "Feed", "FeedApp", "FeedInfrastructure", "FeedTestDoubles"]),
        .executableTarget(
            name: "feed-specs", dependencies: ["FeedAcceptance", "FeedInfrastructure", "SpecKitCommand"]),
        .executableTarget(
            name: "FeedSpecsBench",
            dependencies: [
                "SpecKit", "Gherkin", "Messages", "CucumberExpressions", "RegexEngine", "StepSuggestions",
                "SpecReports", "SpecKitCommand", "OptionParsing",
            ],
            path: "Sources/feed-specs-bench"),

        // The feed's tests: one target per module, and the helpers they share (test data, a store spy, temporary
        // folders, a loopback HTTP server, the built executables).
        // What tests share: the official conformance data and the package's built executables; the feed's
        // stores, data and spies.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .target(
            name: "FeedTestSupport", dependencies: ["Feed", "FeedInfrastructure", "FeedTestDoubles", "TestSupport"],
            path: "Tests/FeedTestSupport"),
        .testTarget(name: "FeedTests", dependencies: ["Feed", "FeedTestDoubles", "FeedTestSupport"]),
        .testTarget(
            name: "FeedInfrastructureTests",
            dependencies: [
                "FeedInfrastructure", "Feed", "FeedApp", "FeedTestDoubles", "FeedTestSupport", "TestSupport", "CSQLite",
                "feed",
                "feed-stress-save", "FeedStressSave",
            ]),
        .testTarget(
            name: "FeedAppTests",
            dependencies: ["FeedApp", "Feed", "FeedInfrastructure", "FeedTestDoubles", "FeedTestSupport"]),
        .testTarget(
            name: "FeedCommandTests", dependencies: ["feed", "Feed", "FeedInfrastructure", "FeedTestSupport", "TestSupport"]),
        .testTarget(name: "MessagesTests", dependencies: ["Messages", "TestSupport"]),
        .testTarget(name: "StepSuggestionsTests", dependencies: ["StepSuggestions"]),
        .testTarget(name: "OptionParsingTests", dependencies: ["OptionParsing"]),
        .testTarget(name: "FeedSpecsBenchTests", dependencies: ["FeedSpecsBench", "SpecKit", "Gherkin", "Messages"]),
        .testTarget(name: "GherkinTests", dependencies: ["Gherkin", "Messages", "TestSupport"]),
        .testTarget(name: "RegexEngineTests", dependencies: ["RegexEngine"]),
        .testTarget(name: "CucumberExpressionsTests", dependencies: ["CucumberExpressions", "RegexEngine", "TestSupport"]),
        .testTarget(name: "TagExpressionsTests", dependencies: ["TagExpressions", "TestSupport"]),
        .testTarget(
            name: "SpecKitTests",
            dependencies: [
                "SpecKit", "Gherkin", "Messages", "CucumberExpressions", "TagExpressions", "RegexEngine", "TestSupport",
                "OptionParsing",
            ]),
        .testTarget(name: "SpecReportsTests", dependencies: ["SpecReports", "Messages", "TestSupport"]),
        .testTarget(
            name: "FeedSpecsTests",
            dependencies: [
                "SpecKitTesting", "SpecKit", "FeedAcceptance", "FeedInfrastructure", "Gherkin", "Messages",
                "CucumberExpressions",
            ]),
        .testTarget(name: "SpecKitTestingTests", dependencies: ["SpecKitTesting", "SpecKit", "Messages"]),
        .testTarget(name: "FeedSpecsCommandTests", dependencies: ["feed-specs", "TestSupport"]),
        .testTarget(
            name: "SpecKitCommandTests",
            dependencies: [
                "SpecKitCommand", "SpecKit", "SpecReports", "Gherkin", "Messages", "StepSuggestions", "OptionParsing",
                "TestSupport",
            ]),
    ]
)
