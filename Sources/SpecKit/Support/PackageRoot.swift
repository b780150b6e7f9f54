import Foundation

/// The Swift package a source file belongs to: the folder above it holding `Package.swift`. The harness finds a
/// package's `Specs/` there, from the `#filePath` of the code that makes the suite or the command, so that
/// `swift test` and `swift run --package-path Shop shop-specs` read the same specs from any working folder.
package enum PackageRoot {
    /// The nearest folder above `filePath` that holds `Package.swift`, or nil (a binary built elsewhere, say).
    package static func above(_ filePath: String) -> URL? {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}

/// Where a package's specs are read from: `$SPECKIT_SPECS` when set, else the folder given (`Specs`), relative
/// paths taken from the package root. One reading of the variable for `swift test`, the package's command and the
/// feed's own helpers.
package enum SpecsFolder {
    /// The environment variable naming another specs folder.
    package static let variable = "SPECKIT_SPECS"

    /// `$SPECKIT_SPECS`, when set and not empty.
    package static func override(in environment: [String: String]) -> String? {
        environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The specs folder of the package at `root`: `$SPECKIT_SPECS`, else `specs`, a relative path under `root`.
    package static func url(_ specs: String = "Specs", root: URL, environment: [String: String]) -> URL {
        let path = override(in: environment) ?? specs
        return path.hasPrefix("/") ? URL(fileURLWithPath: path, isDirectory: true) : root.appendingPathComponent(path)
    }
}
