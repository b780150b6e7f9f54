import FeedAcceptance
import Foundation
import SpecKitTesting
import Testing

/// The package this file is in: the specs and fixtures are read from its source tree at run time.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Every scenario of `Specs/` against every store.
let feedSpecs = SpecSuite(
    specs: FeedSpecs.specsDirectory(), packageRoot: packageRoot, variants: FeedSpecs.stores,
    library: FeedSpecs.library(), configurationKeys: ["store"]
) { store, _ in
    try FeedSpecs.makeWorld(store: store)
} tearDown: { world in
    try FeedSpecs.tearDown(world)
}

@Suite(.specReports(feedSpecs, title: "Feed acceptance specs"))
struct FeedSpecsTests {
    @Test("Feed specs", arguments: feedSpecs.cases)
    func scenario(_ spec: SpecCase) async {
        await feedSpecs.run(spec)
    }
}
