import FeedInfrastructure
import Foundation
import SpecKit

/// The one entry to the feed's specs for a runner: the step library, where the specs and fixtures are, and how
/// to make and tear down the world of one scenario.
///
/// ```swift
/// let library = FeedSpecs.library()
/// let world = try FeedSpecs.makeWorld(store: .sqlite)
/// defer { try? FeedSpecs.tearDown(world) }
/// ```
public enum FeedSpecs {
    /// Every store each scenario runs against, in the order cases are listed.
    public static let stores: [StoreKind] = StoreKind.allCases

    /// Makes the world of one scenario: a fresh store of `store` kind (a new temporary folder for the file and
    /// SQLite stores), the clock at `InMemoryClock.defaultStart`, a server that knows no address.
    ///
    /// Throws `StoreUnderTest.Failure`, naming the folder, when the store's temporary folder cannot be made.
    public static func makeWorld(
        store: StoreKind, fixtures: Fixtures = .sourceTree,
        temporaryRoot: URL = StoreUnderTest.defaultTemporaryRoot
    ) throws -> FeedWorld {
        try FeedWorld(store: store, fixtures: fixtures, temporaryRoot: temporaryRoot)
    }

    /// Removes what `makeWorld` made on disk. Throws `StoreUnderTest.Failure` naming the folder it cannot remove.
    public static func tearDown(_ world: FeedWorld) throws {
        try world.tearDown()
    }

    /// The specs folder: `$SPECKIT_SPECS`, else `Specs/` of the package this file is in.
    public static func specsDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        SpecsFolder.url(root: packageRoot, environment: environment)
    }

    /// The fixtures folder: `$FEED_SPECS_FIXTURES`, else `Fixtures/` of the package this file is in.
    public static func fixturesDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        Fixtures.defaultDirectory(environment: environment)
    }

    /// The package root of the source tree this module was built from: two folders above
    /// `Sources/FeedAcceptance/`.
    public static let packageRoot: URL = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private static let sourceFile = #filePath
}

extension FeedSpecs {
    /// A runner of the feed's specs against one store: the library, a fresh world per scenario, its teardown.
    ///
    /// ```swift
    /// let runner = FeedSpecs.runner(store: .sqlite, configuration: configuration)
    /// let summary = try await runner.run(paths: [FeedSpecs.specsDirectory().path], sink: sink)
    /// ```
    public static func runner(
        store: StoreKind, configuration: RunConfiguration = RunConfiguration(), fixtures: Fixtures = .sourceTree
    ) -> SpecRunner<FeedWorld> {
        SpecRunner(
            library: library(), configuration: configuration,
            makeWorld: { _ in try makeWorld(store: store, fixtures: fixtures) },
            tearDown: { world in try tearDown(world) })
    }
}
