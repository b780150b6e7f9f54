import Foundation
import Testing

@testable import SpecKitCommand

/// Where a package's command finds its specs when no path is given.
@Suite struct DefaultSpecsTests {
    /// A package folder with `Package.swift`, `Specs/` and `Sources/x-specs/main.swift`; and another, empty, folder.
    struct Layout {
        let root: URL
        let elsewhere: URL
        var main: String { root.appendingPathComponent("Sources/x-specs/main.swift").path }

        init() throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("specs-\(UUID().uuidString)")
            root = base.appendingPathComponent("Loans")
            elsewhere = base.appendingPathComponent("elsewhere")
            for folder in ["Specs", "Sources/x-specs"] {
                try FileManager.default.createDirectory(
                    at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            try Data("// swift-tools-version: 6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        }

        func remove() { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    }

    @Test func `from another folder, the specs beside the command's Package.swift, with uris from its root`() throws {
        let layout = try Layout()
        defer { layout.remove() }
        let found = SpecCommand<CartWorld, SingleVariant>.defaultSpecs(
            [:], origin: layout.main, workingFolder: layout.elsewhere.path)
        #expect(found.path == layout.root.appendingPathComponent("Specs").path)
        #expect(found.uriBase == layout.root.path)
    }

    @Test func `Specs in the working folder, then SPECKIT_SPECS, come first`() throws {
        let layout = try Layout()
        defer { layout.remove() }
        let local = SpecCommand<CartWorld, SingleVariant>.defaultSpecs(
            [:], origin: layout.main, workingFolder: layout.root.path)
        #expect(local.path == "Specs" && local.uriBase == nil)
        let chosen = SpecCommand<CartWorld, SingleVariant>.defaultSpecs(
            ["SPECKIT_SPECS": "Other"], origin: layout.main, workingFolder: layout.elsewhere.path)
        #expect(chosen.path == "Other" && chosen.uriBase == nil)
        let nowhere = SpecCommand<CartWorld, SingleVariant>.defaultSpecs(
            [:], origin: "/nonexistent/main.swift", workingFolder: layout.elsewhere.path)
        #expect(nowhere.path == "Specs" && nowhere.uriBase == nil)
    }
}
