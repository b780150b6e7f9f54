// The feed's spec runner: the harness's command line with the feed's step library, its world, and `--store`.

import FeedAcceptance
import FeedInfrastructure
import SpecKitCommand

let command = SpecCommand(
    name: "feed-specs", title: "Feed specs", library: FeedSpecs.library(),
    variant: VariantOption(
        option: "store", values: StoreKind.allCases, default: .memory, help: "The cache every scenario runs against"),
    makeWorld: { store, _ in try FeedSpecs.makeWorld(store: store) },
    tearDown: { world in try FeedSpecs.tearDown(world) })
await command.main()
