// swift-tools-version: 6.0
// A package whose steps fail in every way there is, run by `.ci/differential/run` under `swift test` and under its
// own command; the two message streams must tell every step the same way. `ROOT` is replaced by the checkout.
import PackageDescription

let package = Package(
    name: "Failures",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "ROOT")],
    targets: [
        .target(
            name: "FailureAcceptance",
            dependencies: [.product(name: "SpecKit", package: "NAME")]),
        .testTarget(
            name: "FailureSpecs",
            dependencies: ["FailureAcceptance", .product(name: "SpecKitTesting", package: "NAME")]),
        .executableTarget(
            name: "failure-specs",
            dependencies: ["FailureAcceptance", .product(name: "SpecKitCommand", package: "NAME")]),
    ]
)
