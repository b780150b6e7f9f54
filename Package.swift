// swift-tools-version: 6.3
import PackageDescription

let package = Package(
    name: "FeedSpecs",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Feed", targets: ["Feed"]),
        .library(name: "FeedInfrastructure", targets: ["FeedInfrastructure"]),
        .library(name: "FeedApp", targets: ["FeedApp"]),
        .library(name: "Messages", targets: ["Messages"]),
        .library(name: "Gherkin", targets: ["Gherkin"]),
        .library(name: "TagExpressions", targets: ["TagExpressions"]),
        .library(name: "CucumberExpressions", targets: ["CucumberExpressions"]),
        .library(name: "SpecKit", targets: ["SpecKit"]),
        .library(name: "SpecReports", targets: ["SpecReports"]),
        .library(name: "SpecKitTesting", targets: ["SpecKitTesting"]),
        .library(name: "SpecKitCommand", targets: ["SpecKitCommand"]),
        .executable(name: "feed", targets: ["feed"]),
        .executable(name: "feed-specs", targets: ["feed-specs"]),
        .executable(name: "feed-specs-bench", targets: ["feed-specs-bench"]),
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
        .target(name: "FeedSupport", dependencies: ["Feed", "FeedInfrastructure"]),
        .executableTarget(name: "feed", dependencies: ["Feed", "FeedApp", "FeedInfrastructure", "FeedSupport"]),

        // The harness: messages, Gherkin, matching and running, reports.
        .target(name: "Messages"),
        // Did-you-mean for undefined steps and mistyped options: one rule shared by the runner, the reports and
        // the language server (a leaf: Foundation only).
        .target(name: "StepSuggestions"),
        .target(name: "Gherkin", dependencies: ["Messages"]),
        .target(name: "TagExpressions"),
        .target(name: "RegexEngine"),
        .target(name: "CucumberExpressions", dependencies: ["RegexEngine"]),
        .target(
            name: "SpecKit",
            dependencies: [
                "Gherkin", "Messages", "CucumberExpressions", "TagExpressions", "RegexEngine", "StepSuggestions",
            ]),
        .target(name: "SpecReports", dependencies: ["Messages", "StepSuggestions"]),
        .target(name: "SpecKitTesting", dependencies: ["SpecKit", "SpecReports", "Messages"]),
        .target(
            name: "SpecKitCommand", dependencies: ["SpecKit", "SpecReports", "Gherkin", "Messages", "StepSuggestions"]),

        // The feed's acceptance specs and the command line.
        .target(
            name: "FeedAcceptance", dependencies: ["SpecKit", "Feed", "FeedApp", "FeedInfrastructure", "FeedSupport"]),
        .executableTarget(
            name: "feed-specs", dependencies: ["FeedAcceptance", "FeedSupport", "SpecKitCommand"]),
        .executableTarget(
            name: "feed-specs-bench",
            dependencies: [
                "SpecKit", "Gherkin", "Messages", "CucumberExpressions", "RegexEngine", "StepSuggestions",
                "SpecReports",
            ]),

        .testTarget(
            name: "FeedTests", dependencies: ["Feed", "FeedInfrastructure", "FeedApp", "FeedSupport", "CSQLite", "feed"]),
        .testTarget(name: "MessagesTests", dependencies: ["Messages"]),
        .testTarget(name: "StepSuggestionsTests", dependencies: ["StepSuggestions"]),
        .testTarget(name: "GherkinTests", dependencies: ["Gherkin", "Messages"]),
        .testTarget(
            name: "SpecKitTests",
            dependencies: ["SpecKit", "Gherkin", "Messages", "CucumberExpressions", "TagExpressions", "RegexEngine"]),
        .testTarget(name: "SpecReportsTests", dependencies: ["SpecReports", "Messages"]),
        .testTarget(
            name: "FeedSpecsTests",
            dependencies: ["SpecKitTesting", "SpecKit", "FeedAcceptance", "FeedSupport", "Gherkin", "Messages"]),
        .testTarget(name: "SpecKitTestingTests", dependencies: ["SpecKitTesting", "SpecKit", "Messages"]),
        .testTarget(name: "FeedSpecsCommandTests", dependencies: ["feed-specs"]),
        .testTarget(
            name: "SpecKitCommandTests",
            dependencies: ["SpecKitCommand", "SpecKit", "SpecReports", "Gherkin", "Messages", "StepSuggestions"]),
    ]
)
